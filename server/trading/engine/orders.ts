import { eq } from 'drizzle-orm';
import type { FieldErrors } from '../../../shared/api/common.schema';
import type { OrderRequest, TradeView } from '../../../shared/api/trades.schema';
import type Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { marginFor } from '../../../shared/trading/account-maths';
import { effectiveLeverage } from '../../../shared/trading/leverage';
import { closingPrice, openingPrice, type Side } from '../../../shared/trading/prices';
import { lotsFromUnits, lotsProblem } from '../../../shared/trading/sizing';
import { tradeTexts } from '../../../shared/trading/texts';
import { firstError } from '../../../shared/api/common.schema';
import type { Bus } from '../bus';
import type { AppDb, Tx } from '../db/database';
import { plans, trades } from '../db/schema';
import type { UserRow } from '../db/users.repo';
import type { Instrument } from '../market/instruments';
import type { Market } from '../market/market';
import type { LiveQuote } from '../market/quote-book';
import { exposureFromTotals, lockCustomerAccount, type AccountRow } from './accounts';
import { oncePerOrderId, requestHash } from './idempotency';
import { presentTrade, type TradeRow } from './trade-view';

/** An answer to an order: what the API sends, and what the same order id gets again. */
export interface Answer {
  status: number;
  body: unknown;
}

const rejected = (status: number, message: string, errors?: FieldErrors): Answer => ({ status, body: errors ? { message, errors } : { message } });
const invalid = (field: string, message: string): Answer => rejected(422, message, { [field]: [message] });

export interface OrderDeps {
  database: { db: AppDb };
  market: Market;
  bus: Bus;
}

/** The leverage of the customer's plan (account type), if they have one. */
export async function planLeverageOf(db: AppDb | Tx, user: UserRow): Promise<number | undefined> {
  if (user.planId === null) return undefined;
  const [plan] = await db.select({ leverage: plans.leverage }).from(plans).where(eq(plans.id, user.planId));
  return plan?.leverage;
}

/** The most leverage this customer may use on this instrument (client-spec §9 precedence, plan and regulatory caps). */
export function maxLeverageFor({ instrument, classLeverage, planLeverage }: { instrument: Instrument; classLeverage: number; planLeverage: number | undefined }): number {
  return effectiveLeverage({ assetLeverage: classLeverage, planLeverage, regulatoryCap: instrument.regulatoryCap });
}

/**
 * TP/SL must sit on the winning and losing side of `price`: the price the position closes at now (a
 * buy closes at the bid), so neither is reached the moment it opens; or, for a pending order, its
 * order price. Null means no level.
 */
export function protectionProblems({ side, price, takeProfit, stopLoss, against = 'current' }: { side: Side; price: string; takeProfit: string | null; stopLoss: string | null; against?: 'current' | 'order' }): FieldErrors {
  const errors: FieldErrors = {};
  const p = new Money(price);
  if (takeProfit !== null && (side === 'buy' ? new Money(takeProfit).lte(p) : new Money(takeProfit).gte(p))) {
    errors.take_profit = [tradeTexts.takeProfitSide(side, against)];
  }
  if (stopLoss !== null && (side === 'buy' ? new Money(stopLoss).gte(p) : new Money(stopLoss).lte(p))) {
    errors.stop_loss = [tradeTexts.stopLossSide(side, against)];
  }
  return errors;
}

/** 0 (the client's "unset") and null both mean no level. */
export const levelOrNull = (value: string | null | undefined): string | null => (value === undefined || value === null || new Money(value).isZero() ? null : value);

/** Did the price move against the customer by more than the instrument allows since they saw it? */
function requoteNeeded(side: Side, seen: string, fill: string, maxDeviation: string): boolean {
  const adverse = side === 'buy' ? new Money(fill).minus(seen) : new Money(seen).minus(fill);
  return adverse.dividedBy(seen).gt(maxDeviation);
}

/**
 * Places a market order (server-spec §4): prices it from the server's own quote, checks it, and opens
 * the trade, all in one transaction holding the account's lock. With an order id, the first answer is
 * stored and returned again for the same id: never a second trade.
 */
