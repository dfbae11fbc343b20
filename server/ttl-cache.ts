/**
 * A value that is the same for everyone and read often (site settings, the catalogue), kept for `ttlMs`.
 * Concurrent misses share one load; failures are never cached; `refresh` loads afresh at once.
 */
export interface TtlCache<T, A> {
  get(arg: A): Promise<T>;
  refresh(arg: A): Promise<T>;
}

export function createTtlCache<T, A = void>(load: (arg: A) => Promise<T>, ttlMs: number): TtlCache<T, A> {
  let cached: { value: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;

  function loadShared(arg: A): Promise<T> {
    inFlight ??= load(arg)
      .then((value) => {
        cached = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    get(arg) {
      if (cached && Date.now() - cached.at < ttlMs) return Promise.resolve(cached.value);
      return loadShared(arg);
    },
    refresh(arg) {
      cached = undefined;
      return loadShared(arg);
    },
  };
}
