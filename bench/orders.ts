/**
 * Orders through the web tier's proxy (cookie session, CSRF header, bearer added by the proxy) into the
 * trading API, with autocannon: 50 connections, each its own customer with one order in flight and a
 * fresh order id per request (1,000 orders a second from 10 customers would be 100 a second each: no
 * customer trades like that). Through the proxy with both tiers in one process and with each tier its
 * own process, and straight to the API. Beside it, a bare node:http stub answering the same POST in the
 * same run. On PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server
 * where databases may be created. Then, in process, the time to price and fill one order.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../server/trading/auth/passwords';
import type { Database } from '../server/trading/db/database';
import { openPglite } from '../server/trading/db/pglite';
import { openPostgres } from '../server/trading/db/postgres';
import { seedReferenceData } from '../server/trading/db/seed/reference';
import { createUser } from '../server/trading/db/users.repo';
import { postEntry } from '../server/trading/ledger/ledger';
import { tradingAccounts } from '../server/trading/db/schema';
import { and, eq } from 'drizzle-orm';
import { benchPostgresUrl, benchTrading, deploymentSecrets, fmt, load, percentile, publicSite, row, browserSession, startServer, withScratchPostgres, type LoadResult } from './support';
import { marginFor } from '../shared/trading/account-maths';
import { openingPrice } from '../shared/trading/prices';
import { protectionProblems } from '../shared/trading/levels';
import { checkTerms } from '../server/trading/engine/orders';
import { executeMarketOrders } from '../server/trading/engine/market-orders';

const traders = 50;
const password = 'bench-trader-1';

/** The customers, with deep pockets, written before the server starts on the same database. */
async function seedTraders(database: Database): Promise<string[]> {
  await database.migrate();
  await seedReferenceData(database.db);
  const hash = await hashPassword(password);
  const emails: string[] = [];
  for (let i = 0; i < traders; i += 1) {
    const email = `bench-${i}@bench.test`;
    const user = await createUser(database.db, { email, passwordHash: hash, firstName: 'Bench', lastName: `Trader ${i}`, status: 'active', planSlug: 'premium' });
    const [live] = await database.db
      .select()
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.userId, user.id), eq(tradingAccounts.type, 'live')));
    await database.db.transaction((tx) => postEntry(tx, { accountId: live!.id, kind: 'deposit', amount: '1000000000.00', reference: 'bench' }));
    emails.push(email);
  }
  await database.close();
  return emails;
}

async function assetId(web: string, who: { cookie: string }, symbol: string): Promise<number> {
  const res = await fetch(`${web}/api/v1/assets`, { headers: { Cookie: who.cookie, Accept: 'application/json' } });
  const { data } = (await res.json()) as { data: { id: number; symbol: string }[] };
  return data.find((a) => a.symbol === symbol)!.id;
}

type Who = { cookie: string; csrf: string } | { token: string };

/** Orders from every customer, one connection each (autocannon's per-connection context), through the web proxy or straight to the API. */
async function orders(base: string, people: Who[], btc: number): Promise<LoadResult> {
  let next = 0;
  return load({
    url: `${base}/api/v1/trades/store`,
    method: 'POST',
    connections: traders,
    requests: [
      {
        setupRequest: (request, context) => {
          const connection = context as { who?: Who };
          connection.who ??= people[next++ % people.length]!;
          const who = connection.who;
          const auth = 'token' in who ? { Authorization: `Bearer ${who.token}` } : { Cookie: who.cookie, 'X-CSRF-Token': who.csrf };
          return {
            ...request,
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...auth },
            body: JSON.stringify({ type: 'buy', id: btc, volume: '0.01', leverage: 2, order_id: randomUUID() }),
          };
        },
      },
    ],
  });
}

async function signInAll(web: string, api: string, emails: string[]) {
  const sessions = await Promise.all(emails.map((email) => browserSession(web, { email, password })));
  const tokens = await Promise.all(
    emails.map(async (email) => {
      const res = await fetch(`${api}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
      return { token: ((await res.json()) as { data: { token: string } }).data.token };
    }),
  );
  return { sessions, tokens };
}

/**
 * On one database: through the web tier with both tiers in one process (`npm start`: each call handed to the API's app),
 * then straight to the API, then through the web proxy with each tier its own process (ROLE=web / ROLE=trading, as a
 * deployment on more than one core runs them).
 */
type Server = Awaited<ReturnType<typeof startServer>>;

/** The run's orders, and the CPU each named process spent on them, in ms per order. */
async function withCpu(processes: Record<string, Server>, run: () => Promise<LoadResult>): Promise<LoadResult & { cpuMsPerOrder: string }> {
  const before = Object.values(processes).map((p) => p.cpuSeconds());
  const result = await run();
  const spent = Object.entries(processes).map(([name, p], i) => `${name} ${fmt(((p.cpuSeconds() - before[i]!) * 1000) / result.total, 2)}`);
  return { ...result, cpuMsPerOrder: spent.join(', ') };
}

async function ordersEveryWay(env: Record<string, string>, emails: string[], label: string): Promise<[string, LoadResult][]> {
  const rows: [string, LoadResult][] = [];
  // On its own database the one process is a deployment too: it must know its origin.
  const server = await startServer({ SESSION_SECRET: deploymentSecrets.SESSION_SECRET, SEED_DEMO: 'never', ...(env.DATABASE_URL ? await publicSite() : {}), ...env });
  try {
    const { sessions, tokens } = await signInAll(server.url, server.api, emails);
    // Crypto trades around the clock, so the benchmark runs on any day.
    const btc = await assetId(server.url, sessions[0]!, 'BTCUSD');
    rows.push([`orders via web tier, one process (handed over), ${label}`, await withCpu({ process: server }, () => orders(server.url, sessions, btc))]);
    rows.push([`orders straight to the API, ${label}`, await withCpu({ process: server }, () => orders(server.api, tokens, btc))]);
  } finally {
    await server.stop();
  }
  const site = await publicSite();
  const common = { ...deploymentSecrets, SEED_DEMO: 'never', PUBLIC_ORIGIN: site.PUBLIC_ORIGIN, ...env };
  const trading = await startServer({ ...common, ROLE: 'trading' });
  const web = await startServer({ ...common, ...site, ROLE: 'web', TRADING_API_URL: trading.api });
  try {
    const { sessions } = await signInAll(web.url, trading.api, emails);
    const btc = await assetId(web.url, sessions[0]!, 'BTCUSD');
    rows.push([`orders via web proxy, tiers apart, ${label}`, await withCpu({ web, API: trading }, () => orders(web.url, sessions, btc))]);
  } finally {
    await web.stop();
    await trading.stop();
  }
  return rows;
}

async function stub(): Promise<LoadResult> {
  const body = JSON.stringify({ data: { id: 1, status: 'open' } });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await load({
      url: `http://127.0.0.1:${port}/api/v1/trades/store`,
      method: 'POST',
      connections: traders,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'buy', id: 1, volume: '0.01' }),
    });
  } finally {
    server.close();
  }
}

