import type { PendingOrderView } from '../../../shared/api/trades.schema';
import { Money } from '../../../shared/money';
import { pendingTexts, tradeTexts } from '../../../shared/trading/texts';
import type { Bus } from '../bus';
import type { AppDb, Tx } from '../db/database';
import { addNotification } from '../db/notifications.repo';
import { accountIdOfCustomerOrder, accountIdOfPendingOrder, findWaitingOrder, insertPendingOrder, moveWaitingOrder, resolvePendingOrder, type PendingRow } from '../db/pending-orders.repo';
import { done, refusal, refused, type Outcome } from '../errors';
import type { Market } from '../market/market';
import type { Instrument } from '../market/instruments';
import { lockAccount, lockCustomerAccount, type AccountRow } from './accounts';
import { normaliseLevel, pendingFillAllowed, pendingPriceWaits, protectionProblems } from '../../../shared/trading/levels';
import { checkTerms, openPosition, type PendingOrder } from './orders';
import { closingPrice, type Side } from '../../../shared/trading/prices';
import { pointsOf } from '../../../shared/trading/points';
import { oncePerOrderId, orderFingerprint } from './idempotency';
import type { LiveQuote } from '../market/quote-book';
import type { Group } from '../market/conditions';
import { presentTrade, storedPendingView } from './trade-view';
import type { TriggerKind } from './trigger-index';

export type { PendingRow };

