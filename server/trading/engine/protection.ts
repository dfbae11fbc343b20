import type { TradeView } from '../../../shared/api/trades.schema';
import { closingPrice } from '../../../shared/trading/prices';
import { tradeTexts } from '../../../shared/trading/texts';
import { formatPoints, pointsOf } from '../../../shared/trading/points';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { updateTrade } from '../db/trades.repo';
import type { Market } from '../market/market';
import { done, refusal, refused, type Outcome } from '../errors';
import { lockOpenTradeOf } from './accounts';
import { levelOrNull, normaliseLevel, protectionProblems, trailedStop, stopBehindTrail, trailingStopBeyondZero, trailingStopProblem } from '../../../shared/trading/levels';
import { Money } from '../../../shared/money';
import { presentTrade } from './trade-view';

export interface ProtectionChange {
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
  /** Trailing distance in points; 0 or null switches it off. */
  trailingStop?: number | null | undefined;
}

/**
 * Changes the take profit, stop loss and trailing stop of an open trade (docs/trading.md#take-profit-and-stop-loss,
 * docs/trading.md#trailing-stop). Each changed level must be on the right side of the price the trade would
 * close at now; 0 or null removes it; an absent field keeps it. Removing the stop loss also ends trailing;
 * trailing switched on without a stop loss starts it at the closing price ∓ the distance.
 */
export async function changeProtection(
  { database, market, bus }: { database: { db: AppDb }; market: Market; bus: Bus },
  { userId, tradeId, levels, origin }: { userId: number; tradeId: number; levels: ProtectionChange; origin?: string | undefined },
): Promise<Outcome<TradeView>> {
  const trailingProblem = trailingStopProblem(levels.trailingStop);
  if (trailingProblem !== null) return refused(refusal.invalid(trailingProblem, 'trailing_stop'));
  const result = await database.db.transaction(async (tx): Promise<Outcome<{ accountId: number; trade: TradeView }>> => {
    const locked = await lockOpenTradeOf(tx, userId, tradeId);
    if (!locked.ok) return locked;
    const { account, trade } = locked.value;
    const digits = market.instrument(trade.assetId)?.digits ?? 5;
    const quote = market.quoteOf(trade.assetId, account);
    // Levels are checked against the price now: without one (an instrument not yet priced) nothing is changed.
    if (!quote) return refused(refusal.busy(tradeTexts.noPrice));
    const price = closingPrice({ side: trade.side, quote });
    const takeProfit = levels.takeProfit === undefined ? trade.takeProfit : normaliseLevel(levels.takeProfit, digits);
    let stopLoss = levels.stopLoss === undefined ? trade.stopLoss : normaliseLevel(levels.stopLoss, digits);
    // Absent keeps it, except that removing the stop loss (without naming a distance) ends trailing too.
    const stopRemoved = levels.stopLoss !== undefined && levelOrNull(levels.stopLoss) === null;
    const trailingStop = levels.trailingStop === undefined ? (stopRemoved ? null : trade.trailingStop) : levels.trailingStop || null;
    if (trailingStop !== null && stopLoss === null) {
      const start = trailedStop({ side: trade.side, closing: pointsOf(price, digits), distance: trailingStop, current: null });
      if (start === null) return refused(refusal.invalid(trailingStopBeyondZero, 'trailing_stop'));
      stopLoss = formatPoints(start, digits);
    }
    // Checked against the closing side: a buy's TP above the current sell price, its SL below it; a sell the reverse.
    // (The database keeps 10 decimals: "1.0800000000" is the level "1.08000" unchanged.)
    const changed = (level: string | null, stored: string | null) => (level === null || (stored !== null && new Money(level).eq(stored)) ? null : level);
    const errors = protectionProblems({ side: trade.side, price, takeProfit: changed(takeProfit, trade.takeProfit), stopLoss: changed(stopLoss, trade.stopLoss) });
    // While a trailing stop runs (and stays on), the stop loss moves only in the customer's favour: a level from a dialog
    // or a drag started before the engine moved the stop would otherwise put it back (switching trailing off allows it).
    if (errors.stop_loss === undefined && trade.trailingStop !== null) {
      const behind = stopBehindTrail({ side: trade.side, stopLoss, liveStop: normaliseLevel(trade.stopLoss, digits), trailing: trailingStop !== null });
      if (behind) errors.stop_loss = [behind];
    }
    if (Object.keys(errors).length > 0) return refused(refusal.fields(errors));
    const updated = await updateTrade(tx, tradeId, { takeProfit, stopLoss, trailingStop });
    return done({ accountId: account.id, trade: presentTrade(market, updated, account) });
  });
  if (!result.ok) return result;
  const { accountId, trade } = result.value;
  bus.publish('trade.updated', { userId, accountId, trade, origin });
  return done(trade);
}
