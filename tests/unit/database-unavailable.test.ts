import { describe, expect, it } from 'vitest';
import { DatabaseOutage, isDatabaseUnavailable, logJobFailure } from '../../server/trading/errors';
import { errorMiddleware } from '../../server/trading/api/error-middleware';
import { CommitUncertain } from '../../server/trading/engine/market-orders';
import { tradeTexts } from '../../shared/trading/texts';

/** What counts as the database being unreachable (a 503, one log line per outage), and what does not (a 500, logged each time). */
describe('isDatabaseUnavailable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5460')],
    ['an administrator shutdown (57P01)', coded('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', coded('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', coded('08006')],
    ['too many connections (53300)', coded('53300')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['the driver error wrapped by drizzle', new Error('Failed query: select 1', { cause: coded('ECONNREFUSED') })],
    ['a refused connect on several addresses', Object.assign(new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), {})],
  ])('%s is unavailability', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', coded('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', coded('42601')],
    ['a serialization failure (40001)', coded('40001')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a wrapped constraint error', new Error('Failed query', { cause: coded('23514') })],
    ['not an error at all', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('DatabaseOutage', () => {
  const recorder = () => {
    const lines: { level: 'error' | 'info'; message: string }[] = [];
    return {
      lines,
      error: (_fields: object, message: string) => void lines.push({ level: 'error', message }),
      info: (_fields: object, message: string) => void lines.push({ level: 'info', message }),
    };
  };

  it('logs an outage once when it begins, a reminder a minute, and once when the database answers again', () => {
    let now = 0;
    const outage = new DatabaseOutage(() => now);
    const log = recorder();
    for (let i = 0; i < 100; i += 1) {
      outage.failed(log, new Error('Connection terminated unexpectedly'), 'GET /api/v1/user');
      now += 100; // 100 failures over 10 s
    }
    expect(log.lines.map((l) => l.message)).toEqual([expect.stringMatching(/^database unavailable/)]);
    for (let i = 0; i < 60; i += 1) {
      now += 1_000;
      outage.failed(log, new Error('Connection terminated unexpectedly'), 'engine job failed');
    }
    expect(log.lines.map((l) => l.message)).toEqual([expect.stringMatching(/^database unavailable/), 'database still unavailable']);
    outage.answered(log);
    outage.answered(log);
    expect(log.lines.at(-1)).toEqual({ level: 'info', message: 'database reachable again' });
    expect(log.lines).toHaveLength(3);
  });

  it('tells its listeners once when an outage ends, not when the database answers outside one, and no more once they stop listening', () => {
    const outage = new DatabaseOutage(() => 0);
    const log = recorder();
    let heard = 0;
    const stop = outage.onRecovered(() => (heard += 1));
    outage.answered(log);
    expect(heard).toBe(0);
    outage.failed(log, new Error('Connection terminated unexpectedly'), 'engine job failed');
    outage.failed(log, new Error('Connection terminated unexpectedly'), 'engine job failed');
    outage.answered(log);
    outage.answered(log);
    expect(heard).toBe(1);
    stop();
    outage.failed(log, new Error('Connection terminated unexpectedly'), 'engine job failed');
    outage.answered(log);
    expect(heard).toBe(1);
  });

  it('logs a listener that throws and still tells the others', () => {
    const outage = new DatabaseOutage(() => 0);
    const log = recorder();
    let heard = 0;
    outage.onRecovered(() => {
      throw new Error('listener bug');
    });
    outage.onRecovered(() => (heard += 1));
    outage.failed(log, new Error('Connection terminated unexpectedly'), 'a');
    outage.answered(log);
    expect(heard).toBe(1);
    expect(log.lines.map((l) => l.message)).toContain('a listener to the end of a database outage failed');
  });

  it('takes a failure after 30 quiet seconds for a new outage even when nothing said the last one ended', () => {
    let now = 0;
    const outage = new DatabaseOutage(() => now);
    const log = recorder();
    outage.failed(log, new Error('x'), 'a');
    now += 10_000;
    outage.failed(log, new Error('x'), 'a');
    expect(log.lines).toHaveLength(1);
    now += 31_000;
    outage.failed(log, new Error('x'), 'a');
    expect(log.lines.map((l) => l.message)).toEqual([expect.stringMatching(/^database unavailable/), expect.stringMatching(/^database unavailable/)]);
  });
});

describe('logJobFailure', () => {
  it('logs any other failure of a job as its own error, every time', () => {
    const lines: string[] = [];
    const logger = { error: (_f: object, m: string) => void lines.push(m), info: () => undefined };
    logJobFailure(logger, new TypeError('bug'), 'writing candles failed');
    logJobFailure(logger, new TypeError('bug'), 'writing candles failed');
    expect(lines).toEqual(['writing candles failed', 'writing candles failed']);
  });
});

describe('the API answer to an order whose commit was cut off', () => {
  const answer = () => {
    const res = { statusCode: 0, headers: {} as Record<string, string>, body: undefined as unknown, headersSent: false };
    const chain = {
      status: (code: number) => ((res.statusCode = code), chain),
      set: (name: string, value: string) => ((res.headers[name] = value), chain),
      json: (body: unknown) => void (res.body = body),
    };
    const req = { method: 'POST', originalUrl: '/api/v1/trades/store', log: { error: () => undefined, warn: () => undefined, info: () => undefined } };
    errorMiddleware(new CommitUncertain(Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' })), req as never, Object.assign(chain, res) as never, () => undefined);
    return { ...res, status: res.statusCode };
  };

  it('says the order may have been placed and never invites a retry', () => {
    const seen = answer();
    expect(seen.status).toBe(503);
    expect(seen.body).toEqual({ message: tradeTexts.commitUncertain });
    expect(seen.headers['Retry-After']).toBeUndefined();
  });
});
