export const interactionEvents = ['pointerdown', 'pointerover', 'focusin', 'keydown', 'touchstart'] as const;

/** On the first sign the person is about to use the island: a pointer over or down, focus, a key. */
export function whenInteracted(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const controller = new AbortController();
    const done = () => {
      controller.abort();
      resolve();
    };
    for (const type of interactionEvents) {
      element.addEventListener(type, done, { once: true, passive: true, signal: controller.signal });
    }
  });
}
