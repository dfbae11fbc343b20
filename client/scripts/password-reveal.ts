/** Show/hide for a password field: `<button data-reveals="{input id}" hidden>`, shown once this runs. */
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-reveals]')) {
  const input = document.getElementById(button.dataset.reveals ?? '');
  if (!(input instanceof HTMLInputElement)) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    const reveal = input.type === 'password';
    input.type = reveal ? 'text' : 'password';
    button.setAttribute('aria-pressed', String(reveal));
    button.setAttribute('aria-label', reveal ? 'Hide password' : 'Show password');
    button.textContent = reveal ? 'Hide' : 'Show';
  });
}
