/** Hydrate as soon as the runtime starts. */
export function whenLoaded(): Promise<void> {
  return Promise.resolve();
}
