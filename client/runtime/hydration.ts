import { useEffect, type ReactNode } from 'react';

/**
 * Islands being hydrated: counted from the moment their strategies are met until React has committed them
 * (or they failed). The shared signals are seeded from the page before any island loads (client/state/seed.ts),
 * as the server rendered them; what changes them after (the price feed, the clock, the first fetches) starts
 * only once none is hydrating, so every island hydrates against the state its server HTML was rendered with.
 */
let hydrating = 0;
let waiting: (() => void)[] = [];

export function hydrationStarted(): () => void {
  hydrating += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    hydrating -= 1;
    if (hydrating > 0) return;
    const resolve = waiting;
    waiting = [];
    for (const release of resolve) release();
  };
}

/** Resolves when no island is between "its strategies are met" and "committed" (at once when none is). */
export function afterHydration(): Promise<void> {
  return hydrating === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}

/** Wraps an island's root: reports its first commit (effects run after the commit, children's first). */
export function Committed({ onCommit, children }: { onCommit: () => void; children?: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}
