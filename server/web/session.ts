import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { TrustProxy } from '../config';
import type { Logger } from '../logger';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cookieSession from 'cookie-session';
import Cookies from 'cookies';
import { LRUCache } from 'lru-cache';
import type { ToastInput } from '../../shared/page-state.schema';

/**
 * The session lives in a signed, httpOnly, SameSite=Lax cookie (Secure over TLS or when PUBLIC_ORIGIN is https).
 * It holds the API token sealed with AES-256-GCM, so even the cookie's owner never sees the token,
 * and the CSRF token. Nothing else: no password, no user record.
 */
export interface SessionData {
  /** The sealed API token. */
  t?: string;
  csrfToken?: string | null;
  /** A sign-up in progress (docs/access.md#sign-up-steps), kept here rather than in browser storage. */
  signup?: SignupDraft;
  /** Messages for the next page this browser opens, after a redirect (an account created, a password reset). */
  flash?: ToastInput[];
}

/** The registration draft: the password sealed like the API token, so even the cookie's owner cannot read it back. */
export interface SignupDraft {
  email: string;
  sealedPassword: string;
  /** The country slug the e-mail check suggested. */
  country: string;
  countryOfResidence?: string;
  nationality?: string;
  /** When step 1 passed (ms); a draft older than an hour is forgotten. */
  at: number;
}

export const sessionCookieName = 'session';

export function sessionMiddleware({ secret, maxAgeHours, httpsOrigin, logger }: { secret: string; maxAgeHours: number; httpsOrigin: boolean; logger: Pick<Logger, 'warn'> }): RequestHandler[] {
  let warned = false;
  return [
    cookieSession({
      name: sessionCookieName,
      keys: [secret],
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      maxAge: maxAgeHours * 3_600_000,
    }),
    (req, res, next) => {
      // Secure whenever the site is served over TLS. The cookie library will not send a Secure cookie on a request it
      // believes plain http, and drops it silently: say so (once) instead of letting every sign-in fail as "session expired".
      if (req.sessionOptions) req.sessionOptions.secure = req.secure || httpsOrigin;
      if (httpsOrigin && !req.secure) {
        res.locals[plainHttpFlag] = true;
        if (!warned) {
          warned = true;
          logger.warn({ forwardedProto: req.get('x-forwarded-proto') ?? null, remoteAddress: req.socket.remoteAddress }, plainHttpBehindHttpsOrigin);
        }
      }
      next();
    },
  ];
}

const plainHttpFlag = 'plainHttpBehindHttpsOrigin';

export const plainHttpBehindHttpsOrigin =
  'PUBLIC_ORIGIN is https but a request arrived over plain http: the Secure session cookie cannot be set, so every sign-in fails. ' +
  'The proxy in front must send X-Forwarded-Proto: https, and WEB_TRUST_PROXY must trust that proxy (see "Behind a proxy" in the README).';

/** Said to the browser instead of "session expired" when the session could not be kept for the reason above. */
export const sessionMisconfigured = 'This site is misconfigured: its proxy does not tell the server that the page was served over https, so no session can be kept. Please tell the site’s operator.';

/** Whether this request came over plain http to a site whose origin is https (no session cookie can be set on it). */
export const cameOverPlainHttp = (res: Response): boolean => res.locals[plainHttpFlag] === true;

/**
 * What makes the session cookie impossible on every request, known at start-up: an https origin while no proxy is
 * trusted to say the request came over TLS (this server speaks plain http only).
 */
export function sessionSetupProblem({ httpsOrigin, trustProxy }: { httpsOrigin: boolean; trustProxy: TrustProxy }): string | undefined {
  if (!httpsOrigin || (trustProxy !== false && trustProxy !== 0 && trustProxy !== '')) return undefined;
  return `PUBLIC_ORIGIN is https but WEB_TRUST_PROXY=${String(trustProxy)}: this server speaks plain http and believes no proxy's X-Forwarded-Proto, so the Secure session cookie is never set and every sign-in fails. Set WEB_TRUST_PROXY to the TLS-terminating proxy's address (and have it send X-Forwarded-Proto: https).`;
}

/** Seals secrets kept in the session cookie; each purpose gets its own key, so one kind cannot pass for another. */
export function createTokenSealer(secret: string, purpose: 'api-token' | 'signup-password' = 'api-token') {
  const key = Buffer.from(hkdfSync('sha256', secret, 'session-token-seal', purpose, 32));
  // Every call our pages make opens the session's token: remembered per sealed value, it is deciphered once per session
  // and process. The API checks the token on every call, so one remembered after its revocation opens nothing; a
  // sign-out here forgets it at once. Sealed passwords are never remembered.
  const opened = purpose === 'api-token' ? new LRUCache<string, string>({ max: rememberedTokens }) : undefined;
  const decipher = (sealed: string): string | undefined => {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  };
  return {
    seal(token: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed: string): string | undefined {
      const known = opened?.get(sealed);
      if (known !== undefined) return known;
      const token = decipher(sealed);
      if (token !== undefined) opened?.set(sealed, token);
      return token;
    },
    forget(sealed: string): void {
      opened?.delete(sealed);
    },
  };
}

/** Sessions whose token a web process keeps opened (a few MB at most). */
const rememberedTokens = 10_000;
export type TokenSealer = ReturnType<typeof createTokenSealer>;

export function sessionOf(req: Request): SessionData {
  return (req.session ?? {}) as SessionData;
}

export function tokenOf(req: Request, sealer: TokenSealer): string | undefined {
  const sealed = sessionOf(req).t;
  return sealed ? sealer.open(sealed) : undefined;
}

/**
 * The API token of the session an upgrade request carries (sockets pass no middleware), read from the signed cookie as
 * cookie-session writes it, with the same library and key; undefined without a validly signed session holding one.
 */
export function upgradeToken(req: IncomingMessage, secret: string, sealer: TokenSealer): string | undefined {
  // An upgrade has no response to write to: a bad signature's clearing cookie goes nowhere (the socket is not a page).
  const nowhere = { getHeader: () => undefined, setHeader: () => nowhere } as unknown as ServerResponse;
  const value = new Cookies(req, nowhere, { keys: [secret] }).get(sessionCookieName, { signed: true });
  if (!value) return undefined;
  try {
    const sealed = (JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as SessionData).t;
    return sealed ? sealer.open(sealed) : undefined;
  } catch {
    return undefined;
  }
}

export function signIn(req: Request, sealer: TokenSealer, token: string): void {
  const session = req.session as SessionData;
  session.t = sealer.seal(token);
  // A half-done sign-up's sealed password has no business staying in a signed-in session.
  delete session.signup;
}

/** Keeps a message for the next page (after a redirect), which shows it as a toast. */
export function flashNext(req: Request, toast: ToastInput): void {
  if (!req.session) req.session = {};
  const session = req.session as SessionData;
  session.flash = [...(session.flash ?? []), toast];
}

/** The messages kept for this page, forgotten once taken. */
export function takeFlash(req: Request): ToastInput[] {
  const session = req.session as SessionData | null | undefined;
  const flash = session?.flash ?? [];
  if (session?.flash) delete session.flash;
  return flash;
}

/** Forgets the token and the CSRF token: the next page starts a new anonymous session. */
export function signOut(req: Request, sealer: TokenSealer): void {
  const sealed = sessionOf(req).t;
  if (sealed) sealer.forget(sealed);
  req.session = null;
}
