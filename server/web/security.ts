import type { IncomingMessage } from 'node:http';
import { widgetHosts } from '../../shared/trading/terminal';
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import { csrfSync } from 'csrf-sync';
import { authTexts } from '../../shared/texts';
import type { SessionData } from './session';
import { permissionsPolicyHeader } from '../permissions-policy';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A fresh nonce per response for the CSP, available to views as `res.locals.cspNonce`. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

/** Both layouts of the trade room (docs/trade-room.md#terminals): `/mt4` and `/mt4-light`. */
const isTradeRoom = (req: IncomingMessage) => /^\/mt4(-light)?(\/|$|\?)/.test(req.url ?? '');

/** What every answer of the web tier carries, pages and API calls alike. */
const sharedHeaders = (https: boolean) =>
  ({
    crossOriginEmbedderPolicy: false,
    // No page of ours is framed, by us or anyone (the card provider's pages are visited, not embedded): the same word as frame-ancestors 'none'.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as const;

export function securityHeaders({ dev, https }: { dev: boolean; https: boolean }): RequestHandler {
  const headers = helmet({
    ...sharedHeaders(https),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The trade room's calendar, news and analysis panels embed TradingView: there, and only there, its embed scripts and frames.
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
          (req) => (isTradeRoom(req) ? `${widgetHosts.script}/external-embedding/` : "'self'"),
        ],
        frameSrc: [(req) => (isTradeRoom(req) ? widgetHosts.frames.join(' ') : "'self'")],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
  return (req, res, next) => headers(req, res, () => permissionsPolicyHeader(req, res, next));
}

/**
 * The API's answers through our proxy are data, never a document to run: a policy that allows nothing, with no nonce to
 * make. An answer that sets its own policy (a stored file's sandbox) keeps it.
 */
export function apiSecurityHeaders({ https }: { https: boolean }): RequestHandler {
  return helmet({ ...sharedHeaders(https), contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } });
}

export class CrossSiteRequest extends Error {
  readonly status = 403;
  constructor() {
    super(authTexts.crossSite);
  }
}

/**
 * Cookie-authenticated writes must come from our own pages: the browser's Sec-Fetch-Site, when sent,
 * must say same-origin, and an Origin header, when sent, must be ours. The CSRF token is checked next.
 */
export function sameOriginWrites({ publicOrigin }: { publicOrigin: string | undefined }): RequestHandler {
  return (req, _res, next) => {
    if (safeMethods.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') throw new CrossSiteRequest();
    const origin = req.get('origin');
    if (origin !== undefined) {
      const expected = publicOrigin ?? `${req.protocol}://${req.get('host')}`;
      if (origin !== expected) throw new CrossSiteRequest();
    }
    next();
  };
}

/** The synchronizer-token pattern: the token lives in the (signed) session and comes back in a header or form field. */
export const csrf = csrfSync({
  getTokenFromState: (req) => (req.session as SessionData | null)?.csrfToken,
  storeTokenInState: (req, token) => {
    // After a sign-out in the same request the session is null: start a fresh anonymous one.
    if (!req.session) req.session = {};
    (req.session as SessionData).csrfToken = token;
  },
  getTokenFromRequest: (req: Request) => {
    const header = req.get('x-csrf-token');
    if (header) return header;
    const field = (req.body as { _csrf?: unknown } | undefined)?._csrf;
    return typeof field === 'string' ? field : undefined;
  },
  size: 32,
  errorConfig: { statusCode: 403, message: authTexts.sessionExpired, code: 'EBADCSRFTOKEN' },
});
