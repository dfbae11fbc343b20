import express, { type Express } from 'express';
import { requestLogger } from '../logger';
import { measureRequests, metricsEndpoint } from '../metrics';
import { adminRoutes } from './api/admin.routes';
import { chatRoutes } from './api/chat.routes';
import { autotraderRoutes } from './api/autotrader.routes';
import { advisorRoutes } from './api/advisors.routes';
import { broadcastingRoutes } from './api/broadcasting.routes';
import { authRoutes } from './api/auth.routes';
import { registrationRoutes } from './api/registration.routes';
import { recoveryRoutes } from './api/recovery.routes';
import { errorMiddleware, notFoundHandler } from './api/error-middleware';
import { healthRoutes } from './api/health.routes';
import { siteRoutes } from './api/site.routes';
import { tradingRoutes } from './api/trades.routes';
import { SignIns } from './auth/sign-ins';
import { createCatalogue } from './catalogue';
import { userRoutes } from './api/user.routes';
import type { TradingDeps } from './deps';

/** The trading API (client-spec §7 under /api/v1). Never listens itself: `server/main.ts` or a test does. */
export function createTradingApp(deps: TradingDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);
  app.set('etag', false);

  app.use(requestLogger(deps.logger));
  app.use(measureRequests('trading'));
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });

  const health = healthRoutes(deps);
  app.use(health);
  app.get('/metrics', metricsEndpoint({ token: deps.metricsToken }));

  const api = express.Router();
  api.use(express.json({ limit: '100kb' }));
  api.use(health);
  const apiDeps = { ...deps, catalogue: createCatalogue(deps.database.db), signIns: new SignIns(deps.database.db, deps.bus) };
  api.use(siteRoutes(apiDeps));
  api.use(tradingRoutes(apiDeps));
  api.use(authRoutes(apiDeps));
  api.use(registrationRoutes(apiDeps));
  api.use(recoveryRoutes(apiDeps));
  api.use(userRoutes(apiDeps));
  api.use(chatRoutes(apiDeps));
  api.use(advisorRoutes(apiDeps));
  api.use(autotraderRoutes(apiDeps));
  api.use(adminRoutes(apiDeps));
  api.use(broadcastingRoutes(apiDeps));
  app.use('/api/v1', api);
  // Laravel's path, where pusher-js posts by default (the web tier proxies it); also under /api/v1 above.
  app.use(broadcastingRoutes(apiDeps));

  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
}
