/**
 * The roots `hydrateIsland` makes, for unit tests that hydrate islands with the real runtime: it keeps no handle on
 * them, so the test's `react-dom/client` mock records each one here and `unmountIslands` (./islands) ends them.
 * This module imports nothing, so the mock's factory can load it while react-dom/client itself is being resolved:
 *
 *   vi.mock('react-dom/client', async (original) => (await import('../support/hydrated-roots')).recordingRoots(await original()));
 *
 * (vi.mock belongs in the test file: Vitest hoists it there, above the imports.)
 */
export const hydratedRoots: { unmount(): void }[] = [];

export function recordingRoots<Client extends { hydrateRoot: (...args: never[]) => { unmount(): void } }>(client: Client): Client {
  const hydrateRoot = (...args: Parameters<Client['hydrateRoot']>) => {
    const root = client.hydrateRoot(...args);
    hydratedRoots.push(root);
    return root;
  };
  return { ...client, hydrateRoot };
}
