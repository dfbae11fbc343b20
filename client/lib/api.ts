import { isPublicPath, paths } from '../../shared/routes';
import { timing } from '../../shared/constants';
import { csrfToken } from '../state/session';
import { socketId } from '../state/realtime';

export interface ApiResult<T = unknown> {
  ok: boolean;
  status: number;
  body: T;
  headers: Headers;
}

/**
 * JSON requests to our own origin (the web tier, which adds the API token server-side): the CSRF
 * header on every request, the spec's 15 s timeout, and on a 401 outside public pages, back to login.
 */
export async function requestJson<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      'X-CSRF-Token': csrfToken.value,
      ...(socketId.value ? { 'X-Socket-Id': socketId.value } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    signal: AbortSignal.timeout(timing.requestTimeoutMs),
  });
  const body = (await response.json().catch(() => ({}))) as T;
  if (response.status === 401 && !isPublicPath(window.location.pathname)) {
    window.location.assign(paths.login);
  }
  return { ok: response.ok, status: response.status, body, headers: response.headers };
}
