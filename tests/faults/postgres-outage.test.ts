import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/texts';
import { openPostgres } from '../../server/trading/db/postgres';
import { prepareDatabase } from '../../server/trading/setup/prepare';
import { auditLedger } from '../support/money';
import { silentLogger } from '../support/trading';
import { assetId, clientTimeoutMs, OrderLoad, reckon, seconds, seedCustomers, sendOrder, signIn, statusCounts, type Customer, type SentOrder } from './support/orders';
import { answerOf, killHard, PrivatePostgres, startServer, stopGracefully, until, type Answer, type ServerProcess } from './support/processes';
import { sleep } from '../support/wait';
import { bearer } from '../support/bearer';

/**
 * Fault (c) in one process (docs/operations.md#faults): PostgreSQL stops the hard way (`pg_ctl stop -m immediate`) under a
 * steady load of orders from 50 customers, stays down ~5 s and starts again. While it is down the API
 * answers 503 with a clear message (never a 500, never slower than a client waits) and /readyz says
 * "database unavailable"; the process stays up and logs the outage once; afterwards orders succeed
 * again within seconds, the process leads the cluster again and prices move, and every acknowledged order
 * is in the database exactly once, the ledger audit clean.
 */
const pgPort = 5460;
const apiPort = '3535';
const customersCount = 50;
const downForMs = 5_000;

const probe = (what: string, url: string, init: RequestInit = {}) => answerOf(what, url, init, clientTimeoutMs);

/** The message a JSON answer carries (`message`, or `/readyz`'s `status`), else the text itself. */
function messageIn(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string; status?: string };
    return parsed.message ?? parsed.status ?? body;
  } catch {
    return body.slice(0, 120);
  }
}

const available = PrivatePostgres.available();

const countBy = (values: readonly string[]) => values.reduce<Record<string, number>>((counts, v) => ({ ...counts, [v]: (counts[v] ?? 0) + 1 }), {});

