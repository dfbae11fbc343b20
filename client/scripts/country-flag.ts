/**
 * A country picker (`.country-select`) shows the chosen country's flag: each option carries its own in `data-flag`. A
 * phone's code field beside it (the select's id + `_code`) follows the country's calling code (`data-dial`) until the
 * customer types their own.
 */
for (const picker of document.querySelectorAll<HTMLElement>('.country-select')) {
  const select = picker.querySelector('select');
  const flag = picker.querySelector('img');
  if (!select) continue;
  const code = document.getElementById(`${select.id}_code`);
  const phoneCode = code instanceof HTMLInputElement ? code : null;
  phoneCode?.addEventListener('input', () => (phoneCode.dataset.typed = ''), { once: true });
  select.addEventListener('change', () => {
    const chosen = select.selectedOptions[0]?.dataset;
    if (flag && chosen?.flag) flag.src = chosen.flag;
    if (phoneCode && chosen?.dial && phoneCode.dataset.typed === undefined) phoneCode.value = chosen.dial;
  });
}
