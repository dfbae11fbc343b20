/** A country picker (`.country-select`) shows the chosen country's flag: each option carries its own in `data-flag`. */
for (const picker of document.querySelectorAll<HTMLElement>('.country-select')) {
  const select = picker.querySelector('select');
  const flag = picker.querySelector('img');
  if (!select || !flag) continue;
  select.addEventListener('change', () => {
    const src = select.selectedOptions[0]?.dataset.flag;
    if (src) flag.src = src;
  });
}
