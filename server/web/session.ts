import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import cookieSession from 'cookie-session';
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

export function sessionMiddleware({ secret, maxAgeHours, httpsOrigin }: { secret: string; maxAgeHours: number; httpsOrigin: boolean }): RequestHandler[] {
  return [
    cookieSession({
      name: sessionCookieName,
      keys: [secret],
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      maxAge: maxAgeHours * 3_600_000,
    }),
    (req, _res, next) => {
      // Secure whenever the site is served over TLS, even if the proxy in front is not trusted to say so.
      if (req.sessionOptions) req.sessionOptions.secure = req.secure || httpsOrigin;
      next();
    },
  ];
}

/** Seals secrets kept in the session cookie; each purpose gets its own key, so one kind cannot pass for another. */
export function createTokenSealer(secret: string, purpose: 'api-token' | 'signup-password' = 'api-token') {
  const key = Buffer.from(hkdfSync('sha256', secret, 'session-token-seal', purpose, 32));
  return {
    seal(token: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed: string): string | undefined {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSealer = ReturnType<typeof createTokenSealer>;

export function sessionOf(req: Request): SessionData {
  return (req.session ?? {}) as SessionData;
}

export function tokenOf(req: Request, sealer: TokenSealer): string | undefined {
  const sealed = sessionOf(req).t;
  return sealed ? sealer.open(sealed) : undefined;
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
export function signOut(req: Request): void {
  req.session = null;
}