export async function placeMarketOrder(
  { database, market, bus }: OrderDeps,
  { user, order, orderId, classLeverage }: { user: UserRow; order: OrderRequest; orderId: string | undefined; classLeverage: number },
): Promise<Answer> {
  const instrument = market.instrument(order.id);
  if (!instrument?.enabled) return rejected(404, tradeTexts.assetNotFound);

  const hash = requestHash({ request: 'market', ...order, order_id: undefined });
  const answer = await database.db.transaction(async (tx) => {
    const { account, planLeverage } = await lockCustomerAccount(tx, user.id, order.account_id);
    const result = await oncePerOrderId(tx, { accountId: account.id, orderId, hash }, () => executeOrder(tx, { market, account, planLeverage, instrument, order, classLeverage }));
    return { ...result, accountId: account.id };
  });

  if (answer.status === 201 && !answer.replay) {
    bus.publish('trade.updated', { userId: user.id, accountId: answer.accountId, trade: (answer.body as { data: TradeView }).data });
    bus.publish('user.updated', { userId: user.id });
  }
  return { status: answer.status, body: answer.body };
}

/** Size and leverage checks every order passes, market or pending; the lots on success. */
export function checkTerms({
  instrument,
  volume,
  leverage,
  classLeverage,
  planLeverage,
}: {
  instrument: Instrument;
  volume: string;
  leverage: number;
  classLeverage: number;
  planLeverage: number | undefined;
}): { answer: Answer } | { lots: Decimal } {
  const lots = lotsFromUnits({ units: volume, contractSize: instrument.contractSize });
  const sizeProblem = lotsProblem(lots);
  if (sizeProblem) return { answer: invalid('volume', sizeProblem) };
  const maxLeverage = maxLeverageFor({ instrument, classLeverage, planLeverage });
  if (leverage > maxLeverage) return { answer: invalid('leverage', tradeTexts.leverageAbove(maxLeverage)) };
  return { lots };
}

/**
 * Opens a position at `price` if its margin fits in the free margin (the caller holds the account lock):
 * the one way a market order or a filled pending order becomes a trade.
 */
export async function openPosition(
  tx: Tx,
  p: { market: Market; account: AccountRow; instrument: Instrument; side: Side; units: string; lots: Decimal; leverage: number; price: string; takeProfit: string | null; stopLoss: string | null },
): Promise<{ trade: TradeRow } | { answer: Answer }> {
  const conversion = p.market.conversion(p.instrument.quoteCurrency, p.account.currency);
  const margin = marginFor({ units: p.units, price: p.price, leverage: p.leverage, conversion });
  const { freeMargin } = await exposureFromTotals(tx, p.market, p.account);
  if (margin.gt(freeMargin)) return { answer: rejected(422, tradeTexts.insufficientMargin, { volume: [tradeTexts.insufficientMargin] }) };
  const [trade] = await tx
    .insert(trades)
    .values({
      accountId: p.account.id,
      assetId: p.instrument.id,
      side: p.side,
      units: new Money(p.units).toString(),
      lots: p.lots.toFixed(2),
      leverage: p.leverage,
      openPrice: p.price,
      takeProfit: p.takeProfit,
      stopLoss: p.stopLoss,
      margin: margin.toFixed(2),
    })
    .returning();
  return { trade: trade! };
}

/** A TP/SL (or pending) level as stored: null for none, else at the instrument's precision. */
export function normaliseLevel(value: string | null | undefined, digits: number): string | null {
  const level = levelOrNull(value);
  return level === null ? null : new Money(level).toDecimalPlaces(digits).toFixed(digits);
}

async function executeOrder(
  tx: Tx,
  { market, account, planLeverage, instrument, order, classLeverage }: { market: Market; account: AccountRow; planLeverage: number | undefined; instrument: Instrument; order: OrderRequest; classLeverage: number },
): Promise<Answer> {
  const terms = checkTerms({ instrument, volume: order.volume, leverage: order.leverage, classLeverage, planLeverage });
  if ('answer' in terms) return terms.answer;
  if (!market.isOpen(instrument)) return rejected(422, tradeTexts.marketClosed);

  const quote: LiveQuote = market.quotes.get(instrument.id)!;
  const price = openingPrice({ side: order.type, quote });
  if (order.opening_price !== undefined && requoteNeeded(order.type, order.opening_price, price, instrument.maxDeviation)) {
    return { status: 409, body: { message: tradeTexts.requote, price } };
  }
  const takeProfit = normaliseLevel(order.take_profit, instrument.digits);
  const stopLoss = normaliseLevel(order.stop_loss, instrument.digits);
  const sideErrors = protectionProblems({ side: order.type, price: closingPrice({ side: order.type, quote }), takeProfit, stopLoss });
  if (Object.keys(sideErrors).length > 0) return rejected(422, firstError(sideErrors), sideErrors);

  const opened = await openPosition(tx, { market, account, instrument, side: order.type, units: order.volume, lots: terms.lots, leverage: order.leverage, price, takeProfit, stopLoss });
  if ('answer' in opened) return opened.answer;
  return { status: 201, body: { data: presentTrade(market, opened.trade, account.currency) } };
}
