import { Router } from 'express';
import type { TradingDeps } from '../deps';

/** Liveness (the process answers) and readiness (the database answers and we are not shutting down). */
export function healthRoutes({ database, isAcceptingWork }: TradingDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    if (isAcceptingWork && !isAcceptingWork()) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    try {
      await database.ping();
      res.json({ status: 'ready', database: database.driver });
    } catch (error) {
      req.log.warn({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'database unavailable' });
    }
  });
  return router;
}
