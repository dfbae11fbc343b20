import type { TradeView } from '../../../shared/api/trades.schema';
import { closingPrice } from '../../../shared/trading/prices';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { updateTrade } from '../db/trades.repo';
import type { Market } from '../market/market';
import { done, refusal, refused, type Outcome } from '../errors';
import { lockOpenTradeOf } from './accounts';
import { normaliseLevel, protectionProblems } from '../../../shared/trading/levels';
import { presentTrade } from './trade-view';

/**
 * Changes the take profit and stop loss of an open trade (docs/trading.md#take-profit-and-stop-loss). Each level must be on the
 * right side of the price the trade would close at now; 0 or null removes it; an absent field keeps it.
 */
export async function changeProtection(
  { database, market, bus }: { database: { db: AppDb }; market: Market; bus: Bus },
  { userId, tradeId, levels, origin }: { userId: number; tradeId: number; levels: { takeProfit?: string | null | undefined; stopLoss?: string | null | undefined }; origin?: string | undefined },
): Promise<Outcome<TradeView>> {
  const result = await database.db.transaction(async (tx): Promise<Outcome<{ accountId: number; trade: TradeView }>> => {
    const locked = await lockOpenTradeOf(tx, userId, tradeId);
    if (!locked.ok) return locked;
    const { account, trade } = locked.value;
    const digits = market.instrument(trade.assetId)?.digits ?? 5;
    const takeProfit = levels.takeProfit === undefined ? trade.takeProfit : normaliseLevel(levels.takeProfit, digits);
    const stopLoss = levels.stopLoss === undefined ? trade.stopLoss : normaliseLevel(levels.stopLoss, digits);
    const price = closingPrice({ side: trade.side, quote: market.quotes.get(trade.assetId)! });
    // Checked against the closing side: a buy's TP above the current sell price, its SL below it; a sell the reverse.
    const errors = protectionProblems({ side: trade.side, price, takeProfit: takeProfit === trade.takeProfit ? null : takeProfit, stopLoss: stopLoss === trade.stopLoss ? null : stopLoss });
    if (Object.keys(errors).length > 0) return refused(refusal.fields(errors));
    const updated = await updateTrade(tx, tradeId, { takeProfit, stopLoss });
    return done({ accountId: account.id, trade: presentTrade(market, updated, account.currency) });
  });
  if (!result.ok) return result;
  const { accountId, trade } = result.value;
  bus.publish('trade.updated', { userId, accountId, trade, origin });
  return done(trade);
}
