import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Side } from '../../../shared/trading/prices';
import { builtOnce } from './built-once';
import type { Executor, Tx } from './database';
import { accountRecords, openExposure, trades, tradingAccounts } from './schema';

/** Trades: open positions, closed trades and the parts closed off them. */
export type TradeRow = typeof trades.$inferSelect;
export type NewTrade = typeof trades.$inferInsert;
type TradeChange = Partial<
  Pick<TradeRow, 'units' | 'lots' | 'margin' | 'takeProfit' | 'stopLoss' | 'trailingStop' | 'status' | 'closePrice' | 'closeReason' | 'realizedPnl' | 'paidCommission' | 'closedAt'>
>;

export async function findTrade(db: Executor, id: number): Promise<TradeRow | undefined> {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row;
}

export async function findOpenTrade(db: Executor, id: number): Promise<TradeRow | undefined> {
  const [row] = await db
    .select()
    .from(trades)
    .where(and(eq(trades.id, id), eq(trades.status, 'open')));
  return row;
}

/** The account a trade is on (any customer's). */
export async function accountIdOfTrade(db: Executor, tradeId: number): Promise<number | undefined> {
  const [row] = await db.select({ accountId: trades.accountId }).from(trades).where(eq(trades.id, tradeId));
  return row?.accountId;
}

/** The account a trade is on, when it is this customer's. */
export async function accountIdOfCustomerTrade(db: Executor, userId: number, tradeId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: trades.accountId })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
    .where(and(eq(trades.id, tradeId), eq(tradingAccounts.userId, userId)));
  return row?.accountId;
}

export async function openTradesOf(db: Executor, accountId: number): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(eq(trades.accountId, accountId), eq(trades.status, 'open')));
}

/** Every open trade of every account (the engine indexes them at start). */
export async function allOpenTrades(db: Executor): Promise<TradeRow[]> {
  return db.select().from(trades).where(eq(trades.status, 'open'));
}

export async function hasOpenTrade(db: Executor, accountId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.accountId, accountId), eq(trades.status, 'open')))
    .limit(1);
  return open !== undefined;
}

/** Writes new trades in one statement; PostgreSQL returns them in the order given. */
export async function insertTrades(tx: Tx, values: readonly NewTrade[]): Promise<TradeRow[]> {
  return tx
    .insert(trades)
    .values([...values])
    .returning();
}

export async function insertTrade(tx: Tx, values: NewTrade): Promise<TradeRow> {
  const [row] = await insertTrades(tx, [values]);
  return row!;
}

export async function updateTrade(tx: Tx, id: number, change: TradeChange): Promise<TradeRow> {
  const [row] = await tx.update(trades).set(change).where(eq(trades.id, id)).returning();
  if (!row) throw new Error(`trade ${id} vanished while locked`);
  return row;
}

/** An account's lifetime P/L: its closed trades' realized P/L, as its record keeps it (`account_records`). */
export async function lifetimePnlOf(db: Executor, accountId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`${accountRecords.pnl}::numeric(20,2)::text` })
    .from(accountRecords)
    .where(eq(accountRecords.accountId, accountId));
  return row?.total ?? '0.00';
}

const openTradesOfUserQuery = builtOnce('open_trades_of_user', (db) =>
  db
    .select({ trade: trades })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
    .where(and(eq(tradingAccounts.userId, sql.placeholder('userId')), eq(trades.status, 'open'))),
);

/** Every open trade of a customer's accounts, by account (one statement for every account a page lists). */
export async function openTradesOfUser(db: Executor, userId: number): Promise<Map<number, TradeRow[]>> {
  const byAccount = new Map<number, TradeRow[]>();
  for (const { trade } of await openTradesOfUserQuery(db).execute({ userId })) {
    const list = byAccount.get(trade.accountId);
    if (list) list.push(trade);
    else byAccount.set(trade.accountId, [trade]);
  }
  return byAccount;
}

const lifetimePnlsOfUserQuery = builtOnce('lifetime_pnls_of_user', (db) =>
  db
    .select({ accountId: accountRecords.accountId, total: sql<string>`${accountRecords.pnl}::numeric(20,2)::text` })
    .from(accountRecords)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, accountRecords.accountId))
    .where(eq(tradingAccounts.userId, sql.placeholder('userId'))),
);

/** `lifetimePnlOf` for every account of a customer that has a record. */
export async function lifetimePnlsOfUser(db: Executor, userId: number): Promise<Map<number, string>> {
  return new Map((await lifetimePnlsOfUserQuery(db).execute({ userId })).map((row) => [row.accountId, row.total]));
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
export async function openTotalsOf(db: Executor, accountIds: readonly number[]): Promise<Map<number, OpenTotal[]>> {
  const rows = await db
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

/** How many trades an account has open (counted: a few), or has closed (its record keeps the number: docs/accounts-and-ledger.md#the-user-object). */
async function tradeCount(db: Executor, accountId: number, status: 'open' | 'closed'): Promise<number> {
  if (status === 'open') {
    const [open] = await db
      .select({ n: count() })
      .from(trades)
      .where(and(eq(trades.accountId, accountId), eq(trades.status, 'open')));
    return open?.n ?? 0;
  }
  const [record] = await db.select({ n: accountRecords.closed }).from(accountRecords).where(eq(accountRecords.accountId, accountId));
  return record?.n ?? 0;
}

/**
 * A page of an account's open trades (newest first) or closed trades (latest closed first). The status is written into
 * each statement rather than bound, so the closed page, planned once for every account, can be read backwards off the
 * partial index `trades_account_closed` however long the history.
 */
const pageQuery = (status: 'open' | 'closed', latest: typeof trades.openedAt | typeof trades.closedAt) =>
  builtOnce(`${status}_trades_page`, (db) =>
    db
      .select()
      .from(trades)
      .where(and(eq(trades.accountId, sql.placeholder('accountId')), sql`${trades.status} = ${sql.raw(`'${status}'`)}`))
      .orderBy(desc(latest), desc(trades.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
const tradesPageQuery = { open: pageQuery('open', trades.openedAt), closed: pageQuery('closed', trades.closedAt) };

/** One page of an account's open or closed trades, and how many there are. */
export async function tradesPage(db: Executor, { accountId, status, limit, offset }: { accountId: number; status: 'open' | 'closed'; limit: number; offset: number }) {
  const [total, rows] = [await tradeCount(db, accountId, status), await tradesPageQuery[status](db).execute({ accountId, limit, offset })];
  return { rows, total };
}
