import { and, eq } from 'drizzle-orm';
import type { PendingOrderRequest, PendingOrderView } from '../../../shared/api/trades.schema';
import { firstError } from '../../../shared/api/common.schema';
import { Money } from '../../../shared/money';
import { pendingTexts, tradeTexts } from '../../../shared/trading/texts';
import type { Bus } from '../bus';
import type { AppDb, Tx } from '../db/database';
import { addNotification } from '../db/notifications.repo';
import { pendingOrders, tradingAccounts } from '../db/schema';
import type { UserRow } from '../db/users.repo';
import type { Market } from '../market/market';
import { lockAccount, lockCustomerAccount } from './accounts';
import { checkTerms, normaliseLevel, openPosition, protectionProblems, type Answer } from './orders';
import { closingPrice } from '../../../shared/trading/prices';
import { oncePerOrderId, requestHash } from './idempotency';
import type { LiveQuote } from '../market/quote-book';
import { presentTrade } from './trade-view';
import type { TriggerKind } from './trigger-index';

export type PendingRow = typeof pendingOrders.$inferSelect;

export function presentPending(market: Market, row: PendingRow): PendingOrderView {
  const instrument = market.instrument(row.assetId);
  const digits = instrument?.digits ?? 5;
  const fixed = (v: string | null) => (v === null ? null : new Money(v).toFixed(digits));
  return {
    id: row.id,
    account_id: row.accountId,
    asset_id: row.assetId,
    asset_symbol: instrument?.symbol ?? '',
    asset_name: instrument?.name ?? '',
    trade_type: row.side,
    kind: row.kind,
    price: fixed(row.price)!,
    volume: new Money(row.units).toString(),
    lots: new Money(row.lots).toFixed(2),
    leverage: row.leverage,
    take_profit: fixed(row.takeProfit),
    stop_loss: fixed(row.stopLoss),
    status: row.status,
    trade_id: row.tradeId,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** The trigger an order waits on: a buy watches the ask, a sell the bid. */
export const triggerKindOf = (side: 'buy' | 'sell', kind: 'limit' | 'stop'): TriggerKind => `${side}_${kind}`;

interface Deps {
  database: { db: AppDb };
  market: Market;
  bus: Bus;
}

/** Places a limit or stop order: the price must be on the waiting side of the current quote. */
export async function placePending(
  { database, market, bus }: Deps,
  { user, order, orderId, classLeverage, origin }: { user: UserRow; order: PendingOrderRequest; orderId: string | undefined; classLeverage: number; origin?: string | undefined },
): Promise<Answer> {
  const instrument = market.instrument(order.id);
  if (!instrument?.enabled) return { status: 404, body: { message: tradeTexts.assetNotFound } };
  const price = new Money(order.price).toDecimalPlaces(instrument.digits).toFixed(instrument.digits);
  const quote = market.quotes.get(instrument.id)!;
  const reference = new Money(order.type === 'buy' ? quote.ask : quote.bid);
  const waiting = order.kind === 'limit' ? (order.type === 'buy' ? reference.gt(price) : reference.lt(price)) : order.type === 'buy' ? reference.lt(price) : reference.gt(price);
  if (new Money(price).lte(0) || !waiting) {
    const message = pendingTexts.priceSide(order.type, order.kind);
    return { status: 422, body: { message, errors: { price: [message] } } };
  }
  const takeProfit = normaliseLevel(order.take_profit, instrument.digits);
  const stopLoss = normaliseLevel(order.stop_loss, instrument.digits);
  const sideErrors = protectionProblems({ side: order.type, price, takeProfit, stopLoss, against: 'order' });
  if (Object.keys(sideErrors).length > 0) return { status: 422, body: { message: firstError(sideErrors), errors: sideErrors } };

  const hash = requestHash({ request: 'pending', ...order, order_id: undefined });
  const result = await database.db.transaction(async (tx) => {
    const { account, planLeverage } = await lockCustomerAccount(tx, user.id, order.account_id);
    const answer = await oncePerOrderId(tx, { accountId: account.id, orderId, hash }, async () => {
      const terms = checkTerms({ instrument, volume: order.volume, leverage: order.leverage, classLeverage, planLeverage });
      if ('answer' in terms) return terms.answer;
      const [row] = await tx
        .insert(pendingOrders)
        .values({ accountId: account.id, assetId: instrument.id, side: order.type, kind: order.kind, price, units: new Money(order.volume).toString(), lots: terms.lots.toFixed(2), leverage: order.leverage, takeProfit, stopLoss })
        .returning();
      return { status: 201, body: { data: presentPending(market, row!) } };
    });
    return { ...answer, accountId: account.id };
  });
  if (result.status === 201 && !result.replay) {
    bus.publish('order.updated', { userId: user.id, accountId: result.accountId, order: (result.body as { data: PendingOrderView }).data, origin });
  }
  return { status: result.status, body: result.body };
}

export async function cancelPending({ database, market, bus }: Deps, { userId, orderId, origin }: { userId: number; orderId: number; origin?: string | undefined }): Promise<Answer> {
  const result = await database.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ accountId: pendingOrders.accountId })
      .from(pendingOrders)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, pendingOrders.accountId))
      .where(and(eq(pendingOrders.id, orderId), eq(tradingAccounts.userId, userId)));
    if (!owned) return { status: 404, message: pendingTexts.notFound } as const;
    await lockAccount(tx, owned.accountId);
    const [row] = await tx
      .update(pendingOrders)
      .set({ status: 'cancelled', resolvedAt: new Date(), reason: 'Cancelled by the customer' })
      .where(and(eq(pendingOrders.id, orderId), eq(pendingOrders.status, 'pending')))
      .returning();
    if (!row) return { status: 409, message: pendingTexts.notPending } as const;
    return { status: 200, view: presentPending(market, row), accountId: owned.accountId } as const;
  });
  if (result.status !== 200) return { status: result.status, body: { message: result.message } };
  bus.publish('order.updated', { userId, accountId: result.accountId, order: result.view, origin });
  return { status: 200, body: { data: result.view } };
}

