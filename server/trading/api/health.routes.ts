import { Router, type Request, type Response } from 'express';
import type { TradingDeps } from '../deps';

/** How long a readiness check waits for the database or Redis: a load balancer's check must not hang. */
const checkTimeoutMs = 2_000;

const withinTimeout = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs).unref())]);

/** Liveness (the process answers) and readiness (the database and Redis answer, and we are not shutting down). */
export function healthRoutes({ database, isAcceptingWork, pingRedis }: TradingDeps): Router {
  const router = Router();
  /** What the last check found: a failure is logged when it starts, not on every check of the load balancer. */
  let lastProblem: string | undefined;
  const notReady = (req: Request, res: Response, status: string, error: unknown) => {
    if (lastProblem !== status) req.log.warn({ err: error }, `readiness check failed: ${status}`);
    lastProblem = status;
    res.status(503).json({ status });
  };
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req, res) => {
    if (isAcceptingWork && !isAcceptingWork()) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    try {
      await withinTimeout(database.ping());
    } catch (error) {
      notReady(req, res, 'database unavailable', error);
      return;
    }
    try {
      if (pingRedis) await withinTimeout(pingRedis());
    } catch (error) {
      notReady(req, res, 'redis unavailable', error);
      return;
    }
    if (lastProblem) req.log.info(`ready again after: ${lastProblem}`);
    lastProblem = undefined;
    res.json({ status: 'ready', database: database.driver, ...(pingRedis ? { redis: 'ok' } : {}) });
  });
  return router;
}
