import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podman } from '../../../scripts/cluster/podman';
import { answers } from '../../../scripts/cluster/cluster';
import { apiOrigin, names, publicOrigin, readSecrets } from '../../../scripts/cluster/topology';
import type { Database } from '../../../server/trading/db/database';
import { openPostgres } from '../../../server/trading/db/postgres';
import { realtimeChannels, realtimeEvents } from '../../../shared/realtime';
import { auditLedger } from '../../support/money';
import { browserSession, echoFor } from '../../support/realtime';
import { faultTopology, leaderOf, leads, printFigures, seconds, sleep, startTimes, until, watchPrices } from '../support/cluster';
import { alwaysOpenAsset, auditOrders, makeCustomers, OrderLoad, type Customer, type LoadReport } from '../support/order-load';

/**
 * The cluster's faults (docs/operations.md#faults), on the topology `npm run cluster` starts, under a steady
 * load of orders from 50 customers through HAProxy: (a) the leading trading container killed, (b) a web
 * container killed under 200 sockets, (c) PostgreSQL restarted, (d) Redis down. scripts/test-faults.ts brings
 * the cluster up first and removes it after.
 */
const t = faultTopology();
const site = publicOrigin(t);
const api = apiOrigin(t);
let database: Database;
let customers: Customer[];
let assetId: number;

beforeAll(async () => {
  if (!(await answers(`${site}/readyz`))) throw new Error(`The cluster does not answer at ${site}: run it with scripts/test-faults.ts (npm run test:faults).`);
  database = await openPostgres({ url: t.databaseUrl, poolMax: 4 });
  customers = await makeCustomers(database, 50);
  assetId = await alwaysOpenAsset(database);
});

afterAll(async () => {
  await database?.close();
});

/** Orders lost, duplicated or half-written after a fault, and the ledger audit: all must be clean. */
async function expectNothingLost(report: LoadReport) {
  const audit = await auditOrders(database, customers, report);
  expect(report.serverErrors).toEqual([]);
  expect(audit).toMatchObject({ lost: 0, duplicates: 0, halfWritten: 0 });
  await auditLedger(database.db);
  return audit;
}

const restartIfStopped = async (name: string, port: number) => {
  if (podman(['inspect', '--format', '{{.State.Running}}', name]) !== 'true') podman(['start', name]);
  await until(`${name} ready again`, () => answers(`http://${t.bind}:${port}/readyz`), 90_000);
};