/**
 * The engine fills an order whose price was reached, at that tick's price, if it is still pending,
 * its market open and its margin fits; otherwise it is rejected with the reason. Either way a notice.
 */
export async function fillPending(tx: Tx, { market, orderId, price, quote }: { market: Market; orderId: number; price: string; quote: LiveQuote }) {
  const [head] = await tx.select({ accountId: pendingOrders.accountId }).from(pendingOrders).where(eq(pendingOrders.id, orderId));
  if (!head) return null;
  const account = await lockAccount(tx, head.accountId);
  const [order] = await tx.select().from(pendingOrders).where(and(eq(pendingOrders.id, orderId), eq(pendingOrders.status, 'pending')));
  const instrument = order && market.instrument(order.assetId);
  if (!order || !instrument || !market.isOpen(instrument)) return null;
  // After a gap the fill can be better than the order price, past the order's own TP or SL: refused then.
  const levelsPassed = Object.keys(protectionProblems({ side: order.side, price: closingPrice({ side: order.side, quote }), takeProfit: order.takeProfit, stopLoss: order.stopLoss })).length > 0;
  const opened = levelsPassed
    ? { answer: { status: 422, body: { message: tradeTexts.levelsPassedAtFill } } }
    : await openPosition(tx, { market, account, instrument, side: order.side, units: order.units, lots: new Money(order.lots), leverage: order.leverage, price, takeProfit: order.takeProfit, stopLoss: order.stopLoss });
  const label = `${instrument.symbol} ${order.side} ${order.kind} ${new Money(order.lots).toFixed(2)} lots`;
  if ('answer' in opened) {
    const reason = (opened.answer.body as { message: string }).message;
    const [row] = await tx.update(pendingOrders).set({ status: 'rejected', reason, resolvedAt: new Date() }).where(eq(pendingOrders.id, orderId)).returning();
    const notice = await addNotification(tx, { userId: account.userId, title: 'Order rejected', message: `${label} at ${price} was not filled: ${reason}.`, color: 'danger' });
    return { userId: account.userId, accountId: account.id, order: presentPending(market, row!), trade: null, notice };
  }
  const [row] = await tx.update(pendingOrders).set({ status: 'filled', tradeId: opened.trade.id, resolvedAt: new Date() }).where(eq(pendingOrders.id, orderId)).returning();
  const notice = await addNotification(tx, { userId: account.userId, title: 'Order filled', message: `${label} filled at ${price}.`, color: 'success' });
  return { userId: account.userId, accountId: account.id, order: presentPending(market, row!), trade: presentTrade(market, opened.trade, account.currency), notice };
}
