import * as z from 'zod/mini';
import { isoDateTime } from './common.schema';
import { wireDecimal } from './wire';

/** An instrument (docs/trading.md#instruments), plus what the ticket needs (digits, max leverage, hours). */
export const assetSchema = z.object({
  id: z.number(),
  asset_id: z.string(),
  name: z.string(),
  symbol: z.string(),
  symbol_display: z.string(),
  sy: z.string(),
  type: z.enum(['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals']),
  category: z.string(),
  image: z.string(),
  tv_symbol: z.string(),
  rate: wireDecimal,
  change: wireDecimal,
  change_percent: wireDecimal,
  price_low: wireDecimal,
  price_high: wireDecimal,
  volume: z.nullable(z.number()),
  spread: wireDecimal,
  buy_spread: wireDecimal,
  sell_spread: wireDecimal,
  buy_price: wireDecimal,
  sell_price: wireDecimal,
  contract_size: wireDecimal,
  /** The default position in units (0.01 lot). */
  position: wireDecimal,
  /** The leverage an order here gets for this customer: the class's within the plan's and the regulatory cap (docs/trading.md#leverage). */
  leverage: z.number(),
  /** The most this customer may use here (the same figure: an order may ask for less, never more). */
  max_leverage: z.number(),
  digits: z.number(),
  /**
   * Overnight financing for this customer (docs/trading.md#overnight-financing), signed (positive is credited): swap
   * points per lot a night (`points`: forex, metals) or percent a year of the notional (`percent`); three nights are
   * charged on `swap_triple_day` (none: crypto, charged every night).
   */
  swap_type: z.enum(['points', 'percent']),
  swap_long: wireDecimal,
  swap_short: wireDecimal,
  swap_triple_day: z.nullable(z.enum(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])),
  /**
   * This customer's plan's conditions here (docs/trading.md#trading-conditions): the points its quotes add to the raw
   * spread (`buy_price`, `sell_price` and `spread` include them), and the commission per side: USD per lot (`per_lot`)
   * or basis points of the notional (`notional`), at least `commission_min` USD.
   */
  spread_markup: z.number(),
  commission_type: z.enum(['per_lot', 'notional']),
  commission_rate: wireDecimal,
  commission_min: wireDecimal,
  quote_currency: z.string(),
  trading_hours: z.object({ id: z.string(), label: z.string() }),
  market_open: z.boolean(),
  seq: z.number(),
  updated_at: isoDateTime,
});
export type Asset = z.infer<typeof assetSchema>;

export const assetListResponse = z.object({ data: z.array(assetSchema) });
