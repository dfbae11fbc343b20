/**
 * The nightly rollover over 100,000 open positions (10 each on 10,000 accounts, across forex, stocks and crypto):
 * `runRollover` booking one ledger entry per position with its account's notice, beside the database's floor for the
 * same writes: 100,000 ledger entries made by one INSERT … SELECT from the trades (the ledger's trigger still moves
 * each balance). On PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/trading/db/database';
import { createLogger } from '../server/logger';
import { LocalBus } from '../server/trading/bus';
import { openMarket } from '../server/trading/market/start';
import { runRollover } from '../server/trading/financing/rollover';
import { defaultRolloverClock, rolloverInstant } from '../shared/trading/financing';
import { cpuSecondsOf, onBothDatabases } from './support';

const accounts = 10_000;
const perAccount = 10;
const silent = createLogger({ level: 'silent', name: 'bench' });
/** A Tuesday whose rollover has happened: one night for every class. */
const day = '2026-11-24';

async function fill(database: Database): Promise<void> {
  const { db } = database;
  const at = rolloverInstant(day, defaultRolloverClock);
  const opened = new Date(at.getTime() - 86_400_000);
  await db.execute(
    sql.raw(`insert into users (first_name, last_name, email, password_hash, role, status)
      select 'Bench', 'Trader ' || g, 'bench' || g || '@bench.test', 'x', 'customer', 'active' from generate_series(1, ${accounts}) g`),
  );
  await db.execute(sql.raw(`insert into trading_accounts (user_id, type, currency) select id, 'live', 'USD' from users where email like 'bench%@bench.test'`));
  await db.execute(sql.raw(`insert into ledger_entries (account_id, kind, bucket, amount, reference) select id, 'deposit', 'balance', 100000, 'bench:' || id from trading_accounts`));
  // Ten positions an account over EURUSD, USDJPY, AAPL, MSFT and BTCUSD, long and short.
  await db.execute(
    sql.raw(`insert into trades (account_id, asset_id, side, units, lots, leverage, open_price, margin, opened_at)
      select a.id, s.id, case when k % 2 = 0 then 'buy' else 'sell' end,
        case s.asset_class when 'forex' then 10000 when 'stocks' then 10 else 0.1 end,
        case s.asset_class when 'forex' then 0.1 when 'stocks' then 0.1 else 0.1 end,
        1, s.seed_price, 1, '${opened.toISOString()}'
      from trading_accounts a
      cross join generate_series(0, ${perAccount - 1}) k
      join assets s on s.symbol = (array['EURUSD','USDJPY','AAPL','MSFT','BTCUSD'])[(k / 2) + 1]`),
  );
}

async function measure(label: string, database: Database): Promise<void> {
  await fill(database);
  const bus = new LocalBus(() => undefined);
  const market = await openMarket({ db: database.db, bus, dayFigures: false });
  const cpu0 = cpuSecondsOf(process.pid);
  const started = performance.now();
  const result = await runRollover({ db: database.db, market, bus, logger: silent, clock: defaultRolloverClock }, day, { trigger: 'command' });
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSecondsOf(process.pid) - cpu0;
  const floorStarted = performance.now();
  await database.db.execute(
    sql.raw(`insert into ledger_entries (account_id, kind, bucket, amount, reference, memo) select account_id, 'correction', 'balance', -0.01, 'floor:' || id, 'floor' from trades`),
  );
  const floor = (performance.now() - floorStarted) / 1000;
  console.log(
    `  ${label.padEnd(12)} rollover ${result.booked.toLocaleString('en')} positions in ${seconds.toFixed(1)} s (${Math.round(result.booked / seconds).toLocaleString('en')}/s, this process's CPU ${cpu.toFixed(1)} s)   floor: the same entries by one INSERT … SELECT ${floor.toFixed(1)} s   ratio ${(seconds / floor).toFixed(1)}x`,
  );
}

export async function rolloverBench(): Promise<void> {
  console.log(`\nRollover: ${(accounts * perAccount).toLocaleString('en')} open positions on ${accounts.toLocaleString('en')} accounts, one night each`);
  await onBothDatabases('rollover', measure);
}
