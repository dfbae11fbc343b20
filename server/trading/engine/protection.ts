import { eq } from 'drizzle-orm';
import { firstError } from '../../../shared/api/common.schema';
import type { TradeView } from '../../../shared/api/trades.schema';
import { closingPrice } from '../../../shared/trading/prices';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { trades } from '../db/schema';
import type { Market } from '../market/market';
import { lockOpenTradeOf } from './accounts';
import { normaliseLevel, protectionProblems, type Answer } from './orders';
import { presentTrade } from './trade-view';

/**
 * Changes the take profit and stop loss of an open trade (server-spec §5). Each level must be on the
 * right side of the price the trade would close at now; 0 or null removes it; an absent field keeps it.
 */
export async function changeProtection(
  { database, market, bus }: { database: { db: AppDb }; market: Market; bus: Bus },
  { userId, tradeId, levels, origin }: { userId: number; tradeId: number; levels: { take_profit?: string | null | undefined; stop_loss?: string | null | undefined }; origin?: string | undefined },
): Promise<Answer> {
  const result = await database.db.transaction(async (tx): Promise<Answer & { accountId?: number; trade?: TradeView }> => {
    const locked = await lockOpenTradeOf(tx, userId, tradeId);
    if ('status' in locked) return locked;
    const { account, trade } = locked;
    const digits = market.instrument(trade.assetId)?.digits ?? 5;
    const takeProfit = levels.take_profit === undefined ? trade.takeProfit : normaliseLevel(levels.take_profit, digits);
    const stopLoss = levels.stop_loss === undefined ? trade.stopLoss : normaliseLevel(levels.stop_loss, digits);
    const price = closingPrice({ side: trade.side, quote: market.quotes.get(trade.assetId)! });
    // Checked against the closing side: a buy's TP above the current sell price, its SL below it; a sell the reverse.
    const errors = protectionProblems({ side: trade.side, price, takeProfit: takeProfit === trade.takeProfit ? null : takeProfit, stopLoss: stopLoss === trade.stopLoss ? null : stopLoss });
    if (Object.keys(errors).length > 0) return { status: 422, body: { message: firstError(errors), errors } };
    const [updated] = await tx.update(trades).set({ takeProfit, stopLoss }).where(eq(trades.id, tradeId)).returning();
    const view = presentTrade(market, updated!, account.currency);
    return { status: 200, body: { data: view }, accountId: account.id, trade: view };
  });
  if (result.status === 200 && result.accountId !== undefined && result.trade) bus.publish('trade.updated', { userId, accountId: result.accountId, trade: result.trade, origin });
  return { status: result.status, body: result.body };
}