describe('the cluster under faults', () => {
  it('(a) when the leading trading container is killed -9, then prices and the engine move to the other within 10 s, and every acknowledged order is there exactly once', async () => {
    const leader = leaderOf(t);
    const index = t.ports.trading.findIndex((_, i) => names.trading(i) === leader);
    const other = names.trading(index === 0 ? 1 : 0);
    const prices = watchPrices(site);
    const load = new OrderLoad(api, customers, assetId);
    load.start();
    await sleep(4_000);
    const killedAt = Date.now();
    podman(['kill', '--signal', 'KILL', leader]);
    const ledAt = await until(`${other} leading`, () => leads(other), 20_000);
    const pricesAt = await until('prices moving again', () => prices.updatesSince(ledAt) >= 3, 20_000);
    const orderAt = await until('an order acknowledged after the kill', () => load.okSince(killedAt + 1_000) > 0, 20_000);
    await sleep(3_000);
    const report = await load.stop();
    prices.socket.close();
    const audit = await expectNothingLost(report);
    printFigures('(a) kill -9 of the leading trading container', {
      killed: leader,
      'new leader after': seconds(ledAt - killedAt),
      'prices moving after': seconds(pricesAt - killedAt),
      'orders flowing after': seconds(orderAt - killedAt),
      'orders acknowledged': audit.acknowledged,
      'orders lost': audit.lost,
      duplicates: audit.duplicates,
      'half-written': audit.halfWritten,
      answers: JSON.stringify(report.statuses),
    });
    expect(pricesAt - killedAt).toBeLessThanOrEqual(10_000);
    expect(ledAt - killedAt).toBeLessThanOrEqual(10_000);
    await restartIfStopped(leader, t.ports.trading[index]!);
  });

  it('(b) when a web container is killed, then ≥ 99 % of 200 sockets are back through the other within 10 s, and no event reaches the wrong user', async () => {
    const key = readSecrets(t).PUSHER_APP_KEY!;
    const people = customers.slice(0, 50);
    // 100 realtime sockets (two per customer, each on the customer's private trade channel) and 100 price sockets.
    const received = new Map<number, { accountIds: number[] }>();
    const echoes: { echo: ReturnType<typeof echoFor>; person: Customer }[] = [];
    for (const person of people) {
      const session = await browserSession(site, person);
      for (let copy = 0; copy < 2; copy += 1) {
        const echo = echoFor({ webUrl: site, webPort: t.ports.public }, session, key);
        const seen = received.get(person.userId) ?? { accountIds: [] };
        received.set(person.userId, seen);
        echo
          .private(realtimeChannels.trade(person.userId).replace(/^private-/, ''))
          .listen(`.${realtimeEvents.tradeUpdated}`, (event: { account_id: number }) => seen.accountIds.push(event.account_id));
        echoes.push({ echo, person });
      }
    }
    const feeds = Array.from({ length: 100 }, () => watchPrices(site));
    const connected = () => echoes.filter(({ echo }) => echo.connector.pusher.connection.state === 'connected').length + feeds.filter((f) => f.socket.connected).length;
    await until('200 sockets connected', () => connected() === 200, 30_000);

    const killed = names.web(0);
    const killedAt = Date.now();
    podman(['kill', '--signal', 'KILL', killed]);
    await sleep(1_500); // the sockets on it notice the cut
    const backAt = await until('≥ 99 % of sockets back', () => connected() >= 198, 30_000).catch(() => 0);
    const backWithin = backAt ? backAt - killedAt : Infinity;

    // Each customer orders once: their trade event must reach their two sockets, and nobody else's.
    const load = new OrderLoad(api, people, assetId, 60_000);
    load.start();
    await until('every customer ordered', () => load.okSince(killedAt) >= people.length, 30_000);
    await until('every socket got its event', () => people.every((p) => (received.get(p.userId)?.accountIds.length ?? 0) >= 2), 15_000).catch(() => 0);
    const report = await load.stop();
    const wrong = people.flatMap((p) => (received.get(p.userId)?.accountIds ?? []).filter((id) => id !== p.accountId));
    const delivered = people.filter((p) => (received.get(p.userId)?.accountIds.length ?? 0) >= 2).length;
    for (const { echo } of echoes) echo.disconnect();
    for (const feed of feeds) feed.socket.close();
    printFigures('(b) kill of a web container under 200 sockets', {
      killed,
      'sockets back (of 200)': connected(),
      'back within': Number.isFinite(backWithin) ? seconds(backWithin) : 'not within 30 s',
      'customers whose two sockets got their event': `${delivered} of ${people.length}`,
      'events to the wrong user': wrong.length,
    });
    expect(wrong).toEqual([]);
    expect(backWithin).toBeLessThanOrEqual(10_000);
    await expectNothingLost(report);
    await restartIfStopped(killed, t.ports.web[0]!);
  });

  it('(c) when PostgreSQL restarts, then requests fail with 503 and a clear message while it is down, no process exits, and everything resumes', async () => {
    const before = startTimes(t);
    const load = new OrderLoad(api, customers, assetId);
    load.start();
    await sleep(3_000);
    const downAt = Date.now();
    podman(['stop', '-t', '5', names.postgres]);
    await sleep(5_000);
    const during = await fetch(`${api}/api/v1/accounts`, { headers: { Authorization: `Bearer ${customers[0]!.token}`, Accept: 'application/json' } });
    const duringBody = (await during.json()) as { message?: string };
    const upAt = Date.now();
    podman(['start', names.postgres]);
    const orderAt = await until('orders acknowledged again', () => load.okSince(upAt) > 0, 60_000);
    await sleep(3_000);
    const report = await load.stop();
    const audit = await expectNothingLost(report);
    const after = startTimes(t);
    printFigures('(c) PostgreSQL restarted', {
      'down for': seconds(upAt - downAt),
      'answer while down': `${during.status} ${duringBody.message ?? ''}`,
      'orders flowing after it is back': seconds(orderAt - upAt),
      'processes restarted': Object.keys(before).filter((name) => before[name] !== after[name]).length,
      'orders acknowledged': audit.acknowledged,
      'orders lost': audit.lost,
      duplicates: audit.duplicates,
      answers: JSON.stringify(report.statuses),
    });
    expect(during.status).toBe(503);
    expect(duringBody.message).toMatch(/temporarily unavailable/i);
    expect(after).toEqual(before);
  });

  it('(d) when Redis is down, then the cluster answers 503 with a clear message instead of errors, no process exits, and it recovers by itself', async () => {
    const before = startTimes(t);
    const prices = watchPrices(site);
    const load = new OrderLoad(api, customers, assetId);
    load.start();
    await sleep(3_000);
    const downAt = Date.now();
    podman(['stop', '-t', '2', names.redis]);
    await sleep(5_000);
    const during = await fetch(`${api}/api/v1/accounts`, { headers: { Authorization: `Bearer ${customers[0]!.token}`, Accept: 'application/json' } });
    const duringBody = (await during.json()) as { message?: string };
    const upAt = Date.now();
    podman(['start', names.redis]);
    const readyAt = await until('the site ready again', () => answers(`${site}/readyz`), 60_000);
    const orderAt = await until('orders acknowledged again', () => load.okSince(upAt) > 0, 60_000);
    const pricesAt = await until('prices moving through the site again', () => prices.updatesSince(upAt) >= 3, 60_000);
    await sleep(2_000);
    const report = await load.stop();
    prices.socket.close();
    const audit = await expectNothingLost(report);
    const after = startTimes(t);
    printFigures('(d) Redis down', {
      'down for': seconds(upAt - downAt),
      'answer while down': `${during.status} ${duringBody.message ?? ''}`,
      'ready after it is back': seconds(readyAt - upAt),
      'orders flowing after': seconds(orderAt - upAt),
      'prices moving after': seconds(pricesAt - upAt),
      'processes restarted': Object.keys(before).filter((name) => before[name] !== after[name]).length,
      'orders acknowledged': audit.acknowledged,
      'orders lost': audit.lost,
      answers: JSON.stringify(report.statuses),
    });
    expect([200, 503]).toContain(during.status);
    expect(after).toEqual(before);
  });
});
