import * as z from 'zod/mini';
import { pendingTexts, tradeTexts } from '../trading/texts';
import { sizingTexts } from '../trading/sizing';
import { isoDateTime, plainText, positiveInt } from './common.schema';
import { Money } from '../money';
import { decimalOfNumber, wireDecimal, wireStringId } from './wire';

/** A decimal sent as a JSON number or a string, kept as a canonical string (no float arithmetic on it). */
export const decimalInput = (message: string) =>
  z.pipe(
    z.union([z.string(message), z.number(message)], message),
    z.transform((value, ctx) => {
      // A JSON number is a double: read as its shortest decimal and rounded to the 10 decimals a column
      // keeps, so a client that worked out 0.07 lots × 100,000 as 7000.000000000001 means 7000. A string
      // says exactly what it means and is taken as written.
      const text = typeof value === 'number' ? (Number.isFinite(value) ? new Money(decimalOfNumber(value)).toDecimalPlaces(10).toFixed() : 'NaN') : value.trim();
      // At most 13 whole digits and 10 decimals: what the database's NUMERIC(24,10) columns hold.
      if (!/^\d{1,13}(\.\d{1,10})?$/.test(text)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return text;
    }),
  );

/** What every order states, market or pending. */
const orderTerms = {
  type: z.enum(['buy', 'sell'], tradeTexts.type),
  id: positiveInt(tradeTexts.noAsset),
  volume: decimalInput(sizingTexts.volumeInvalid),
  leverage: positiveInt(tradeTexts.leverage),
  take_profit: z.optional(z.nullable(decimalInput(tradeTexts.takeProfit))),
  stop_loss: z.optional(z.nullable(decimalInput(tradeTexts.stopLoss))),
  account_id: z.optional(positiveInt(tradeTexts.accountNotFound)),
  /** The client's order id, made anew for each attempt: the idempotency key (or the Idempotency-Key header). */
  order_id: z.optional(z.string(tradeTexts.orderId).check(z.minLength(1, tradeTexts.orderId), z.maxLength(100, tradeTexts.orderId), plainText(tradeTexts.orderId))),
};

/** POST /trades/store (docs/trading.md#market-orders). Extra fields the client sends (amount, qty, margin, names) are ignored. */
export const orderRequest = z.object({
  ...orderTerms,
  /** The price the customer saw: a fill that moved against them by more than the instrument allows is requoted. */
  opening_price: z.optional(decimalInput(tradeTexts.seenPrice)),
});
export type OrderRequest = z.infer<typeof orderRequest>;

/** A pending order: buy/sell limit or stop at `price` (docs/trading.md#pending-orders). */
export const pendingOrderRequest = z.object({
  ...orderTerms,
  kind: z.enum(['limit', 'stop'], pendingTexts.kind),
  price: decimalInput(pendingTexts.price),
});
export type PendingOrderRequest = z.infer<typeof pendingOrderRequest>;

/** Moving a waiting pending order (docs/trading.md#pending-orders): a field left out keeps its value; 0 or null removes a TP/SL. */
export const pendingUpdateRequest = z.object({
  price: z.optional(decimalInput(pendingTexts.price)),
  take_profit: z.optional(z.nullable(decimalInput(tradeTexts.takeProfit))),
  stop_loss: z.optional(z.nullable(decimalInput(tradeTexts.stopLoss))),
});

export const pendingOrderSchema = z.object({
  id: z.number(),
  account_id: z.number(),
  /** The instrument's key, as on trades; its numeric id is `instrument_id`. */
  asset_id: z.string(),
  instrument_id: z.number(),
  asset_symbol: z.string(),
  asset_name: z.string(),
  trade_type: z.enum(['buy', 'sell']),
  kind: z.enum(['limit', 'stop']),
  price: wireDecimal,
  volume: wireDecimal,
  lots: wireDecimal,
  leverage: z.number(),
  take_profit: z.nullable(wireDecimal),
  stop_loss: z.nullable(wireDecimal),
  status: z.enum(['pending', 'filled', 'cancelled', 'rejected']),
  trade_id: z.nullable(wireStringId),
  reason: z.nullable(z.string()),
  created_at: isoDateTime,
  resolved_at: z.nullable(isoDateTime),
});
export type PendingOrderView = z.infer<typeof pendingOrderSchema>;

export const closeRequest = z.object({
  volume: z.optional(decimalInput(tradeTexts.closeVolume)),
});

export const protectionUpdateRequest = z.object({
  take_profit: z.optional(z.nullable(decimalInput(tradeTexts.takeProfit))),
  stop_loss: z.optional(z.nullable(decimalInput(tradeTexts.stopLoss))),
  /** Trailing stop distance in points (docs/trading.md#trailing-stop); 0 or null switches it off; absent keeps it. */
  trailing_stop: z.optional(z.nullable(z.number(tradeTexts.trailingStop))),
});

/** How a position ended, in words a trader reads (the wire keeps the code: `take_profit`). */
export const closeReasonLabels: Readonly<Record<string, string>> = {
  manual: 'Manual close',
  take_profit: 'Take profit',
  stop_loss: 'Stop loss',
  stop_out: 'Stop out',
  partial: 'Partial close',
  expert_advisor: 'Expert advisor',
  autotrader: 'AutoTrader',
};
export const closeReasonLabel = (reason: string) => closeReasonLabels[reason] ?? reason.replace(/_/g, ' ');

export const tradeSchema = z.object({
  /** A string on the wire (the original client calls string methods on it), a number in our code. */
  id: wireStringId,
  trade_id: z.string(),
  account_id: z.number(),
  /** The instrument's key, as `/assets` and the price feed name it ("EURUSD"); its numeric id is `instrument_id`. */
  asset_id: z.string(),
  instrument_id: z.number(),
  asset_symbol: z.string(),
  asset_name: z.string(),
  trade_type: z.enum(['buy', 'sell']),
  /** Units. */
  volume: wireDecimal,
  lots: wireDecimal,
  margin: wireDecimal,
  leverage: z.number(),
  opening_price: wireDecimal,
  /** The close price, or the latest price it would close at while open. */
  closing_price: z.nullable(wireDecimal),
  take_profit: z.nullable(wireDecimal),
  stop_loss: z.nullable(wireDecimal),
  /**
   * Trailing stop distance in points, or null: while set, the engine moves `stop_loss` after the price. Read as null
   * where it is missing (a client reading an answer stored before it existed; the server fills it in when replaying).
   */
  trailing_stop: z._default(z.nullable(z.number()), null),
  /** Realized P/L when closed, live P/L while open (account currency). */
  pnl: wireDecimal,
  /** The commission charged on this trade at its open and close, in the account currency (docs/trading.md#trading-conditions). */
  paid_commission: wireDecimal,
  /** Overnight financing booked on this trade so far, in the account currency (docs/trading.md#overnight-financing). The original client's position table reads both. */
  swap: wireDecimal,
  /**
   * Dividend adjustments booked on this position so far (docs/trading.md#dividends), in the account currency: credited to
   * a long, debited from a short. Read as 0 where it is missing (an answer stored before it existed).
   */
  dividends: z._default(wireDecimal, '0.00'),
  status: z.enum(['open', 'closed']),
  close_reason: z.nullable(z.string()),
  open_time: isoDateTime,
  close_time: z.nullable(isoDateTime),
  /** Who opened it: the customer by hand, their expert advisor, or AutoTrader. */
  placed_by: z.enum(['customer', 'expert_advisor', 'autotrader']),
  /** The EA that opened it, when one did. */
  expert_advisor_id: z.nullable(z.number()),
});
export type TradeView = z.infer<typeof tradeSchema>;

export function paged<T extends z.core.$ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ current_page: z.number(), per_page: z.number(), last_page: z.number(), total: z.number() }),
    links: z.object({ next: z.nullable(z.string()) }),
  });
}

export const tradePage = paged(tradeSchema);
export const pendingOrderPage = paged(pendingOrderSchema);

/** GET /accounts: each account with its figures (docs/trading.md#account-figures), worked out by the server. */
export const accountSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  type: z.enum(['live', 'demo']),
  title: z.string(),
  currency: z.string(),
  open_trades: z.number(),
  balance: wireDecimal,
  credit: wireDecimal,
  equity: wireDecimal,
  margin: wireDecimal,
  freeMargin: wireDecimal,
  marginLevel: z.string(),
  pnl: wireDecimal,
  lifetimePnl: wireDecimal,
});
export type AccountSummaryView = z.infer<typeof accountSummarySchema>;
export const accountSummaryList = z.object({ data: z.array(accountSummarySchema) });
