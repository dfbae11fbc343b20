import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/trading/db/pglite';
import { prepareDatabase } from '../../server/trading/setup/prepare';
import { auditLedger } from '../support/money';
import { silentLogger } from '../support/trading';
import { assetId, OrderLoad, reckon, seconds, seedCustomers, sendOrder, signIn, statusCounts, type SentOrder } from './support/orders';
import { killHard, startServer, stopGracefully, until, type ServerProcess } from './support/processes';

/**
 * Fault (e) (docs/operations.md#faults): the single embedded-mode process (PGlite in DATA_DIR) is killed with SIGKILL while
 * 50 customers send market orders; started again on the same DATA_DIR it opens its data, and every order
 * that was acknowledged is there exactly once and whole (ledger and exposure audit clean). The orders
 * that got no answer are sent again with their order ids, as a client retries: each ends up once too.
 */
const apiPort = '3534';
const customersCount = 50;
const ordersBeforeKill = 400;

describe('embedded mode: kill -9 during orders, then a restart on the same DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-embedded-'));
  const env = { API_PORT: apiPort, DATA_DIR: dataDir };
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server) await killHard(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged order, writes none twice or by half, and reopens its data', async () => {
    const seeding = await openPglite({ dataDir: join(dataDir, 'pglite') });
    await prepareDatabase(seeding, { seedDemo: 'never', logger: silentLogger });
    const customers = await seedCustomers(seeding.db, customersCount);
    await seeding.close();

    const first = await startServer({ env });
    server = first;
    const origin = first.apiOrigin;
    await signIn(origin, customers);
    const btc = await assetId(origin, customers[0]!, 'BTCUSD');
    const order = () => ({ type: 'buy', id: btc, volume: '0.01', leverage: 2 });

    const load = new OrderLoad(() => origin, customers, order);
    await until(() => load.acknowledged.length >= ordersBeforeKill, 90_000, `${ordersBeforeKill} acknowledged orders`);
    const killStarted = Date.now();
    await killHard(first);
    const killedAt = Date.now();
    await load.stop();
    const inFlight = load.sent.filter((s) => s.status === 'error' && s.sentAt <= killStarted).length;
    expect(first.alive()).toBe(false);

    const second = await startServer({ env });
    server = second;
    const restartToReady = second.readyInMs;
    const killToReady = Date.now() - killedAt;

    // The orders that got no answer, sent again under their order ids (a client retrying after a lost answer).
    const unanswered = load.sent.filter((s) => s.status === 'error');
    const retried: SentOrder[] = await Promise.all(unanswered.map((s) => sendOrder(origin, s.customer, order(), s.orderId)));
    const after = await Promise.all(customers.slice(0, 10).map((c) => sendOrder(origin, c, order())));
    expect(retried.filter((r) => r.status !== 201 && r.status !== 200)).toEqual([]);
    expect(after.map((r) => r.status)).toEqual(after.map(() => 201));

    const stop = await stopGracefully(second);
    expect(stop).toMatchObject({ code: 0, killed: false });
    server = undefined;

    const reopened = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const answered = load.sent.filter((s) => s.status !== 'error');
      const reckoning = await reckon(reopened, customers, [...answered, ...retried, ...after]);
      const replayed = retried.filter((r) => r.tradeId !== undefined).length;
      console.log(
        [
          '',
          '── fault (e): kill -9 of the embedded process during orders ──',
          `customers: ${customersCount}, orders sent before the kill: ${load.sent.length} (${JSON.stringify(statusCounts(load.sent))}), in flight at the kill: ${inFlight}`,
          `orders acknowledged before the kill: ${load.acknowledged.length}; unanswered and retried with their order ids: ${unanswered.length} (${replayed} answered with a trade)`,
          `orders acknowledged in all: ${reckoning.acknowledged}, lost: ${reckoning.lost}, duplicates: ${reckoning.duplicates}, half-written: ${reckoning.halfWritten}, trades stored: ${reckoning.tradesStored}`,
          `time to recover: ${seconds(restartToReady)} (restart to ready; kill to ready ${seconds(killToReady)}; the first start took ${seconds(first.readyInMs)}); graceful stop after: ${seconds(stop.ms)}`,
          ...reckoning.problems.slice(0, 10),
          '',
        ].join('\n'),
      );
      expect(reckoning.problems).toEqual([]);
      expect(reckoning).toMatchObject({ lost: 0, duplicates: 0, halfWritten: 0 });
      expect(reckoning.tradesStored).toBe(reckoning.acknowledged);
      await auditLedger(reopened.db);
    } finally {
      await reopened.close();
    }
  });
});
