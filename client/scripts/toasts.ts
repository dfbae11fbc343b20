/** Toasts the server rendered (views/components/toasts.tsx): each closes after its time, or at once with its × button. */
for (const toast of document.querySelectorAll<HTMLElement>('li[data-toast]')) {
  const close = () => toast.remove();
  const button = toast.querySelector<HTMLButtonElement>('.toast-close');
  if (button) {
    button.hidden = false;
    button.addEventListener('click', close, { once: true });
  }
  window.setTimeout(close, Number(toast.dataset.toast));
}
