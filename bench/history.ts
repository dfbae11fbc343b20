/**
 * A long-standing customer's signed-in reads: the user object (`loadProfile`, which every signed-in page asks for) and
 * the dashboard's reads, for a Live account whose closed trades and their P/L entries are spread over a year, at
 * 0, 1,000 and 10,000 of them. The peer, in the same run on the same rows: the trading record summed from the
 * history in one statement, as the user object read it before `account_records` kept it. On PGlite, and on PostgreSQL
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/trading/db/database';
import { dailyBalances, dailyRealizedPnl, latestMovements } from '../server/trading/db/dashboard.repo';
import { tradesPage } from '../server/trading/db/trades.repo';
import { loadProfile } from '../server/trading/db/users.repo';
import { onBothDatabases } from './support';

const historySizes = [0, 1_000, 10_000];
const rounds = 200;
const ms = (value: number) => `${value.toFixed(2).padStart(6)} ms`;

/** Mean milliseconds of `read` over `rounds` calls, after a warm-up. */
async function msPerCall(read: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await read();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await read();
  return (performance.now() - started) / rounds;
}

/** One customer with a Live account; its id and the account's. */
async function customer({ db }: Database): Promise<{ userId: number; accountId: number }> {
  const run = async <T>(text: string) => (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
  const [user] = (
    await run<{ id: number }>(`insert into users (first_name, last_name, email, password_hash, role, status) values ('Long', 'Standing', 'long@bench.test', 'x', 'customer', 'active') returning id`)
  ).rows;
  const [account] = (await run<{ id: number }>(`insert into trading_accounts (user_id, type, currency) values (${user!.id}, 'live', 'USD') returning id`)).rows;
  await run(`insert into ledger_entries (account_id, kind, bucket, amount, reference) values (${account!.id}, 'deposit', 'balance', 100000, 'bench:deposit')`);
  return { userId: user!.id, accountId: account!.id };
}

/** `count` more closed trades on the account, each with its P/L entry, one a day back over the last year. */
async function closeMore({ db }: Database, accountId: number, from: number, count: number): Promise<void> {
  if (count === 0) return;
  const days = `((g % 365) || ' days')::interval`;
  await db.execute(
    sql.raw(`insert into trades (account_id, asset_id, side, units, lots, leverage, open_price, close_price, margin, status, close_reason, realized_pnl, opened_at, closed_at)
      select ${accountId}, (select id from assets where symbol = 'EURUSD'), 'buy', 1000, 0.01, 100, 1.1, 1.1, 11, 'closed', 'manual',
        case when g % 3 = 0 then -3 else 5 end, now() - ${days}, now() - ${days}
      from generate_series(${from + 1}, ${from + count}) g`),
  );
  await db.execute(
    sql.raw(`insert into ledger_entries (account_id, kind, bucket, amount, reference, created_at)
      select ${accountId}, 'realized_pnl', 'balance', case when g % 3 = 0 then -3 else 5 end, 'bench:' || g, now() - ${days}
      from generate_series(${from + 1}, ${from + count}) g order by g desc`),
  );
  await db.execute(sql.raw('analyze'));
}

/** The record as the user object summed it before it was kept (the peer). */
const summedRecord = (accountId: number) =>
  sql.raw(`select
    (select coalesce(sum(amount), 0)::numeric(20,2)::text from ledger_entries where account_id = ${accountId} and kind = 'realized_pnl') as pnl,
    (select coalesce(sum(amount), 0)::numeric(20,2)::text from ledger_entries where account_id = ${accountId} and kind = 'deposit') as deposits,
    count(*), count(*) filter (where realized_pnl > 0), count(*) filter (where realized_pnl < 0)
    from trades where account_id = ${accountId} and status = 'closed'`);

async function measure(label: string, database: Database): Promise<void> {
  const { db } = database;
  const { userId, accountId } = await customer(database);
  const from = new Date(Date.now() - 29 * 86_400_000);
  let written = 0;
  for (const size of historySizes) {
    await closeMore(database, accountId, written, size - written);
    written = size;
    const profile = await msPerCall(() => loadProfile(db, userId));
    const summed = await msPerCall(() => db.execute(summedRecord(accountId)));
    const dashboard = await msPerCall(() => Promise.all([latestMovements(db, { userId, limit: 10 }), dailyRealizedPnl(db, { accountId, from }), dailyBalances(db, { accountId, from })]));
    const closedList = await msPerCall(() => tradesPage(db, { accountId, status: 'closed', limit: 20, offset: 0 }));
    console.log(
      `  ${label.padEnd(11)} ${size.toLocaleString('en').padStart(6)} closed   user object ${ms(profile)}   peer: the record summed ${ms(summed)}   dashboard's ledger reads ${ms(dashboard)}   trade room's closed trades, first page and total ${ms(closedList)}`,
    );
  }
}

export async function historyBench(): Promise<void> {
  console.log(`\nA customer's history: reads per signed-in page as closed trades accumulate over a year (mean of ${rounds} calls)`);
  await onBothDatabases('history', measure);
}
