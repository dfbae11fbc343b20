import type { FieldErrors } from '../../shared/api/common.schema';
import { pathOf, type Endpoint, type RequestOf, type ResponseOf } from '../../shared/api/endpoint';
import { timing } from '../../shared/constants';
import { isPublicPath, paths } from '../../shared/routes';
import { socketIdHeader } from '../../shared/realtime';
import { socketId } from '../state/realtime';
import { csrfToken } from '../state/session';

/**
 * What a call came to: its answer read by the endpoint's response schema; or why not: refused by the
 * server (its status, message and field errors when it gave them), unreachable (no answer in time), or
 * malformed (an answer outside the contract).
 */
export type CallResult<E extends Endpoint> =
  | { ok: true; status: number; data: ResponseOf<E> }
  | { ok: false; failure: 'refused' | 'unreachable' | 'malformed'; status: number; message: string | null; errors: FieldErrors; retryAfter: string | null };

type Scalar = string | number | boolean | null | undefined;
type Optional<T> = undefined extends T ? { [K in keyof T]?: T[K] } | undefined : T;
/** The parts of a request an endpoint takes; those it does not take are left out. */
export type CallInput<E extends Endpoint> = { params?: Optional<RequestOf<E>['params']>; query?: Optional<RequestOf<E>['query']>; body?: Optional<RequestOf<E>['body']> };

const failed = (failure: 'refused' | 'unreachable' | 'malformed', status: number, body?: unknown, retryAfter: string | null = null) => {
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
  return {
    ok: false as const,
    failure,
    status,
    message: typeof message === 'string' && message ? message : null,
    errors: errors && typeof errors === 'object' ? (errors as FieldErrors) : {},
    retryAfter,
  };
};

/**
 * Calls the trading API through the web tier (which adds the token from the session) as the endpoint
 * table describes it: the CSRF header on every call, this page's socket id so its own events are not
 * echoed back, the 15 s timeout (`timing.requestTimeoutMs`; docs/api-conventions.md#from-the-browser), and back to the login page on a 401 outside the public pages.
 * Never throws.
 */
export async function call<E extends Endpoint>(e: E, input: CallInput<E> = {}): Promise<CallResult<E>> {
  const url = pathOf(e, input.params as Record<string, Scalar> | undefined, input.query as Record<string, Scalar> | undefined);
  // Read, not followed: an effect that makes a call must not run again when the socket connects or the token turns.
  const socket = socketId.peek();
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF-Token': csrfToken.peek() };
  if (socket) headers[socketIdHeader] = socket;
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: e.method,
      credentials: 'same-origin',
      headers,
      body: input.body === undefined ? null : JSON.stringify(input.body),
      signal: AbortSignal.timeout(timing.requestTimeoutMs),
    });
  } catch {
    return failed('unreachable', 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && !isPublicPath(window.location.pathname)) window.location.assign(paths.login);
  if (!response.ok) return failed('refused', response.status, body, response.headers.get('retry-after'));
  const parsed = e.response ? e.response.safeParse(body) : { success: true as const, data: body };
  if (!parsed.success) return failed('malformed', response.status);
  return { ok: true, status: response.status, data: parsed.data as ResponseOf<E> };
}

/**
 * Sends a multipart upload to the endpoint with the same headers as `call`, reporting progress
 * (XMLHttpRequest reports it; fetch does not). Resolves with the answer read by the endpoint's schema;
 * rejects with the server's message, or `fallback` when it gave none.
 */
export function upload<E extends Endpoint>(e: E, form: FormData, { onProgress, fallback }: { onProgress: (percent: number) => void; fallback: string }): Promise<ResponseOf<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(e.method, pathOf(e));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', csrfToken.value);
    if (socketId.value) xhr.setRequestHeader(socketIdHeader, socketId.value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the fallback text.
      }
      const parsed = e.response?.safeParse(body);
      if (xhr.status === (e.status ?? 200) && parsed?.success) return resolve(parsed.data as ResponseOf<E>);
      reject(new Error(failed('refused', xhr.status, body).message ?? fallback));
    };
    xhr.onerror = () => reject(new Error(fallback));
    xhr.send(form);
  });
}
