import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import compression from 'compression';
import { ErrorPage } from '../../views/pages/not-found';
import { requestLogger } from '../logger';
import { measureRequests, metricsEndpoint } from '../metrics';
import { publicDir } from '../paths';
import type { WebDeps } from './deps';
import { callContext } from './gate';
import { pageRoutes } from './pages.routes';
import { socketProxy } from './proxy';
import { apiLane } from './api-lane';
import { noteArrival, sendPage } from './render';
import { cspNonce, CrossSiteRequest, sameOriginWrites, securityHeaders } from './security';
import { cameOverPlainHttp, createTokenSealer, sessionMiddleware, sessionMisconfigured, sessionSetupProblem, upgradeToken } from './session';
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

  const https = deps.publicOrigin?.startsWith('https:') ?? false;
  const setupProblem = sessionSetupProblem({ httpsOrigin: https, trustProxy: deps.trustProxy });
  if (setupProblem) deps.logger.warn(setupProblem);
  const session = sessionMiddleware({ secret: deps.sessionSecret, maxAgeHours: deps.sessionMaxAgeHours, httpsOrigin: https, logger: deps.logger });

  app.use(requestLogger(deps.logger));
  app.use(measureRequests('web'));
  app.use(apiLane({ target: deps.api.baseUrl, inProcess: deps.api.inProcess, sealer, session, publicOrigin: deps.publicOrigin, https }));

  app.use((_req, res, next) => {
    res.locals.realtimeKey = deps.realtimeKey;
    next();
  });
  app.use(noteArrival);
  app.use(cspNonce);
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
  app.use(session);
  app.use(sameOriginWrites({ publicOrigin: deps.publicOrigin }));

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
  const proxySockets = socketProxy({
    target: deps.api.baseUrl,
    feedApiKey: deps.feedApiKey,
    publicOrigin: deps.publicOrigin,
    sessionToken: (req) => upgradeToken(req, deps.sessionSecret, sealer),
    logger: deps.logger,
  });
  // The API caps sockets per client address: it must see the browser's (as WEB_TRUST_PROXY believes it), never
  // this tier's own, nor a hop the browser made up (whatever X-Forwarded-For it sent is replaced).
  const clientAddress = clientAddressOf(deps.trustProxy);
  const handleUpgrade: typeof proxySockets = (req, socket, head) => {
    req.headers['x-forwarded-for'] = clientAddress(req);
    return proxySockets(req, socket, head);
  };
  return Object.assign(app, { handleUpgrade });
}
