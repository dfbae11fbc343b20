import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDb } from '../../server/trading/db/database';
import { ledgerEntries, trades, tradingAccounts } from '../../server/trading/db/schema';
import { postEntry } from '../../server/trading/ledger/ledger';

export async function liveAccount(db: AppDb, userId: number) {
  const [row] = await db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.type, 'live'), eq(tradingAccounts.isPrimary, true)));
  if (!row) throw new Error('no live account');
  return row;
}

export async function deposit(db: AppDb, accountId: number, amount: string): Promise<void> {
  await db.transaction((tx) => postEntry(tx, { accountId, kind: 'deposit', amount, reference: `test-deposit-${Math.random()}` }));
}

export async function balanceOf(db: AppDb, accountId: number): Promise<string> {
  const [row] = await db.select({ balance: tradingAccounts.balance }).from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
  return row!.balance;
}

/**
 * The ledger audit run after money tests: every balance equals the sum of its entries to the cent, no
 * balance is negative once nothing is open, every closed trade has exactly one realized-P/L entry, every
 * position's commission, swap and dividends are what their entries booked, and the open exposure the database keeps equals the open
 * trades summed afresh.
 */
export async function auditLedger(db: AppDb): Promise<void> {
  const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
  const mismatched = await db.execute(sql`
    select a.id, a.balance, coalesce(sum(e.amount) filter (where e.bucket = 'balance'), 0) as total
    from trading_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(e.amount) filter (where e.bucket = 'balance'), 0)`);
  expect(rowsOf(mismatched)).toEqual([]);
  // With nothing open, no balance may stay below zero (negative balance protection).
  const negative = await db
    .select({ id: tradingAccounts.id })
    .from(tradingAccounts)
    .where(sql`${tradingAccounts.balance} < 0 and not exists (select 1 from trades t where t.account_id = ${tradingAccounts.id} and t.status = 'open')`);
  expect(negative).toEqual([]);
  const pnlCounts = await db.execute(sql`
    select t.id, count(e.id)::int as entries from trades t
    left join ledger_entries e on e.kind = 'realized_pnl' and e.reference = 'trade:' || t.id
    where t.status = 'closed' group by t.id having count(e.id) <> 1`);
  expect(rowsOf(pnlCounts)).toEqual([]);
  const orphanPnl = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .leftJoin(trades, sql`${ledgerEntries.reference} = 'trade:' || ${trades.id}`)
    .where(and(eq(ledgerEntries.kind, 'realized_pnl'), sql`${trades.id} is null`));
  expect(orphanPnl).toEqual([]);
  // A position's commissions (its own and its closed parts' rows) are what its commission entries booked, to the cent.
  const commissionDrift = await db.execute(sql`
    with family as (select coalesce(parent_id, id) as root, id, paid_commission from trades),
    paid as (select root, sum(paid_commission) as paid from family group by root),
    booked as (
      select f.root, -sum(e.amount) as booked from family f
      join ledger_entries e on e.kind = 'commission' and e.reference in ('open:' || f.id, 'close:' || f.id)
      group by f.root)
    select root from paid left join booked using (root) where paid.paid <> coalesce(booked.booked, 0)`);
  expect(rowsOf(commissionDrift)).toEqual([]);
  // A position's swap and dividends so far are its swap:{trade}:{day} and dividend:{dividend}:{trade} entries (a closed part takes none).
  const financingDrift = await db.execute(sql`
    with booked as (
      select split_part(reference, ':', 2)::bigint as id, sum(amount) as swap, 0 as dividends from ledger_entries where kind = 'swap' group by 1
      union all
      select split_part(reference, ':', 3)::bigint, 0, sum(amount) from ledger_entries where kind = 'dividend' group by 1),
    totals as (select id, sum(swap) as swap, sum(dividends) as dividends from booked group by id)
    select t.id from trades t left join totals b using (id)
    where t.swap <> coalesce(b.swap, 0) or t.dividends <> coalesce(b.dividends, 0)`);
  expect(rowsOf(financingDrift)).toEqual([]);
  const exposureDrift = await db.execute(sql`
    with truth as (
      select account_id, asset_id, side, sum(units) as units, sum(units * open_price) as cost, sum(margin) as margin, count(*)::int as positions
      from trades where status = 'open' group by account_id, asset_id, side)
    select account_id, asset_id, side from truth t full join open_exposure e using (account_id, asset_id, side)
    where coalesce(t.units, 0) <> coalesce(e.units, 0) or coalesce(t.cost, 0) <> coalesce(e.cost, 0)
       or coalesce(t.margin, 0) <> coalesce(e.margin, 0) or coalesce(t.positions, 0) <> coalesce(e.positions, 0)`);
  expect(rowsOf(exposureDrift)).toEqual([]);
  // Each account's record is what its closed trades and entries sum to, and its P/L entries are its closed trades' P/L.
  const recordDrift = await db.execute(sql`
    with closed as (
      select account_id, count(*)::int as closed, (count(*) filter (where realized_pnl > 0))::int as wins,
        (count(*) filter (where realized_pnl < 0))::int as losses, sum(realized_pnl) as trades_pnl
      from trades where status = 'closed' group by account_id),
    booked as (
      select account_id, sum(amount) filter (where kind = 'realized_pnl') as pnl, sum(amount) filter (where kind = 'deposit') as deposits
      from ledger_entries group by account_id)
    select a.id from trading_accounts a
      left join closed c on c.account_id = a.id left join booked b on b.account_id = a.id left join account_records r on r.account_id = a.id
    where coalesce(c.closed, 0) <> coalesce(r.closed, 0) or coalesce(c.wins, 0) <> coalesce(r.wins, 0) or coalesce(c.losses, 0) <> coalesce(r.losses, 0)
       or coalesce(b.pnl, 0) <> coalesce(r.pnl, 0) or coalesce(b.deposits, 0) <> coalesce(r.deposits, 0) or coalesce(c.trades_pnl, 0) <> coalesce(r.pnl, 0)`);
  expect(rowsOf(recordDrift)).toEqual([]);
}

/** A bank withdrawal's destination as the form sends it (a UK account: IBAN and BIC). */
export const bankWithdrawal = {
  method: 'bank_transfer',
  bank_name: 'NatWest',
  bank_address: '250 Bishopsgate, London',
  account_name: 'Ada Lovelace',
  account_number: '98765432',
  iban: 'GB82 WEST 1234 5698 7654 32',
  bic: 'NWBKGB2L',
} as const;
