import Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { bookedPnl, pnlOf } from '../../../shared/trading/account-maths';
import { lotsFromUnits, lotsProblem } from '../../../shared/trading/sizing';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Bus } from '../bus';
import type { AppDb, Tx } from '../db/database';
import { hasOpenTrade, insertTrade, updateTrade } from '../db/trades.repo';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import { lockOpenTradeOf, type AccountRow } from './accounts';
import type { TradeView } from '../../../shared/api/trades.schema';
import { done, refusal, refused, type Outcome } from '../errors';
import { automationIsOn, type Automation } from './automation';
import { commissionOf, commissionPosting } from './commission';
import { closingPriceOf, presentTrade, type TradeRow } from './trade-view';

export type CloseReason = 'manual' | 'take_profit' | 'stop_loss' | 'stop_out' | 'expert_advisor' | 'autotrader';

export interface CloseDeps {
  database: { db: AppDb };
  market: Market;
  bus: Bus;
}

/**
 * Books a trade's P/L at `price` inside the caller's transaction (which holds the account lock): the
 * trade (or the closed part), its one realized-P/L ledger entry and its closing commission's, then
 * negative-balance protection once no position is left open. A closed part takes its share of the opening
 * commission, so each row's net P/L (P/L + swap − commission) is its own (docs/trading.md#trading-conditions).
 */
export async function bookClose(
  tx: Tx,
  { market, account, trade, price, reason, units }: { market: Market; account: AccountRow; trade: TradeRow; price: string; reason: CloseReason; units?: string },
): Promise<{ closed: TradeRow; remaining: TradeRow | null }> {
  const instrument = market.instrument(trade.assetId)!;
  const partial = units !== undefined && new Money(units).lt(trade.units);
  const closeUnits = partial ? units! : trade.units;
  const pnl = bookedPnl(pnlOf({ side: trade.side, units: closeUnits, opening: trade.openPrice, closing: price, conversion: market.conversion(instrument.quoteCurrency, account.currency) }));
  const closeLots = lotsFromUnits({ units: closeUnits, contractSize: instrument.contractSize });
  const commission = commissionOf(market, { account, instrument, lots: closeLots, units: closeUnits, price });
  const now = new Date();
  let closed: TradeRow;
  let remaining: TradeRow | null = null;
  if (partial) {
    const share = new Money(closeUnits).dividedBy(trade.units);
    const partMargin = new Money(trade.margin).times(share).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const partOpening = new Money(trade.paidCommission).times(share).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    closed = await insertTrade(tx, {
      accountId: trade.accountId,
      assetId: trade.assetId,
      side: trade.side,
      units: closeUnits,
      lots: closeLots.toFixed(2),
      leverage: trade.leverage,
      openPrice: trade.openPrice,
      closePrice: price,
      takeProfit: trade.takeProfit,
      stopLoss: trade.stopLoss,
      margin: partMargin.toFixed(2),
      status: 'closed',
      closeReason: reason,
      realizedPnl: pnl.toFixed(2),
      paidCommission: partOpening.plus(commission).toFixed(2),
      parentId: trade.id,
      placedBy: trade.placedBy,
      expertAdvisorId: trade.expertAdvisorId,
      openedAt: trade.openedAt,
      closedAt: now,
    });
    const left = new Money(trade.units).minus(closeUnits);
    remaining = await updateTrade(tx, trade.id, {
      units: left.toString(),
      lots: lotsFromUnits({ units: left, contractSize: instrument.contractSize }).toFixed(2),
      margin: new Money(trade.margin).minus(partMargin).toFixed(2),
      paidCommission: new Money(trade.paidCommission).minus(partOpening).toFixed(2),
    });
  } else {
    closed = await updateTrade(tx, trade.id, {
      status: 'closed',
      closePrice: price,
      closeReason: reason,
      realizedPnl: pnl.toFixed(2),
      paidCommission: new Money(trade.paidCommission).plus(commission).toFixed(2),
      closedAt: now,
    });
  }
  let { balanceAfter } = await postEntry(tx, { accountId: account.id, kind: 'realized_pnl', amount: pnl.toFixed(2), reference: `trade:${closed.id}`, memo: `${reason} ${instrument.symbol}` });
  if (!commission.isZero()) ({ balanceAfter } = await postEntry(tx, commissionPosting({ accountId: account.id, amount: commission, side: 'close', tradeId: closed.id, symbol: instrument.symbol })));
  await protectNegativeBalance(tx, account.id, balanceAfter, `trade:${closed.id}`);
  return { closed, remaining };
}

/**
 * A retail customer cannot lose more than the account holds. A balance left below zero
 * once no position is open is written off with its own entry. While positions are open the balance may
 * dip below zero (their P/L counts toward equity; stop-out watches it): writing off then would let a
 * hedged customer keep the write-off and the winning side's profit (docs/trading.md#negative-balance-protection).
 */
export async function protectNegativeBalance(tx: Tx, accountId: number, balance: string, reference: string): Promise<void> {
  const value = new Money(balance);
  if (value.gte(0)) return;
  if (await hasOpenTrade(tx, accountId)) return;
  await postEntry(tx, { accountId, kind: 'negative_balance_correction', amount: value.negated().toFixed(2), reference, memo: 'Negative balance protection' });
}

/** A close: the closed trade (or part), and what is left open of it after a partial close. */
export interface Closed {
  closed: TradeView;
  remaining: TradeView | null;
}

/**
 * Closes a customer's trade (whole, or `units` of it) at the current quote: by hand, or by their EA or
 * AutoTrader (`reason`, and `automation`, which must still be on). A trade already closed is a conflict
 * and books nothing; a second close racing the first waits on the lock and gets that conflict.
 */
export async function closeTradeForCustomer(
  { database, market, bus }: CloseDeps,
  { userId, tradeId, units, origin, reason = 'manual', automation }: { userId: number; tradeId: number; units?: string; origin?: string | undefined; reason?: CloseReason; automation?: Automation },
): Promise<Outcome<Closed>> {
  const result = await database.db.transaction(async (tx): Promise<Outcome<Closed & { accountId: number }>> => {
    const locked = await lockOpenTradeOf(tx, userId, tradeId);
    if (!locked.ok) return locked;
    const { account, trade } = locked.value;
    if (automation && !(await automationIsOn(tx, automation, account))) return refused(refusal.conflict(tradeTexts.automationOff));
    const instrument = market.instrument(trade.assetId)!;
    if (units !== undefined) {
      const part = new Money(units);
      const lots = lotsFromUnits({ units, contractSize: instrument.contractSize });
      if (part.lte(0) || part.gte(trade.units) || lotsProblem(lots) !== null) {
        return refused(refusal.invalid(tradeTexts.closeVolume, 'volume'));
      }
    }
    if (!market.isOpen(instrument)) return refused(refusal.invalid(tradeTexts.marketClosed));
    const price = closingPriceOf(market, trade, account);
    const { closed, remaining } = await bookClose(tx, { market, account, trade, price, reason, ...(units !== undefined ? { units } : {}) });
    return done({ closed: presentTrade(market, closed, account), remaining: remaining && presentTrade(market, remaining, account), accountId: account.id });
  });
  if (!result.ok) return result;
  const { closed, remaining, accountId } = result.value;
  for (const trade of remaining ? [closed, remaining] : [closed]) bus.publish('trade.updated', { userId, accountId, trade, origin });
  bus.publish('user.updated', { userId, origin });
  return done({ closed, remaining });
}
