import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export type { Logger };

export function createLogger({ level, name }: { level: string; name: string }): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  });
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's `X-Request-Id` when it is a plain token (the web tier's, passed on to the API), else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

/** Structured request logs with a request id that is taken from `X-Request-Id` or made here, and echoed back. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The load balancer asks every second: its checks would drown everything else.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    customLogLevel(_req, res, error) {
      // A 503 is an outage answered as one (the database or Redis away, a restart): the process logs the outage
      // itself once, so a line per refused request would only flood the log.
      if (res.statusCode === 503) return 'debug';
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'info';
      return 'debug';
    },
    serializers: {
      // Single-use links carry their token, and signed file links their signature, in the query: neither may outlive its use in a log file.
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.replace(/([?&](?:token|signature)=)[^&#]*/gi, '$1[redacted]') }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
