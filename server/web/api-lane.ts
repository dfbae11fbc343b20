import compression from 'compression';
import express, { type RequestHandler } from 'express';
import { apiPrefix } from '../../shared/api/endpoint';
import { timing } from '../../shared/constants';
import { apiProxy, broadcastingAuthPath, webhookProxy, type InProcessApi } from './proxy';
import { apiSecurityHeaders, csrf, sameOriginWrites } from './security';
import type { TokenSealer } from './session';

const isApiCall = (path: string) => path === apiPrefix || path.startsWith(`${apiPrefix}/`) || path === broadcastingAuthPath;

// Signing in, out or up through the proxy would hand page scripts a raw API token: /session and /signup do it instead.
// Only the calls that answer without a token pass (the e-mail check and password recovery).
const tokenFree = new Set(['/check-email', '/forgot-password', '/reset-password']);
const onlyTokenFreeAuth: RequestHandler = (req, res, next) => {
  if (req.method === 'POST' && tokenFree.has(req.path)) return next();
  res.status(404).json({ message: 'Not Found.' });
};

/**
 * The calls our pages make to the trading API (`/api/v1/*`, `/broadcasting/auth`), taken before the page stack
 * (docs/access.md#api-proxy). They need the session, the same-origin and CSRF checks and the proxy; not a CSP nonce,
 * the pages' policy, the static folders or the page routes. Each is answered here (by the API, or refused).
 */
export function apiLane({
  target,
  inProcess,
  sealer,
  session,
  publicOrigin,
  https,
}: {
  target: string;
  /** The API's app in this process, handed each call instead of the proxy's socket. */
  inProcess: InProcessApi | undefined;
  sealer: TokenSealer;
  session: RequestHandler[];
  publicOrigin: string | undefined;
  https: boolean;
}): RequestHandler {
  const lane = express.Router();
  // Before the session and CSRF checks: a provider's webhook has neither, only its signature.
  lane.use(webhookProxy({ target, timeoutMs: timing.requestTimeoutMs }));
  lane.use(apiSecurityHeaders({ https }));
  // Reads (lists, the catalogue) are worth compressing; writes answer a few hundred bytes, below compression's threshold.
  const compress = compression();
  lane.use((req, res, next) => (req.method === 'GET' ? compress(req, res, next) : next()));
  lane.use(session);
  lane.use(sameOriginWrites({ publicOrigin }));
  lane.use(csrf.csrfSynchronisedProtection);
  lane.use(`${apiPrefix}/auth`, onlyTokenFreeAuth);
  lane.use(apiProxy({ target, inProcess, sealer, timeoutMs: timing.requestTimeoutMs }));
  return (req, res, next) => (isApiCall(req.path) ? lane(req, res, next) : next());
}
