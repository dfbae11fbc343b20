import type Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { closingPrice } from '../../../shared/trading/prices';
import { tradeTexts } from '../../../shared/trading/texts';
import { findCustomerAccount, lockAccountRow, lockCustomerAccounts, type AccountRow, type LockedAccount } from '../db/accounts.repo';
import type { Executor, Tx } from '../db/database';
import { accountIdOfCustomerTrade, accountIdOfTrade, findOpenTrade, findTrade, type OpenTotal, type TradeRow } from '../db/trades.repo';
import { done, fail, refused, refusal, type Outcome } from '../errors';
import type { Instrument } from '../market/instruments';
import type { Market } from '../market/market';
import { livePnl } from './trade-view';

export type { AccountRow, AccountWanted, LockedAccount } from '../db/accounts.repo';
export { lockCustomerAccounts } from '../db/accounts.repo';
export { lifetimePnlOf, lifetimePnlsOfUser, openTotalsOf, openTradesOf, openTradesOfUser, type OpenTotal } from '../db/trades.repo';

/** The customer's account by id, or their Live account when no id is given; not found for anyone else's. */
export async function accountOfUser(db: Executor, userId: number, accountId?: number): Promise<AccountRow> {
  return (await findCustomerAccount(db, userId, accountId)) ?? fail(refusal.notFound(tradeTexts.accountNotFound));
}

/** One customer's account, locked as `lockCustomerAccounts` does; not found for anyone else's. */
export async function lockCustomerAccount(tx: Tx, userId: number, accountId?: number): Promise<LockedAccount> {
  const [locked] = await lockCustomerAccounts(tx, [{ userId, accountId }]);
  return locked ?? fail(refusal.notFound(tradeTexts.accountNotFound));
}

/** Locks the account row for the rest of the transaction (see `lockAccountRow`). */
export async function lockAccount(tx: Tx, accountId: number): Promise<AccountRow> {
  return (await lockAccountRow(tx, accountId)) ?? fail(refusal.notFound(tradeTexts.accountNotFound));
}

/**
 * A customer's open trade with its account locked, for changing it: not found when it is not theirs, a
 * conflict when it is already closed (a second change racing the first waits on the lock, then gets it).
 */
export async function lockOpenTradeOf(tx: Tx, userId: number, tradeId: number): Promise<Outcome<{ account: AccountRow; trade: TradeRow }>> {
  const accountId = await accountIdOfCustomerTrade(tx, userId, tradeId);
  if (accountId === undefined) return refused(refusal.notFound(tradeTexts.tradeNotFound));
  const account = await lockAccount(tx, accountId);
  const trade = await findTrade(tx, tradeId);
  if (!trade || trade.status === 'closed') return refused(refusal.conflict(tradeTexts.alreadyClosed));
  return done({ account, trade });
}

/**
 * Any customer's open trade with its account locked and its instrument, for the engine's own changes (a trailed
 * stop loss, a level that fired); null when it is gone or closed, or its instrument is unknown.
 */
export async function lockOpenTrade(tx: Tx, market: Market, tradeId: number): Promise<{ account: AccountRow; trade: TradeRow; instrument: Instrument } | null> {
  const accountId = await accountIdOfTrade(tx, tradeId);
  if (accountId === undefined) return null;
  const account = await lockAccount(tx, accountId);
  const trade = await findOpenTrade(tx, tradeId);
  const instrument = trade && market.instrument(trade.assetId);
  return trade && instrument ? { account, trade, instrument } : null;
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
    pnl = pnl.plus(livePnl(market, trade, account));
    usedMargin = usedMargin.plus(trade.margin);
  }
  const equity = new Money(account.balance).plus(account.credit).plus(pnl);
  return { equity, usedMargin, freeMargin: equity.minus(usedMargin) };
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
    const quote = market.quoteOf(row.assetId, account);
    usedMargin = usedMargin.plus(row.margin);
    if (!instrument || !quote) continue;
    const close = closingPrice({ side: row.side, quote });
    const move = new Money(close).times(row.units).minus(row.cost);
    pnl = pnl.plus((row.side === 'buy' ? move : move.negated()).times(market.conversion(instrument.quoteCurrency, account.currency)));
  }
  const equity = new Money(account.balance).plus(account.credit).plus(pnl);
  return { equity, usedMargin, freeMargin: equity.minus(usedMargin) };
}
