/** After the page has loaded, once the main thread is idle (or after `timeout` ms at the latest). */
export function whenIdle({ timeout = 2000 }: { timeout?: number } = {}): Promise<void> {
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout });
        else setTimeout(resolve, 200);
      }),
  );
}
