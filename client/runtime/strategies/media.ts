/** When the media query matches (now, or later when the window changes). */
export function whenMedia(query: string): Promise<void> {
  return new Promise((resolve) => {
    const list = window.matchMedia(query);
    if (list.matches) {
      resolve();
      return;
    }
    const onChange = (event: MediaQueryListEvent) => {
      if (!event.matches) return;
      list.removeEventListener('change', onChange);
      resolve();
    };
    list.addEventListener('change', onChange);
  });
}
