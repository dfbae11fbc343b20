import { useCallback, useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { requestJson } from './api';

/** How often a staff list is fetched again while the page is open (and on every return to the window). */
export const staffRefreshMs = 30_000;

/**
 * A list a staff page reads from `url` (`{ data: T[] }`): "Loading..." (null) until it arrives, `failed`
 * when the last fetch did not, fetched again every 30 s while the page is visible and whenever the window
 * regains focus. Only the newest fetch lands, so a late answer for an old `url` is dropped.
 */
export function useStaffList<T>(url: string, schema: z.ZodMiniType<{ data: T[] }>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const id = ++latest.current;
    const result = await requestJson<unknown>(url).catch(() => undefined);
    if (id !== latest.current) return;
    const parsed = schema.safeParse(result?.body);
    if (result?.ok && parsed.success) {
      setItems(parsed.data.data);
      setFailed(false);
    } else setFailed(true);
  }, [url, schema]);

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

/** A staff action's POST: the answer's body, or the message to show (a field's own 422 message first). */
export async function staffPost<T>(path: string, body: unknown, field = 'reason'): Promise<{ ok: true; body: T } | { ok: false; status: number; message: string }> {
  const result = await requestJson<T & { message?: unknown; errors?: Record<string, string[]> }>(path, { method: 'POST', body }).catch(() => undefined);
  if (result?.ok) return { ok: true, body: result.body };
  const fieldMessage = result?.body?.errors?.[field]?.[0];
  const message = typeof result?.body?.message === 'string' && result.body.message ? result.body.message : null;
  return { ok: false, status: result?.status ?? 0, message: fieldMessage ?? message ?? 'The request failed. Please try again.' };
}
