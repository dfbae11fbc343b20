import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import compression from 'compression';
import { timing } from '../../shared/constants';
import { ErrorPage } from '../../views/pages/not-found';
import { requestLogger } from '../logger';
import { measureRequests, metricsEndpoint } from '../metrics';
import { publicDir } from '../paths';
import type { WebDeps } from './deps';
import { callContext } from './gate';
import { pageRoutes } from './pages.routes';
import { webhookProxy, apiProxy, socketProxy } from './proxy';
import { noteArrival, sendPage } from './render';
import { csrf, cspNonce, CrossSiteRequest, sameOriginWrites, securityHeaders } from './security';
import { cameOverPlainHttp, createTokenSealer, sessionMiddleware, sessionMisconfigured, sessionSetupProblem } from './session';
import type { CallContext } from './trading-client';
import { sessionRoutes } from './session.routes';
import { recoveryRoutes } from './recovery.routes';
import { signupRoutes } from './signup.routes';
import { createTtlCache } from '../ttl-cache';
import { clientAddressOf } from '../client-address';

/** The web tier: server-rendered pages with islands, the session, and the proxy to the trading API. Never listens itself. */
export type WebApp = Express & { handleUpgrade: ReturnType<typeof socketProxy> };

export function createWebApp(deps: WebDeps): WebApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);

  const sealer = createTokenSealer(deps.sessionSecret);
  const settings = createTtlCache((ctx: CallContext) => deps.api.settings(ctx), deps.settingsCacheMs);
  const gateDeps = { api: deps.api, settings, sealer, assets: deps.assets.assets };

  app.use(requestLogger(deps.logger));
  app.use((_req, res, next) => {
    res.locals.realtimeKey = deps.realtimeKey;
    next();
  });
  app.use(measureRequests('web'));
  app.use(noteArrival);
  app.use(cspNonce);
  const https = deps.publicOrigin?.startsWith('https:') ?? false;
  const setupProblem = sessionSetupProblem({ httpsOrigin: https, trustProxy: deps.trustProxy });
  if (setupProblem) deps.logger.warn(setupProblem);
  app.use(securityHeaders({ dev: deps.dev, https }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/metrics', metricsEndpoint({ token: deps.metricsToken }));
  app.get('/readyz', async (req, res) => {
    const ready = await deps.api.ready(callContext(req));
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'trading API unavailable' });
  });

  app.use(compression());
  // Before the session and CSRF checks: a provider's webhook has neither, only its signature.
  app.use(webhookProxy({ target: deps.api.baseUrl, timeoutMs: timing.requestTimeoutMs }));
  app.use(sessionMiddleware({ secret: deps.sessionSecret, maxAgeHours: deps.sessionMaxAgeHours, httpsOrigin: https, logger: deps.logger }));
  app.use(sameOriginWrites({ publicOrigin: deps.publicOrigin }));
  app.use(['/api/v1', '/broadcasting/auth'], csrf.csrfSynchronisedProtection);
  // Signing in, out or up through the proxy would hand page scripts a raw API token: /session and /signup do it instead.
  // Only the calls that answer without a token pass (the e-mail check and password recovery).
  const tokenFree = new Set(['/check-email', '/forgot-password', '/reset-password']);
  app.use('/api/v1/auth', (req, res, next) => {
    if (req.method === 'POST' && tokenFree.has(req.path)) return next();
    res.status(404).json({ message: 'Not Found.' });
  });
  // API calls go straight to the proxy, before the static folders (which would stat the disk for each).
  app.use(apiProxy({ target: deps.api.baseUrl, sealer, timeoutMs: timing.requestTimeoutMs }));

  const publicFiles = express.static(publicDir, { index: false, maxAge: '1h' });
  const files: RequestHandler = (req, res, next) => deps.assets.middleware(req, res, (error?: unknown) => (error ? next(error) : publicFiles(req, res, next)));
  // Built files have an extension and pages do not, so page requests skip the disk lookups (Vite's dev paths may have none).
  app.use(deps.dev ? files : (req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? files(req, res, next) : next()));

  app.use(sessionRoutes(gateDeps));
  app.use(signupRoutes({ ...gateDeps, draftSealer: createTokenSealer(deps.sessionSecret, 'signup-password') }));
  app.use(recoveryRoutes(gateDeps));
  app.use(pageRoutes(gateDeps));

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    // No session could be kept (an https site reached over plain http): the missing CSRF token is the server's fault, not an expired session.
    const misconfigured = (error as { code?: unknown }).code === 'EBADCSRFTOKEN' && cameOverPlainHttp(res);
    const status = misconfigured ? 503 : error instanceof CrossSiteRequest ? 403 : ((error as { status?: number }).status ?? 500);
    const known = misconfigured || (status >= 400 && status < 500);
    if (!known) req.log.error({ err: error }, 'unhandled error in web tier');
    if (res.headersSent) return;
    const message = misconfigured ? sessionMisconfigured : known ? (error as Error).message : 'Server Error';
    if (req.accepts(['html', 'json']) === 'json' || req.path.startsWith('/api/')) {
      res.status(status).json({ message });
      return;
    }
    if (known) {
      res.status(status).type('text').send(message);
      return;
    }
    sendPage(req, res, deps.assets.assets, { status: 500, title: 'Error', settings: null, body: () => <ErrorPage requestId={String(req.id)} /> });
  };
  app.use(onError);
  const proxySockets = socketProxy({ target: deps.api.baseUrl, feedApiKey: deps.feedApiKey, publicOrigin: deps.publicOrigin, logger: deps.logger });
  // The API caps sockets per client address: it must see the browser's (as WEB_TRUST_PROXY believes it), never
  // this tier's own, nor a hop the browser made up (whatever X-Forwarded-For it sent is replaced).
  const clientAddress = clientAddressOf(deps.trustProxy);
  const handleUpgrade: typeof proxySockets = (req, socket, head) => {
    req.headers['x-forwarded-for'] = clientAddress(req);
    return proxySockets(req, socket, head);
  };
  return Object.assign(app, { handleUpgrade });
}
