import { pathOf, type Endpoint, type RequestOf, type ResponseOf } from '../../shared/api/endpoint';
import { api as endpoints } from '../../shared/api/endpoints';
import type { SiteSettings } from '../../shared/api/settings.schema';
import { timing } from '../../shared/constants';
import { Agent, request as httpRequest, type Dispatcher } from 'undici';
import { callInProcess } from './in-process-call';
import type { InProcessApi } from './proxy';

const headerOf = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

/** The trading API could not be reached, timed out, answered 5xx or answered outside the contract. */
export class UpstreamUnavailable extends Error {
  override name = 'UpstreamUnavailable';
}

/** Who the web tier is calling on behalf of, passed on so the API logs and rate-limits the real client. */
export interface CallContext {
  requestId: string;
  ip: string | undefined;
  userAgent?: string | undefined;
}

/**
 * An answer of the API: its success body read by the endpoint's response schema (and as it came, in the
 * wire's types, for a page that passes it on to its islands), or the refusal as it came (4xx).
 */
export type Answer<E extends Endpoint> = { ok: true; status: number; data: ResponseOf<E>; body: unknown } | { ok: false; status: number; body: unknown; retryAfter: string | null };

export type Forwarded = { ok: true; status: number; body: unknown } | { ok: false; status: number; body: unknown; retryAfter: string | null };

type Scalar = string | number | boolean | null | undefined;
/** What a call sends: the browser's API token when signed in, and the parts of the request the endpoint takes. */
export type RequestInput<E extends Endpoint> = { token?: string | undefined } & { [K in keyof RequestOf<E> as RequestOf<E>[K] extends undefined ? never : K]?: RequestOf<E>[K] };

/**
 * The web tier's only way to the data: the public HTTP contract of the trading API (the endpoint table),
 * so the API can be another process, another host or another implementation (`TRADING_API_URL`).
 */
export interface TradingClient {
  readonly baseUrl: string;
  /** The API's app when it runs in this process: the page's own calls (`/api/v1` from the browser) are handed to it. */
  readonly inProcess: InProcessApi | undefined;
  /** One call of the contract; no answer, a 5xx or an answer outside the contract throw `UpstreamUnavailable`. */
  request<E extends Endpoint>(e: E, input: RequestInput<E>, ctx: CallContext): Promise<Answer<E>>;
  /**
   * The same call, its success body passed on unread (in the wire's types) to a page's islands, which read
   * it with the endpoint's schema themselves: reading the catalogue here too cost ~1.5 ms a page.
   */
  forward<E extends Endpoint>(e: E, input: RequestInput<E>, ctx: CallContext): Promise<Forwarded>;
  /** The site settings, which every page needs: anything but a well-formed answer is `UpstreamUnavailable`. */
  settings(ctx: CallContext): Promise<SiteSettings>;
  ready(ctx: CallContext): Promise<boolean>;
}

export function createTradingClient({ baseUrl, timeoutMs = timing.requestTimeoutMs, inProcess }: { baseUrl: string; timeoutMs?: number; inProcess?: InProcessApi | undefined }): TradingClient {
  // undici's own request over kept-alive connections, not fetch: a page makes several calls, and fetch's WHATWG layers
  // cost about 0.6 CPU-ms more per call on this machine (client and server together 1.0-1.5 ms against 0.45-0.64 ms).
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 256, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const apiHost = new URL(baseUrl).host;
  /** The call in this process (one process: `inProcess`), as the API would have answered it over loopback. */
  async function answerInProcess(api: InProcessApi, call: { method: string; path: string; headers: Record<string, string>; body: string | undefined }, ctx: CallContext) {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const answer = await Promise.race([callInProcess(api, { ...call, client: { ip: ctx.ip ?? '127.0.0.1', protocol: 'http', host: apiHost } }), timedOut]);
      return { status: answer.status, retryAfter: headerOf(answer.headers['retry-after'] as string | string[] | undefined), read: () => JSON.parse(answer.body.toString('utf8')) as unknown };
    } finally {
      clearTimeout(timer);
    }
  }
  /** The call over HTTP (`TRADING_API_URL`, or the API's own port). */
  async function answerOverHttp(call: { method: string; path: string; headers: Record<string, string>; body: string | undefined }) {
    const response = await httpRequest(`${baseUrl}${call.path}`, { method: call.method as Dispatcher.HttpMethod, headers: call.headers, body: call.body ?? null, dispatcher });
    if (response.statusCode >= 500) await response.body.dump();
    return { status: response.statusCode, retryAfter: headerOf(response.headers['retry-after']), read: () => response.body.json() };
  }

  async function forward<E extends Endpoint>(e: E, input: RequestInput<E>, ctx: CallContext): Promise<Forwarded> {
    const { token, params, query, body } = input as { token?: string; params?: Record<string, Scalar>; query?: Record<string, Scalar>; body?: unknown };
    const headers: Record<string, string> = { accept: 'application/json', 'x-request-id': ctx.requestId };
    if (ctx.ip && !inProcess) headers['x-forwarded-for'] = ctx.ip;
    if (ctx.userAgent) headers['user-agent'] = ctx.userAgent;
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const call = { method: e.method, path: pathOf(e, params, query), headers, body: body === undefined ? undefined : JSON.stringify(body) };
    let answer: { status: number; retryAfter: string | null; read: () => unknown };
    try {
      answer = inProcess ? await answerInProcess(inProcess, call, ctx) : await answerOverHttp(call);
    } catch (error) {
      throw new UpstreamUnavailable(`trading API unreachable: ${(error as Error).message}`, { cause: error });
    }
    const { status } = answer;
    if (status >= 500) throw new UpstreamUnavailable(`trading API answered ${status} for ${e.method} ${e.path}`);
    const read: unknown = await Promise.resolve()
      .then(answer.read)
      .catch(() => null);
    if (status >= 300) return { ok: false, status, body: read, retryAfter: answer.retryAfter };
    return { ok: true, status, body: read };
  }

  async function request<E extends Endpoint>(e: E, input: RequestInput<E>, ctx: CallContext): Promise<Answer<E>> {
    const answer = await forward(e, input, ctx);
    if (!answer.ok) return answer;
    // An answer that breaks the contract is treated like no answer: the page shows Site Unreachable, never a 500.
    const parsed = e.response ? e.response.safeParse(answer.body) : { success: true as const, data: answer.body };
    if (!parsed.success) throw new UpstreamUnavailable(`trading API answered ${e.method} ${e.path} outside the contract`, { cause: parsed.error });
    return { ok: true, status: answer.status, data: parsed.data as ResponseOf<E>, body: answer.body };
  }

  return {
    baseUrl,
    inProcess,
    request,
    forward,
    async settings(ctx) {
      const answer = await request(endpoints.settings, {}, ctx);
      if (!answer.ok) throw new UpstreamUnavailable(`settings answered ${answer.status}`);
      return answer.data.data;
    },
    async ready(ctx) {
      try {
        const response = await httpRequest(`${baseUrl}/readyz`, { headers: { 'x-request-id': ctx.requestId }, dispatcher });
        await response.body.dump();
        return response.statusCode >= 200 && response.statusCode < 300;
      } catch {
        return false;
      }
    },
  };
}
