import express, { type Express } from 'express';
import helmet from 'helmet';
import { requestLogger, type Logger } from '../logger';
import { permissionsPolicy } from '../permissions-policy';
import { apiErrors, apiRoutes } from './api-routes';
import type { SandboxCheckout } from './checkout';
import { messagePage } from './hosted-pages';
import { payRoutes } from './pay-routes';
import { stylesheet } from './styles';

/** The site's list of powerful features, none of them allowed: a card form needs no camera, clipboard, sound or fullscreen. */
export const sandboxPermissionsPolicy = permissionsPolicy.replace(/=\(self\)/g, '=()');

/** The payments sandbox's HTTP app: the merchant API under /v1 and the hosted checkout pages, on an origin of its own. */
export function createSandboxApp({
  checkout,
  apiKey,
  merchantName,
  publicUrl,
  https,
  logger,
}: {
  checkout: SandboxCheckout;
  apiKey: string;
  merchantName: string;
  /** Known once the server listens (its port may be any free one). */
  publicUrl: () => string;
  https: boolean;
  logger: Logger;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLogger(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], styleSrc: ["'self'"], formAction: ["'self'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      },
      // No page of the sandbox is framed (the merchant sends the browser here), as frame-ancestors 'none' says too.
      xFrameOptions: { action: 'deny' },
      // The pages' URLs carry the session id: no other site learns them from a Referer.
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: https ? undefined : false,
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Permissions-Policy', sandboxPermissionsPolicy);
    next();
  });

  app.get('/sandbox.css', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('css').send(stylesheet);
  });
  app.get('/', (_req, res) => {
    res.type('html').send(messagePage('Payments sandbox', 'A stand-in card payment provider for development and tests. Checkout pages are opened by the merchant, at /pay/<session>.'));
  });

  app.use('/v1', apiRoutes({ checkout, apiKey, publicUrl }), apiErrors);
  app.use(payRoutes({ checkout, merchantName }));

  app.use((_req, res) => {
    res.status(404).type('html').send(messagePage('Not found', 'There is no page here.'));
  });
  app.use(((error, req, res, _next) => {
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) req.log?.error({ err: error }, 'sandbox page failed');
    res
      .status(status)
      .type('html')
      .send(messagePage(status === 500 ? 'Something went wrong' : 'Bad request', status === 500 ? 'The sandbox failed to handle this request.' : 'The request could not be read.'));
  }) satisfies express.ErrorRequestHandler);
  return app;
}
