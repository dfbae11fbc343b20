import { useState } from 'react';

/** One action at a time: which one runs (by key, for its button's busy state), null when none. */
export function useBusy() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = (key: string, action: () => Promise<void>) => {
    setBusy(key);
    void action().finally(() => setBusy(null));
  };
  return { busy, run };
}
