import { useCallback, useEffect, useRef, useState } from 'react';
import { pathOf, type Endpoint, type ResponseOf } from '../../shared/api/endpoint';
import { call, type CallInput } from './call';

/** How often a staff list is fetched again while the page is open (and on every return to the window). */
export const staffRefreshMs = 30_000;

type Scalar = string | number | boolean | null | undefined;
/** An item of a list endpoint's `{ data: T[] }` answer. */
type ItemOf<E extends Endpoint> = ResponseOf<E> extends { data: (infer T)[] } ? T : never;

/**
 * A list a staff page reads from endpoint `e` with `query` (`{ data: T[] }`): "Loading..." (null) until it
 * arrives, `failed` when the last fetch did not, fetched again every 30 s while the page is visible and
 * whenever the window regains focus. Only the newest fetch lands, so a late answer for an old query is dropped.
 */
export function useStaffList<E extends Endpoint>(e: E, query?: CallInput<E>['query']) {
  const [items, setItems] = useState<ItemOf<E>[] | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  // The list's address stands for the endpoint and its query: the same query in a new object is the same list.
  const url = pathOf(e, {}, query as Record<string, Scalar> | undefined);

  const reload = useCallback(async () => {
    const id = ++latest.current;
    const result = await call(e, { query });
    if (id !== latest.current) return;
    if (result.ok) {
      setItems((result.data as { data: ItemOf<E>[] }).data);
      setFailed(false);
    } else setFailed(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `url` stands for the endpoint and its query (see above)
  }, [url]);

  useEffect(() => {
    setItems(null);
    setFailed(false);
    void reload();
    const timer = setInterval(() => document.visibilityState === 'visible' && void reload(), staffRefreshMs);
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [reload]);

  const retry = () => {
    setFailed(false);
    void reload();
  };
  return { items, setItems, failed, reload, retry };
}
