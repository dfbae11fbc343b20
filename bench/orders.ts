/**
 * Orders through the web tier's proxy (cookie session, CSRF header, bearer added by the proxy) into the
 * trading API, with autocannon: 10 connections, each its own customer with a fresh order id per
 * request. Beside it, a bare node:http stub answering the same POST in the same run. On PGlite, and
 * on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server where databases may be
 * created. Then, in process, the time to price and fill one order (quote to trade row).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '../server/trading/auth/passwords';
import type { Database } from '../server/trading/db/database';
import { openPglite } from '../server/trading/db/pglite';
import { openPostgres } from '../server/trading/db/postgres';
import { seedReferenceData } from '../server/trading/db/seed/reference';
import { createUser } from '../server/trading/db/users.repo';
import { postEntry } from '../server/trading/ledger/ledger';
import { tradingAccounts } from '../server/trading/db/schema';
import { and, eq } from 'drizzle-orm';
import { fmt, load, percentile, row, startServer, type LoadResult } from './support';

const traders = 10;
const password = 'bench-trader-1';
const sessionSecret = 'bench-session-secret-0123456789abcdef';

/** Ten customers with deep pockets, written before the server starts on the same database. */
async function seedTraders(database: Database): Promise<string[]> {
  await database.migrate();
  await seedReferenceData(database.db);
  const hash = await hashPassword(password);
  const emails: string[] = [];
  for (let i = 0; i < traders; i += 1) {
    const email = `bench-${i}@bench.test`;
    const user = await createUser(database.db, { email, passwordHash: hash, firstName: 'Bench', lastName: `Trader ${i}`, status: 'active', planSlug: 'premium' });
    const [live] = await database.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, user.id), eq(tradingAccounts.type, 'live')));
    await database.db.transaction((tx) => postEntry(tx, { accountId: live!.id, kind: 'deposit', amount: '1000000000.00', reference: 'bench' }));
    emails.push(email);
  }
  await database.close();
  return emails;
}

async function session(web: string, email: string): Promise<{ cookie: string; csrf: string }> {
  const page = await fetch(`${web}/`);
  let cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = /"csrfToken":"([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const res = await fetch(`${web}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrf, Cookie: cookie },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status}`);
  cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const dashboard = await fetch(`${web}/main/dashboard`, { headers: { Cookie: cookie } });
  return { cookie, csrf: /"csrfToken":"([^"]+)"/.exec(await dashboard.text())?.[1] ?? '' };
}

async function assetId(web: string, who: { cookie: string }, symbol: string): Promise<number> {
  const res = await fetch(`${web}/api/v1/assets`, { headers: { Cookie: who.cookie, Accept: 'application/json' } });
  const { data } = (await res.json()) as { data: { id: number; symbol: string }[] };
  return data.find((a) => a.symbol === symbol)!.id;
}

/** Orders through the proxy: each connection signs in as its own customer (autocannon's per-connection context). */
async function ordersThroughWeb(env: Record<string, string>, emails: string[]): Promise<LoadResult> {
  const server = await startServer({ SESSION_SECRET: sessionSecret, SEED_DEMO: 'never', ...env });
  try {
    const sessions = await Promise.all(emails.map((email) => session(server.url, email)));
    // Crypto trades around the clock, so the benchmark runs on any day.
    const btc = await assetId(server.url, sessions[0]!, 'BTCUSD');
    let next = 0;
    return await load({
      url: `${server.url}/api/v1/trades/store`,
      method: 'POST',
      connections: traders,
      requests: [
        {
          setupRequest: (request, context) => {
            const connection = context as { who?: { cookie: string; csrf: string } };
            connection.who ??= sessions[next++ % sessions.length]!;
            const who = connection.who;
            return {
              ...request,
              headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: who.cookie, 'X-CSRF-Token': who.csrf },
              body: JSON.stringify({ type: 'buy', id: btc, volume: '0.01', leverage: 2, order_id: randomUUID() }),
            };
          },
        },
      ],
    });
  } finally {
    await server.stop();
  }
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
    return await load({ url: `http://127.0.0.1:${port}/api/v1/trades/store`, method: 'POST', connections: traders, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'buy', id: 1, volume: '0.01' }) });
  } finally {
    server.close();
  }
}

export async function ordersBench(): Promise<void> {
  const rows: [string, LoadResult][] = [['bare node:http stub (peer)', await stub()]];

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  try {
    const emails = await seedTraders(await openPglite({ dataDir: join(dataDir, 'pglite') }));
    rows.push(['orders via web proxy, PGlite', await ordersThroughWeb({ DATA_DIR: dataDir }, emails)]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(join(tmpdir(), 'bench-orders-pg-'));
    try {
      const emails = await seedTraders(await openPostgres({ url: url.toString(), poolMax: 4 }));
      rows.push(['orders via web proxy, PostgreSQL', await ordersThroughWeb({ DATABASE_URL: url.toString(), DATA_DIR: pgDir, DATABASE_POOL_MAX: '20' }, emails)]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(pgDir, { recursive: true, force: true });
    }
  }

  console.log('\nOrders (POST /api/v1/trades/store, 10 customers, one connection each)');
  for (const [name, result] of rows) console.log(row(name, result));
  const peer = rows[0]![1].rps;
  for (const [name, result] of rows.slice(1)) console.log(`  ${name} / stub: ${fmt(result.rps / peer, 3)}x`);
  console.log(`  (latency percentiles above are per request; p50 of the stub ${percentile([rows[0]![1].p50], 50)} ms)`);
}