/** In process, no HTTP: the whole order (database included) on in-memory PGlite, and the pricing step alone. */
async function inProcess(): Promise<{ order: number[]; pricing: number[] }> {
  const database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  const user = await createUser(database.db, { email: 'inproc@bench.test', passwordHash: await hashPassword(password), firstName: 'In', lastName: 'Process', status: 'active', planSlug: 'premium' });
  const [live] = await database.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, user.id), eq(tradingAccounts.type, 'live')));
  await database.db.transaction((tx) => postEntry(tx, { accountId: live!.id, kind: 'deposit', amount: '1000000000.00', reference: 'bench' }));
  // The tier as a process composes it, leading with no jobs: nothing moves the prices while orders are timed.
  const { trading, close } = await benchTrading({ database, dayFigures: false, leaderJobs: [] });
  const { market, bus } = trading;
  const btc = market.instruments.find((i) => i.symbol === 'BTCUSD')!;
  const order = { side: 'buy' as const, assetId: btc.id, units: '0.01', leverage: 2 };
  const timesOrder: number[] = [];
  const timesPricing: number[] = [];
  for (let i = 0; i < 600; i += 1) {
    const start = performance.now();
    const [outcome] = await executeMarketOrders({ database, market, bus }, [{ userId: user.id, order, orderId: randomUUID(), classLeverage: 100 }]);
    if (!outcome?.ok) throw new Error(`in-process order failed: ${JSON.stringify(outcome?.refusal)}`);
    if (i >= 100) timesOrder.push(performance.now() - start);
  }
  for (let i = 0; i < 20_000; i += 1) {
    const start = performance.now();
    const quote = market.quotes.get(btc.id)!;
    const price = openingPrice({ side: 'buy', quote });
    checkTerms({ instrument: btc, units: order.units, leverage: order.leverage, classLeverage: 100, planLeverage: 200 });
    protectionProblems({ side: 'buy', price, takeProfit: null, stopLoss: null });
    marginFor({ units: order.units, price, leverage: order.leverage, conversion: market.conversion(btc.quoteCurrency, 'USD') });
    if (i >= 2_000) timesPricing.push(performance.now() - start);
  }
  await close();
  await database.close();
  return { order: timesOrder, pricing: timesPricing };
}

export async function ordersBench(): Promise<void> {
  const rows: [string, LoadResult][] = [['bare node:http stub (peer)', await stub()]];

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  try {
    const emails = await seedTraders(await openPglite({ dataDir: join(dataDir, 'pglite') }));
    rows.push(...(await ordersEveryWay({ DATA_DIR: dataDir }, emails, 'PGlite')));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = benchPostgresUrl();
  if (adminUrl) {
    await withScratchPostgres(adminUrl, 'orders', async (url, pgDir) => {
      const emails = await seedTraders(await openPostgres({ url, poolMax: 4 }));
      rows.push(
        ...(await ordersEveryWay(
          { DATABASE_URL: url, DATA_DIR: pgDir, DATABASE_POOL_MAX: '20', PAYMENTS_PROVIDER: 'sandbox', PUSHER_APP_SECRET: deploymentSecrets.PUSHER_APP_SECRET },
          emails,
          'PostgreSQL',
        )),
      );
    });
  }

  const local = await inProcess();
  console.log(`\nOrders (POST /api/v1/trades/store, ${traders} customers, one connection each, one order in flight per customer)`);
  for (const [name, result] of rows) console.log(row(name, result) + ('cpuMsPerOrder' in result ? `  CPU ms per order: ${String(result.cpuMsPerOrder)}` : ''));
  const peer = rows[0]![1].rps;
  for (const [name, result] of rows.slice(1)) console.log(`  ${name} / stub: ${fmt(result.rps / peer, 3)}x`);
  const ms = (values: number[], p: number) => fmt(percentile(values, p), 3);
  console.log(`  in process, whole order on in-memory PGlite      p50 ${ms(local.order, 50)} ms  p99 ${ms(local.order, 99)} ms`);
  console.log(`  in process, quote to fill price and checks only  p50 ${ms(local.pricing, 50)} ms  p99 ${ms(local.pricing, 99)} ms`);
}
