/**
 * The risk banner of the `td` screens (views/components/td-frame.tsx): on a phone it folds away to free
 * the screen and comes back with "Show risk warning" (CSS hides both buttons on wider screens).
 */
for (const banner of document.querySelectorAll<HTMLElement>('[data-risk-banner]')) {
  const dismiss = banner.querySelector<HTMLButtonElement>('.risk-banner-dismiss');
  const show = banner.querySelector<HTMLButtonElement>('.risk-banner-show');
  if (!dismiss || !show) continue;
  const fold = (folded: boolean) => {
    banner.toggleAttribute('data-dismissed', folded);
    dismiss.hidden = folded;
    show.hidden = !folded;
    // The pressed button is replaced by the other one: keyboard focus moves to it rather than to the page.
    (folded ? show : dismiss).focus();
  };
  dismiss.hidden = false;
  dismiss.addEventListener('click', () => fold(true));
  show.addEventListener('click', () => fold(false));
}
