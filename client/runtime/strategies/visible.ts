/**
 * When any of the island's children comes near the viewport. The island element itself is
 * `display: contents` and has no box, so its children are observed.
 */
export function whenVisible(element: HTMLElement, { rootMargin = '200px' }: { rootMargin?: string } = {}): Promise<void> {
  return new Promise((resolve) => {
    const targets = Array.from(element.children);
    if (targets.length === 0 || typeof IntersectionObserver !== 'function') {
      resolve();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin },
    );
    for (const target of targets) observer.observe(target);
  });
}
