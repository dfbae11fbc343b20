import { loginResponse, type LoginRequest, type LoginResponse } from '../../shared/api/auth.schema';
import { siteDataResponse, type SiteData } from '../../shared/api/data.schema';
import { settingsResponse, type SiteSettings } from '../../shared/api/settings.schema';
import { userResponse, type User } from '../../shared/api/user.schema';
import type { RegisterRequest } from '../../shared/api/registration.schema';
import { timing } from '../../shared/constants';

/** The trading API could not be reached, timed out or answered 5xx. */
export class UpstreamUnavailable extends Error {
  override name = 'UpstreamUnavailable';
}

/** Who the web tier is calling on behalf of, passed on so the API logs and rate-limits the real client. */
export interface CallContext {
  requestId: string;
  ip: string | undefined;
  userAgent?: string | undefined;
}

export type Authenticated<T> = { ok: true; value: T } | { ok: false; status: number; body: unknown; retryAfter: string | null };

/**
 * The web tier's only way to the data: the public HTTP contract of the trading API, so the API can be
 * another process, another host or another implementation (`TRADING_API_URL`).
 */
export interface TradingClient {
  readonly baseUrl: string;
  settings(ctx: CallContext): Promise<SiteSettings>;
  currentUser(token: string, ctx: CallContext): Promise<Authenticated<User>>;
  siteData(token: string, ctx: CallContext): Promise<Authenticated<SiteData>>;
  login(input: LoginRequest, ctx: CallContext): Promise<Authenticated<LoginResponse['data']>>;
  /** Sign-up's e-mail availability check, answered as the API answers it. */
  checkEmail(email: string, ctx: CallContext): Promise<{ status: number; body: unknown }>;
  /** Creates the account; the API's status and body as they are. */
  register(form: RegisterRequest, ctx: CallContext): Promise<{ status: number; body: unknown }>;
  /** Trades a single-use sign-in link's token for a session token. */
  autoLogin(token: string, ctx: CallContext): Promise<Authenticated<LoginResponse['data']>>;
  logout(token: string, ctx: CallContext): Promise<void>;
  ready(ctx: CallContext): Promise<boolean>;
}

export function createTradingClient({ baseUrl, timeoutMs = timing.requestTimeoutMs }: { baseUrl: string; timeoutMs?: number }): TradingClient {
  async function call(path: string, ctx: CallContext, init: { method?: string; token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': ctx.requestId };
    if (ctx.ip) headers['X-Forwarded-For'] = ctx.ip;
    if (ctx.userAgent) headers['User-Agent'] = ctx.userAgent;
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/v1${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new UpstreamUnavailable(`trading API unreachable: ${(error as Error).message}`, { cause: error });
    }
    if (response.status >= 500) throw new UpstreamUnavailable(`trading API answered ${response.status} for ${path}`);
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
  }

  /** An answer that breaks the contract is treated like no answer: the page shows Site Unreachable, never a 500. */
  function parsed<T>(path: string, body: unknown, parse: (body: unknown) => T): T {
    try {
      return parse(body);
    } catch (error) {
      throw new UpstreamUnavailable(`trading API answered ${path} outside the contract`, { cause: error });
    }
  }

  function authenticated<T>(path: string, result: Awaited<ReturnType<typeof call>>, parse: (body: unknown) => T): Authenticated<T> {
    if (result.status >= 200 && result.status < 300) return { ok: true, value: parsed(path, result.body, parse) };
    return { ok: false, status: result.status, body: result.body, retryAfter: result.retryAfter };
  }

  return {
    baseUrl,
    async settings(ctx) {
      const result = await call('/settings', ctx);
      if (result.status !== 200) throw new UpstreamUnavailable(`settings answered ${result.status}`);
      return parsed('/settings', result.body, (body) => settingsResponse.parse(body).data);
    },
    async currentUser(token, ctx) {
      return authenticated('/user', await call('/user', ctx, { token }), (body) => userResponse.parse(body).data);
    },
    async siteData(token, ctx) {
      return authenticated('/data', await call('/data', ctx, { token }), (body) => siteDataResponse.parse(body).data);
    },
    async login(input, ctx) {
      return authenticated('/auth/login', await call('/auth/login', ctx, { method: 'POST', body: input }), (body) => loginResponse.parse(body).data);
    },
    async checkEmail(email, ctx) {
      const { status, body } = await call('/auth/check-email', ctx, { method: 'POST', body: { email } });
      return { status, body };
    },
    async register(form, ctx) {
      const { status, body } = await call('/auth/register', ctx, { method: 'POST', body: form });
      return { status, body };
    },
    async autoLogin(token, ctx) {
      return authenticated('/auth/auto-login', await call('/auth/auto-login', ctx, { method: 'POST', body: { token } }), (body) => loginResponse.parse(body).data);
    },
    async logout(token, ctx) {
      await call('/auth/logout', ctx, { method: 'POST', token });
    },
    async ready(ctx) {
      try {
        const response = await fetch(`${baseUrl}/readyz`, { headers: { 'X-Request-Id': ctx.requestId }, signal: AbortSignal.timeout(timeoutMs) });
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}
