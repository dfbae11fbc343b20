import { useEffect, useState } from 'react';

/** False on the server and while hydrating, true once mounted: for what only the browser knows (its time zone, its stored choices), so hydration matches the server's HTML. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