export function presentPending(market: Market, row: PendingRow): PendingOrderView {
  const instrument = market.instrument(row.assetId);
  const digits = instrument?.digits ?? 5;
  const fixed = (v: string | null) => (v === null ? null : new Money(v).toFixed(digits));
  return {
    id: row.id,
    account_id: row.accountId,
    asset_id: instrument?.symbol ?? '',
    instrument_id: row.assetId,
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

/**
 * An enabled instrument with its current quote, or the refusal: an order (placed or moved) is checked against the
 * quote, so without either it is as unknown to the customer as a disabled one.
 */
function pricedInstrument(market: Market, assetId: number, account: Pick<AccountRow, 'planId'>): Outcome<{ instrument: Instrument; quote: LiveQuote }> {
  const instrument = market.instrument(assetId);
  const quote = market.quoteOf(assetId, account);
  if (!instrument?.enabled || !quote) return refused(refusal.notFound(tradeTexts.assetNotFound));
  return done({ instrument, quote });
}

/** Whether an order at `price` (at the instrument's digits) would wait rather than fill at `quote` (see `pendingPriceWaits`). */
const waitsAt = (quote: LiveQuote, order: { side: Side; kind: 'limit' | 'stop'; price: string }) => pendingPriceWaits({ ...order, bid: quote.bid, ask: quote.ask });

interface Deps {
  database: { db: AppDb };
  market: Market;
  bus: Bus;
}

/** Places a limit or stop order: the price must be on the waiting side of the current quote. */
export async function placePending(
  { database, market, bus }: Deps,
  { userId, order, orderId, classLeverage, origin }: { userId: number; order: PendingOrder; orderId: string | undefined; classLeverage: number; origin?: string | undefined },
): Promise<Outcome<PendingOrderView>> {
  const instrument = market.instrument(order.assetId);
  if (!instrument?.enabled) return refused(refusal.notFound(tradeTexts.assetNotFound));
  const price = new Money(order.price).toDecimalPlaces(instrument.digits).toFixed(instrument.digits);
  const takeProfit = normaliseLevel(order.takeProfit, instrument.digits);
  const stopLoss = normaliseLevel(order.stopLoss, instrument.digits);
  const sideErrors = protectionProblems({ side: order.side, price, takeProfit, stopLoss, against: 'order' });
  if (Object.keys(sideErrors).length > 0) return refused(refusal.fields(sideErrors));

  const hash = orderFingerprint('pending', order);
  const result = await database.db.transaction(async (tx) => {
    const { account, planLeverage } = await lockCustomerAccount(tx, userId, order.accountId);
    // Checked against the quote of the account's own group (docs/trading.md#trading-conditions).
    const priced = pricedInstrument(market, instrument.id, account);
    if (!priced.ok) return { outcome: priced, replay: false, accountId: account.id, planId: account.planId };
    if (!waitsAt(priced.value.quote, { side: order.side, kind: order.kind, price })) {
      return { outcome: refused(refusal.invalid(pendingTexts.priceSide(order.side, order.kind), 'price')), replay: false, accountId: account.id, planId: account.planId };
    }
    const once = await oncePerOrderId(tx, { accountId: account.id, orderId, hash }, async (): Promise<Outcome<PendingOrderView>> => {
      const terms = checkTerms({ instrument, units: order.units, leverage: order.leverage, classLeverage, planLeverage });
      if ('refusal' in terms) return refused(terms.refusal);
      const row = await insertPendingOrder(tx, {
        accountId: account.id,
        assetId: instrument.id,
        side: order.side,
        kind: order.kind,
        price,
        units: new Money(order.units).toString(),
        lots: terms.lots.toFixed(2),
        leverage: terms.leverage,
        takeProfit,
        stopLoss,
      });
      return done(presentPending(market, row));
    });
    return { ...once, accountId: account.id, planId: account.planId };
  });
  if (result.outcome.ok && !result.replay) bus.publish('order.updated', { userId, accountId: result.accountId, planId: result.planId, order: result.outcome.value, origin });
  return result.replay && result.outcome.ok ? done(storedPendingView(market, result.outcome.value)) : result.outcome;
}

/**
 * A change to one of the customer's own orders (cancel, move), under the account lock the engine's fill takes:
 * someone else's order is 404; `change` answers the changed row, or a refusal. Published as `order.updated`.
 */
async function changeOwnOrder(
  { database, market, bus }: Deps,
  { userId, orderId, origin }: { userId: number; orderId: number; origin?: string | undefined },
  change: (tx: Tx, account: AccountRow) => Promise<Outcome<PendingRow>>,
): Promise<Outcome<PendingOrderView>> {
  const result = await database.db.transaction(async (tx): Promise<Outcome<{ order: PendingOrderView; accountId: number }>> => {
    const accountId = await accountIdOfCustomerOrder(tx, userId, orderId);
    if (accountId === undefined) return refused(refusal.notFound(pendingTexts.notFound));
    const account = await lockAccount(tx, accountId);
    const changed = await change(tx, account);
    return changed.ok ? done({ order: presentPending(market, changed.value), accountId }) : changed;
  });
  if (!result.ok) return result;
  const { order, accountId } = result.value;
  bus.publish('order.updated', { userId, accountId, order, origin });
  return done(order);
}

export function cancelPending(deps: Deps, request: { userId: number; orderId: number; origin?: string | undefined }): Promise<Outcome<PendingOrderView>> {
  return changeOwnOrder(deps, request, async (tx) => {
    const row = await resolvePendingOrder(tx, request.orderId, { status: 'cancelled', reason: 'Cancelled by the customer' });
    return row ? done(row) : refused(refusal.conflict(pendingTexts.notPending));
  });
}

export interface PendingChange {
  price?: string | undefined;
  takeProfit?: string | null | undefined;
  stopLoss?: string | null | undefined;
}

/**
 * Moves a waiting order (docs/trading.md#pending-orders): a new price must be on the waiting side of the
 * current quote as at placement, and the levels are checked against the order price; an absent field keeps
 * its value, 0 or null removes a level. Allowed while the market is closed. It holds the account lock the
 * engine's fill takes, so a fill either happens first (and the move answers 409) or sees the moved order.
 */
export function movePending(deps: Deps, { change, ...request }: { userId: number; orderId: number; change: PendingChange; origin?: string | undefined }): Promise<Outcome<PendingOrderView>> {
  return changeOwnOrder(deps, request, async (tx, account) => {
    const order = await findWaitingOrder(tx, request.orderId);
    if (!order) return refused(refusal.conflict(pendingTexts.notPending));
    const priced = pricedInstrument(deps.market, order.assetId, account);
    if (!priced.ok) return priced;
    const { digits } = priced.value.instrument;
    const price = change.price === undefined ? order.price : new Money(change.price).toDecimalPlaces(digits).toFixed(digits);
    const moved = !new Money(price).eq(order.price);
    if (moved && !waitsAt(priced.value.quote, { side: order.side, kind: order.kind, price })) {
      return refused(refusal.invalid(pendingTexts.priceSide(order.side, order.kind), 'price'));
    }
    const takeProfit = change.takeProfit === undefined ? order.takeProfit : normaliseLevel(change.takeProfit, digits);
    const stopLoss = change.stopLoss === undefined ? order.stopLoss : normaliseLevel(change.stopLoss, digits);
    const sideErrors = protectionProblems({ side: order.side, price, takeProfit, stopLoss, against: 'order' });
    if (Object.keys(sideErrors).length > 0) return refused(refusal.fields(sideErrors));
    const row = await moveWaitingOrder(tx, request.orderId, { price, takeProfit, stopLoss });
    return row ? done(row) : refused(refusal.conflict(pendingTexts.notPending));
  });
}

/**
 * The engine fills an order whose price (`level`, in points, as its trigger had it) was reached in its client
 * group (`group`), at that tick's price in that group, if it is still pending at that price, its market open and its margin fits; otherwise it is
 * rejected with the reason. Either way a notice. A price the order's type does not allow (a limit's worse
 * than its price, a stop's short of its level) fills nothing, whatever fired: the order waits.
 */
export async function fillPending(tx: Tx, { market, orderId, level, group, price, quote }: { market: Market; orderId: number; level: number; group: Group; price: string; quote: LiveQuote }) {
  const accountId = await accountIdOfPendingOrder(tx, orderId);
  if (accountId === undefined) return null;
  const account = await lockAccount(tx, accountId);
  // Fired in another group's book (its plan changed, or was not known yet): indexed again in its own.
  if (market.groupOf(account.planId) !== group) return null;
  const order = await findWaitingOrder(tx, orderId);
  const instrument = order && market.instrument(order.assetId);
  if (!order || !instrument || !market.isOpen(instrument)) return null;
  // Moved since its trigger fired (the move committed first): not filled at the old price; indexed again at the new one.
  if (pointsOf(order.price, instrument.digits) !== level) return null;
  // The guarantee of docs/trading.md#pending-orders checked where the fill is booked, not only by the trigger that fired it.
  if (!pendingFillAllowed({ side: order.side, kind: order.kind, orderPrice: order.price, price })) return null;
  // After a gap the fill can be better than the order price, past the order's own TP or SL: refused then.
  const levelsPassed = Object.keys(protectionProblems({ side: order.side, price: closingPrice({ side: order.side, quote }), takeProfit: order.takeProfit, stopLoss: order.stopLoss })).length > 0;
  const opened = levelsPassed
    ? { refusal: refusal.invalid(tradeTexts.levelsPassedAtFill) }
    : await openPosition(tx, {
        market,
        account,
        instrument,
        side: order.side,
        units: order.units,
        lots: new Money(order.lots),
        leverage: order.leverage,
        price,
        takeProfit: order.takeProfit,
        stopLoss: order.stopLoss,
      });
  const label = `${instrument.symbol} ${order.side} ${order.kind} ${new Money(order.lots).toFixed(2)} lots`;
  if ('refusal' in opened) {
    const reason = opened.refusal.message;
    const row = await resolvePendingOrder(tx, orderId, { status: 'rejected', reason });
    const notice = await addNotification(tx, { userId: account.userId, title: 'Order rejected', message: `${label} at ${price} was not filled: ${reason}.`, color: 'danger' });
    return { userId: account.userId, accountId: account.id, order: presentPending(market, row!), trade: null, notice };
  }
  const row = await resolvePendingOrder(tx, orderId, { status: 'filled', reason: null, tradeId: opened.trade.id });
  const notice = await addNotification(tx, { userId: account.userId, title: 'Order filled', message: `${label} filled at ${price}.`, color: 'success' });
  return { userId: account.userId, accountId: account.id, order: presentPending(market, row!), trade: presentTrade(market, opened.trade, account), notice };
}
