import express, { type Express } from 'express';
import { requestLogger } from '../../logger';
import { measureRequests, metricsEndpoint } from '../../metrics';
import { adminRoutes } from './admin.routes';
import { auditRoutes } from './audit.routes';
import { backOfficeRoutes } from './back-office.routes';
import { catalogueRoutes } from './catalogue.routes';
import { fundingRoutes } from './funding.routes';
import { customerFundingRoutes } from './customer-funding.routes';
import { sandboxChainRoutes } from './sandbox-chain.routes';
import { largeJsonBody, usualJsonBytes } from './multipart';
import { paymentWebhookRoutes } from './payment-webhook.routes';
import { instrumentsAdminRoutes } from './instruments-admin.routes';
import { financingRoutes } from './financing.routes';
import { conditionsRoutes } from './conditions.routes';
import { dividendsRoutes } from './dividends.routes';
import { staffAccountsRoutes } from './staff-accounts.routes';
import { chatRoutes } from './chat.routes';
import { autotraderRoutes } from './autotrader.routes';
import { advisorRoutes } from './advisors.routes';
import { broadcastingRoutes } from './broadcasting.routes';
import { authRoutes } from './auth.routes';
import { registrationRoutes } from './registration.routes';
import { recoveryRoutes } from './recovery.routes';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { healthRoutes } from './health.routes';
import { openApiRoutes } from './openapi.routes';
import { siteRoutes } from './site.routes';
import { tradingRoutes } from './trades.routes';
import { SignIns } from '../auth/sign-ins';
import { createReferenceData } from '../reference-data';
import { userRoutes } from './user.routes';
import { plansRoutes } from './plans.routes';
import { preferencesRoutes } from './preferences.routes';
import { savingsRoutes } from './savings.routes';
import { accountsRoutes } from './accounts.routes';
import { kycRoutes } from './kyc.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { profileRoutes } from './profile.routes';
import { dashboardRoutes } from './dashboard.routes';
import { refuseUnstorableText } from './validate';
import { accessGuards } from './endpoint-router';
import { apiPrefix } from '../../../shared/api/endpoint';
import type { TradingDeps } from '../deps';

/** The trading API under /api/v1 (`shared/api/endpoints.ts`). Never listens itself: the composition or a test does. */
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
  const apiDeps = { ...deps, referenceData: createReferenceData(deps.database.db), signIns: new SignIns(deps.database.db, deps.bus) };
  // Before the JSON parser: the provider's signature covers the raw body. So it is before the text guard below
  // too, and applies the same guard itself to the verified event (docs/funding.md#money-from-outside).
  api.use(paymentWebhookRoutes(deps));
  // The original client sends its profile photo inside `POST /update` as a data URL (at most 5 MB of image,
  // docs/customer-area.md#personal-information): read only for a signed-in customer, and as an upload (a place at the
  // gate, the minimum rate), so nobody makes us hold 7 MB bodies the upload routes would refuse.
  api.post('/update', ...accessGuards(apiDeps).customer, largeJsonBody(deps.uploadGate, { limit: 7 * 1024 * 1024 }));
  api.use(express.json({ limit: usualJsonBytes }));
  // No NUL (or half a surrogate pair) from a body, a query or a path reaches a route or the database.
  api.use(refuseUnstorableText);
  api.use(health);
  api.use(openApiRoutes());
  // Every back-office call is staff's, checked here too, so a path no route knows still answers 401/403 to others.
  api.use('/admin', ...accessGuards(apiDeps).staff);
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
  api.use(backOfficeRoutes(apiDeps));
  api.use(auditRoutes(apiDeps));
  api.use(fundingRoutes(apiDeps));
  api.use(customerFundingRoutes(apiDeps));
  api.use(sandboxChainRoutes(apiDeps));
  api.use(catalogueRoutes(apiDeps));
  api.use(instrumentsAdminRoutes(apiDeps));
  api.use(financingRoutes(apiDeps));
  api.use(conditionsRoutes(apiDeps));
  api.use(dividendsRoutes(apiDeps));
  api.use(plansRoutes(apiDeps));
  api.use(preferencesRoutes(apiDeps));
  api.use(savingsRoutes(apiDeps));
  api.use(accountsRoutes(apiDeps));
  api.use(kycRoutes(apiDeps));
  api.use(twoFactorRoutes(apiDeps));
  api.use(profileRoutes(apiDeps));
  api.use(dashboardRoutes(apiDeps));
  api.use(staffAccountsRoutes(apiDeps));
  api.use(broadcastingRoutes(apiDeps));
  app.use(apiPrefix, api);
  // Laravel's path, where pusher-js posts by default (the web tier proxies it); also under /api/v1 above.
  app.use(broadcastingRoutes(apiDeps));

  app.use(notFoundHandler);
  app.use(errorMiddleware);
  return app;
}
