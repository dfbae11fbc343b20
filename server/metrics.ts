import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** One registry per process: process metrics plus request durations labelled by tier and route. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by tier, method, route pattern and status',
  labelNames: ['tier', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
  registers: [metricsRegistry],
});

export function measureRequests(tier: 'web' | 'trading'): RequestHandler {
  return (req, res, next) => {
    const end = httpDuration.startTimer({ tier, method: req.method });
    res.on('finish', () => {
      // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      end({ route, status: String(res.statusCode) });
    });
    next();
  };
}

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics for scraping: with METRICS_TOKEN set, for whoever sends it as a bearer token;
 * without it, only for callers on this machine (the socket's address, not a forwarded one).
 */
export function metricsEndpoint({ token }: { token: string | undefined }): RequestHandler {
  return async (req, res) => {
    const bearer = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const allowed = token ? bearer !== undefined && sameSecret(bearer, token) : isLoopback(req.socket.remoteAddress);
    if (!allowed) {
      res.status(404).json({ message: 'Not Found.' });
      return;
    }
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  };
}
