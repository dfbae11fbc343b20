import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { notFound } from '../api/errors';
import type { Executor, Tx } from '../db/database';
import { openExposure, plans, trades, tradingAccounts, users } from '../db/schema';
import type { Market } from '../market/market';
import { tradeTexts } from '../../../shared/trading/texts';
import { closingPrice, type Side } from '../../../shared/trading/prices';
import { livePnl, type TradeRow } from './trade-view';

export type AccountRow = typeof tradingAccounts.$inferSelect;

/** The customer's account by id, or their Live account when no id is given; 404 for anyone else's. */
export async function accountOfUser(db: Executor, userId: number, accountId?: number): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, userId), accountId === undefined ? eq(tradingAccounts.type, 'live') : eq(tradingAccounts.id, accountId)));
  if (!row) throw notFound(tradeTexts.accountNotFound);
  return row;
}

/** Which account of a customer an order names: its id, or their Live account when absent. */
export interface AccountWanted {
  userId: number;
  accountId?: number | undefined;
}

export interface LockedAccount {
  account: AccountRow;
  planLeverage: number | undefined;
}

const isWanted = (account: AccountRow, wanted: AccountWanted) =>
  account.userId === wanted.userId && (wanted.accountId === undefined ? account.type === 'live' : account.id === wanted.accountId);

/**
 * Locks the customers' accounts (each Live unless an id names another of theirs) and reads their plans'
 * leverage, in one statement: the first thing an order's transaction does. Rows are locked in id order,
 * so transactions locking several accounts never deadlock one another. The answer lines up with
 * `wanted`: undefined where the account is not that customer's.
 */
export async function lockCustomerAccounts(tx: Tx, wanted: readonly AccountWanted[]): Promise<(LockedAccount | undefined)[]> {
  const rows = await tx
    .select({ account: tradingAccounts, planLeverage: plans.leverage })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(or(...wanted.map((w) => and(eq(tradingAccounts.userId, w.userId), w.accountId === undefined ? eq(tradingAccounts.type, 'live') : eq(tradingAccounts.id, w.accountId)))))
    .orderBy(tradingAccounts.id)
    .for('no key update', { of: tradingAccounts });
  return wanted.map((w) => {
    const row = rows.find((r) => isWanted(r.account, w));
    return row && { account: row.account, planLeverage: row.planLeverage ?? undefined };
  });
}

/** One customer's account, locked as `lockCustomerAccounts` does; 404 for anyone else's. */
export async function lockCustomerAccount(tx: Tx, userId: number, accountId?: number): Promise<LockedAccount> {
  const [locked] = await lockCustomerAccounts(tx, [{ userId, accountId }]);
  if (!locked) throw notFound(tradeTexts.accountNotFound);
  return locked;
}

/**
 * Locks the account row for the rest of the transaction: orders, closes and ledger postings on one
 * account run one at a time. Take it first in a transaction. `no key update` (what the ledger's balance
 * update takes too) does not conflict with the key-share locks that inserts referencing the account take.
 */
export async function lockAccount(tx: Tx, accountId: number): Promise<AccountRow> {
  const [row] = await tx.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)).for('no key update');
  if (!row) throw notFound(tradeTexts.accountNotFound);
  return row;
}

/**
 * A customer's open trade with its account locked, for changing it: 404 when it is not theirs, 409
 * when it is already closed (a second change racing the first waits on the lock, then gets the 409).
 */
export async function lockOpenTradeOf(tx: Tx, userId: number, tradeId: number): Promise<{ account: AccountRow; trade: TradeRow } | { status: 404 | 409; body: { message: string } }> {
  const [owned] = await tx
    .select({ accountId: trades.accountId })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
    .where(and(eq(trades.id, tradeId), eq(tradingAccounts.userId, userId)));
  if (!owned) return { status: 404, body: { message: tradeTexts.tradeNotFound } };
  const account = await lockAccount(tx, owned.accountId);
  const [trade] = await tx.select().from(trades).where(eq(trades.id, tradeId));
  if (!trade || trade.status === 'closed') return { status: 409, body: { message: tradeTexts.alreadyClosed } };
  return { account, trade };
}

export async function openTradesOf(db: Executor, accountId: number): Promise<TradeRow[]> {
  return db.select().from(trades).where(and(eq(trades.accountId, accountId), eq(trades.status, 'open')));
}

export interface Exposure {
  equity: Decimal;
  usedMargin: Decimal;
  freeMargin: Decimal;
}

/** Equity (balance + credit + live P/L), margin in use and free margin of an account at the current quotes. */
export function exposureOf(market: Market, account: AccountRow, open: readonly TradeRow[]): Exposure {
  let pnl = new Money(0);
  let usedMargin = new Money(0);
  for (const trade of open) {
    pnl = pnl.plus(livePnl(market, trade, account.currency));
    usedMargin = usedMargin.plus(trade.margin);
  }
  const equity = new Money(account.balance).plus(account.credit).plus(pnl);
  return { equity, usedMargin, freeMargin: equity.minus(usedMargin) };
}

/** An account's open trades on one instrument and side, summed: Σ units, Σ (units × open price), Σ margin. */
export interface OpenTotal {
  assetId: number;
  side: Side;
  units: string;
  cost: string;
  margin: string;
}

/** The open trades of these accounts summed per instrument and side (kept by the database as trades change; accounts with none are absent). */
export async function openTotalsOf(tx: Executor, accountIds: readonly number[]): Promise<Map<number, OpenTotal[]>> {
  const rows = await tx
    .select({ accountId: openExposure.accountId, assetId: openExposure.assetId, side: openExposure.side, units: openExposure.units, cost: openExposure.cost, margin: openExposure.margin })
    .from(openExposure)
    .where(and(inArray(openExposure.accountId, [...accountIds]), gt(openExposure.positions, 0)));
  const byAccount = new Map<number, OpenTotal[]>();
  for (const { accountId, ...total } of rows) {
    const list = byAccount.get(accountId);
    if (list) list.push(total);
    else byAccount.set(accountId, [total]);
  }
  return byAccount;
}

/**
 * Equity, margin in use and free margin of an account from its open totals at the current quotes:
 * P/L = close × Σ units − Σ (units × open), exact, and the cost stays the same however many trades are open.
 */
export function exposureFromTotals(market: Market, account: AccountRow, totals: readonly OpenTotal[]): Exposure {
  let pnl = new Money(0);
  let usedMargin = new Money(0);
  for (const row of totals) {
    const instrument = market.instrument(row.assetId);
    const quote = market.quotes.get(row.assetId);
    usedMargin = usedMargin.plus(row.margin);
    if (!instrument || !quote) continue;
    const close = closingPrice({ side: row.side, quote });
    const move = new Money(close).times(row.units).minus(row.cost);
    pnl = pnl.plus((row.side === 'buy' ? move : move.negated()).times(market.conversion(instrument.quoteCurrency, account.currency)));
  }
  const equity = new Money(account.balance).plus(account.credit).plus(pnl);
  return { equity, usedMargin, freeMargin: equity.minus(usedMargin) };
}

export async function lifetimePnlOf(db: Executor, accountId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${trades.realizedPnl}), 0)::numeric(20,2)::text` })
    .from(trades)
    .where(and(eq(trades.accountId, accountId), eq(trades.status, 'closed')));
  return row?.total ?? '0.00';
}