describe.skipIf(!available)('PostgreSQL stopped and started again under a trading process', () => {
  const postgres = new PrivatePostgres(pgPort);
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-pg-outage-'));
  let server: ServerProcess | undefined;
  let customers: Customer[];
  /** Probes the API while PostgreSQL is down; kept out of the reckoning (its orders are refused), not out of the ledger audit. */
  let prober: Customer;
  const databaseUrl = postgres.url('faults');

  beforeAll(async () => {
    await postgres.start();
    const admin = new pg.Client({ connectionString: postgres.url() });
    await admin.connect();
    await admin.query('create database faults');
    await admin.end();
    const seeding = await openPostgres({ url: databaseUrl, poolMax: 4 });
    await prepareDatabase(seeding, { seedDemo: 'never', logger: silentLogger });
    customers = await seedCustomers(seeding.db, customersCount);
    prober = (await seedCustomers(seeding.db, 1))[0]!;
    await seeding.close();
  });

  afterAll(async () => {
    // The server's log, kept for a look after a failure.
    if (server) writeFileSync(join(tmpdir(), 'faults-postgres-outage-server.log'), server.output());
    if (server) await killHard(server);
    postgres.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, stays up, and resumes with nothing lost or doubled', async () => {
    const started = await startServer({ env: { API_PORT: apiPort, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' } });
    server = started;
    const origin = started.apiOrigin;
    const leadLines = () => started.logLines().filter((l) => typeof l.msg === 'string' && l.msg.startsWith('leading the cluster')).length;
    await until(() => leadLines() === 1, 15_000, 'the process to lead');
    await signIn(origin, [...customers, prober]);
    const trader = prober;
    const btc = await assetId(origin, trader, 'BTCUSD');
    const order = () => ({ type: 'buy', id: btc, volume: '0.01', leverage: 2 });
    const auth = bearer(trader.token!);
    const btcRate = async () => {
      const res = await fetch(`${origin}/api/v1/assets`, { headers: auth, signal: AbortSignal.timeout(clientTimeoutMs) });
      if (!res.ok) return undefined;
      return ((await res.json()) as { data: { id: number; rate: string }[] }).data.find((a) => a.id === btc)?.rate;
    };

    const load = new OrderLoad(() => origin, customers, order);
    await until(() => load.acknowledged.length >= 200, 60_000, '200 acknowledged orders');
    const logLinesBefore = started.logLines().length;

    const stoppedAt = Date.now();
    postgres.stop('immediate');
    const probes: Answer[] = [];
    while (Date.now() - stoppedAt < downForMs) {
      probes.push(
        ...(await Promise.all([
          probe('GET /user', `${origin}/api/v1/user`, { headers: auth }),
          probe('POST /trades/store', `${origin}/api/v1/trades/store`, {
            method: 'POST',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...order(), order_id: `probe-${Date.now()}` }),
          }),
          probe('GET /readyz', `${origin}/readyz`),
        ])),
      );
      await sleep(250);
    }
    const aliveWhileDown = started.alive();
    await postgres.start();
    const restartedAt = Date.now();

    // Orders succeed again: the first acknowledged order sent after PostgreSQL was back.
    const ordersBack = await until(() => load.sent.some((s) => s.sentAt >= restartedAt && s.status === 201), 30_000, 'an order to succeed after the restart').catch((error: unknown) => {
      const since = load.sent.filter((s) => s.sentAt >= restartedAt);
      throw new Error(`${String(error)}; answers since: ${JSON.stringify(statusCounts(since))}, e.g. ${JSON.stringify(since.slice(-3).map((s) => s.message))}`);
    });
    const leadsAgain = await until(() => leadLines() === 2, 30_000, 'the process to lead the cluster again');
    const firstRate = await btcRate();
    const pricesMove = await until(async () => (await btcRate()) !== firstRate, 15_000, 'prices to move after the restart');
    await sleep(1_000);
    await load.stop();
    const readyAfter = await probe('GET /readyz', `${origin}/readyz`);

    // A client that got no answer, or a 5xx, sends the same order again under its order id.
    const unsure = load.sent.filter((s) => s.status === 'error' || s.status >= 500);
    const retried: SentOrder[] = await Promise.all(unsure.map((s) => sendOrder(origin, s.customer, order(), s.orderId)));
    const probeOrders = probes.filter((p) => p.what === 'POST /trades/store');

    const outageLog = started.logLines().slice(logLinesBefore);
    const outageLines = outageLog.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('database unavailable'));
    const requestErrorLines = outageLog.filter((l) => l.level === 50 && l.res !== undefined);
    const otherErrorLines = outageLog.filter((l) => (l.level as number) >= 50 && l.res === undefined);
    const stillAlive = started.alive();
    const stop = await stopGracefully(started);
    server = undefined;

    const checking = await openPostgres({ url: databaseUrl, poolMax: 2 });
    try {
      const answered = load.sent.filter((s) => s.status !== 'error' && s.status < 500);
      const reckoning = await reckon(checking, customers, [...answered, ...retried]);
      const whileDown = probes.filter((p) => p.at > stoppedAt + 500);
      const slowest = Math.max(...probes.map((p) => p.ms), ...load.sent.filter((s) => s.sentAt >= stoppedAt && s.sentAt < restartedAt).map((s) => s.ms));
      console.log(
        [
          '',
          '── fault (c): PostgreSQL stopped (immediate) for ~5 s under one trading process ──',
          `orders sent: ${load.sent.length} (${JSON.stringify(statusCounts(load.sent))}); probes while down: ${JSON.stringify(statusCounts(whileDown))}, slowest answer while down: ${slowest} ms`,
          `answers while down: ${[...new Set(whileDown.map((p) => `${p.what} ${p.status} "${messageIn(p.body)}"`))].join('; ')}`,
          `the process stayed up: ${aliveWhileDown && stillAlive ? 'yes' : 'NO'}; outage log lines: ${outageLines.length} ("database unavailable"), other error lines: ${otherErrorLines.length} (${JSON.stringify(countBy(otherErrorLines.map((l) => String(l.msg).slice(0, 40))))}), request logs at error level: ${requestErrorLines.length}`,
          `after the restart: orders succeed in ${seconds(ordersBack)}, leads again in ${seconds(leadsAgain)}, prices move ${seconds(pricesMove)} later; /readyz then ${readyAfter.status}`,
          `unanswered or 5xx orders retried under their order ids: ${retried.length} (${JSON.stringify(statusCounts(retried))})`,
          `orders acknowledged: ${reckoning.acknowledged}, lost: ${reckoning.lost}, duplicates: ${reckoning.duplicates}, half-written: ${reckoning.halfWritten}, trades stored: ${reckoning.tradesStored}`,
          `time to recover: ${seconds(ordersBack)} (PostgreSQL back to the first acknowledged order); graceful stop: ${seconds(stop.ms)}`,
          ...reckoning.problems.slice(0, 10),
          '',
        ].join('\n'),
      );

      expect(aliveWhileDown && stillAlive).toBe(true);
      expect(whileDown.length).toBeGreaterThan(10);
      // Never a 500 or a hang: every answer while down is a 503 with the clear message (the API) or "database unavailable" (readiness).
      for (const p of whileDown) {
        expect({ status: p.status, message: messageIn(p.body) }, JSON.stringify(p)).toEqual({ status: 503, message: p.what === 'GET /readyz' ? 'database unavailable' : authTexts.serviceUnavailable });
      }
      expect(load.sent.filter((s) => s.status === 500)).toEqual([]);
      expect(slowest).toBeLessThan(clientTimeoutMs);
      expect(probeOrders.some((p) => p.status === 503)).toBe(true);
      expect(outageLines.length).toBe(1);
      // The outage's own line, the lead lost, a failed try to lead again or two: not one line per failed request or job.
      expect(otherErrorLines.length).toBeLessThanOrEqual(5);
      expect(ordersBack).toBeLessThan(10_000);
      expect(readyAfter.status).toBe(200);
      expect(retried.filter((r) => r.status !== 201 && r.status !== 200)).toEqual([]);
      expect(stop).toMatchObject({ code: 0, killed: false });

      expect(reckoning.problems).toEqual([]);
      expect(reckoning).toMatchObject({ lost: 0, duplicates: 0, halfWritten: 0 });
      expect(reckoning.tradesStored).toBe(reckoning.acknowledged);
      await auditLedger(checking.db);
    } finally {
      await checking.close();
    }
  });
});
