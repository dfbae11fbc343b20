import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per process (docs/metrics.md): process metrics, request durations, and the figures an
 * operator pages on (orders, the engine, sockets, the lead, the database pool, webhooks, Redis).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by tier, method, route pattern and status',
  labelNames: ['tier', 'method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
  registers,
});

/** When each request reached this process (for durations that start before the route runs, such as an order's). */
const arrivals = new WeakMap<Request, number>();

export function measureRequests(tier: 'web' | 'trading'): RequestHandler {
  return (req, res, next) => {
    arrivals.set(req, performance.now());
    const end = httpDuration.startTimer({ tier, method: req.method });
    res.on('finish', () => {
      // The matched route pattern keeps label cardinality bounded; unmatched paths share one label.
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      end({ route, status: String(res.statusCode) });
    });
    next();
  };
}

export type OrderKind = 'market' | 'pending' | 'close' | 'close_all' | 'modify' | 'modify_pending' | 'cancel_pending';
/** `done`, a refusal's kind (errors.ts: not_found, forbidden, invalid, conflict, requote, busy), or `failed` (a 5xx). */
export type OrderOutcome = 'done' | 'not_found' | 'forbidden' | 'invalid' | 'conflict' | 'requote' | 'busy' | 'failed';

const orderDuration = new Histogram({
  name: 'cfd_order_duration_seconds',
  help: 'Order calls (open market/pending, close, modify, cancel) from the request reaching the API to its outcome being known: committed to the database, or refused; by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

/** Observes one order call, timed from its request's arrival (or `fallbackStart`, performance.now(), when unknown). */
export function observeOrder(req: Request, fallbackStart: number, kind: OrderKind, outcome: OrderOutcome): void {
  orderDuration.observe({ kind, outcome }, (performance.now() - (arrivals.get(req) ?? fallbackStart)) / 1000);
}

/** Market orders are committed in batches (OrderDesk): one batch's execution, its transaction and commit included. */
export const orderBatchDuration = new Histogram({
  name: 'cfd_order_batch_seconds',
  help: 'Market order batches: time to execute and commit one batch (one transaction per batch, or per order when a batch is retried one by one), by outcome (committed or failed)',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const engineBatchDuration = new Histogram({
  name: 'cfd_engine_batch_seconds',
  help: "The trading engine's pass over one batch of quotes (trailing stops, TP/SL and pending-order triggers, margin screening): CPU time on the event loop; the database work it queues is cfd_engine_job_seconds",
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  registers,
});

export type EngineJobKind = 'close_on_level' | 'fill_pending' | 'margin_check' | 'trail_write' | 'reload_account';

export const engineJobDuration = new Histogram({
  name: 'cfd_engine_job_seconds',
  help: "The engine's database jobs (TP/SL closes, pending fills, margin checks and stop-outs, trailing-stop writes, account reloads), run one at a time: time each took, by kind and outcome (ok or failed)",
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

/** Runs an engine job, timing it; a failure is counted and thrown on. */
export async function timeEngineJob(kind: EngineJobKind, job: () => Promise<void>): Promise<void> {
  const end = engineJobDuration.startTimer({ kind });
  try {
    await job();
    end({ outcome: 'ok' });
  } catch (error) {
    end({ outcome: 'failed' });
    throw error;
  }
}

export const dbPoolAcquireDuration = new Histogram({
  name: 'cfd_db_pool_acquire_seconds',
  help: "PostgreSQL: time a query or transaction waited for a connection from this process's pool (a free one, a new one opened, or queued until one is released); PGlite has no pool and reports none",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export type WebhookFailure = 'refused' | 'failed';

const webhookFailures = new Counter({
  name: 'cfd_payment_webhook_failures_total',
  help: "Payment provider webhooks not applied, by provider and reason: refused (bad or missing signature, not the provider's event: answered 400) or failed (applying it threw: answered 5xx, the provider retries)",
  labelNames: ['provider', 'reason'] as const,
  registers,
});

export const countWebhookFailure = (provider: string, reason: WebhookFailure) => webhookFailures.inc({ provider, reason });

export const redisErrors = new Counter({
  name: 'cfd_redis_errors_total',
  help: "Errors the trading tier's Redis connection reported (refused or dropped connections while it reconnects); the bus and shared rate limits depend on it",
  registers,
});

/** Readings taken at scrape time from the objects that know (each tier in this process adds its own: tests compose several). */
export interface SampledGauge {
  /** Adds a reading; the returned function removes it again (when the tier closes). */
  add(read: () => number): () => void;
}

function sampledGauge(name: string, help: string, combine: 'sum' | 'max' = 'sum'): SampledGauge {
  const readings = new Set<() => number>();
  new Gauge({
    name,
    help,
    registers,
    collect() {
      const values: number[] = [];
      for (const read of readings) {
        try {
          values.push(read());
        } catch {
          // A reading that fails (its object closing) leaves the rest to report.
        }
      }
      this.set(values.length === 0 ? 0 : combine === 'sum' ? values.reduce((a, b) => a + b, 0) : Math.max(...values));
    },
  });
  return {
    add(read) {
      readings.add(read);
      return () => void readings.delete(read);
    },
  };
}

export const sampled = {
  feedClients: sampledGauge('cfd_feed_clients', 'Price feed (socket.io) clients connected to this process'),
  realtimeConnections: sampledGauge('cfd_realtime_connections', 'Realtime (Pusher protocol, /app/…) websocket connections open on this process'),
  leader: sampledGauge('cfd_cluster_leader', 'Whether this process leads the cluster and runs the leader jobs (prices, engine, candles, …): 1 or 0', 'max'),
  engineQueue: sampledGauge('cfd_engine_queued_jobs', "The engine's database jobs waiting or running on this process (0 on a follower)"),
  dbPoolConnections: sampledGauge('cfd_db_pool_connections', "PostgreSQL: connections open in this process's pool, idle and busy (0 on PGlite)"),
  dbPoolIdle: sampledGauge('cfd_db_pool_idle_connections', "PostgreSQL: idle connections in this process's pool (0 on PGlite)"),
  dbPoolMax: sampledGauge('cfd_db_pool_max_connections', "PostgreSQL: the most connections this process's pool opens (DATABASE_POOL_MAX; 0 on PGlite)"),
  dbPoolWaiting: sampledGauge('cfd_db_pool_waiting_requests', "PostgreSQL: queries and transactions queued for a connection because this process's pool is full (0 on PGlite)"),
};

const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** Headers a proxy adds: a request carrying any came through one, whatever address it arrived from. */
const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Without a token: a caller on this machine that came through no proxy (a proxy on the same host arrives over loopback too). */
const localAndDirect = (req: Request) => isLoopback(req.socket.remoteAddress) && forwardingHeaders.every((name) => req.headers[name] === undefined);

/**
 * Prometheus metrics for scraping: with METRICS_TOKEN set, for whoever sends it as a bearer token;
 * without it, only for callers on this machine that sent no forwarding header. A proxy on the same host
 * that adds none cannot be told from a local caller: deployments behind one set METRICS_TOKEN (config.ts).
 */
export function metricsEndpoint({ token }: { token: string | undefined }): RequestHandler {
  return async (req, res) => {
    const bearer = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    const allowed = token ? bearer !== undefined && sameSecret(bearer, token) : localAndDirect(req);
    if (!allowed) {
      res.status(404).json({ message: 'Not Found.' });
      return;
    }
    res.setHeader('Content-Type', metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  };
}
