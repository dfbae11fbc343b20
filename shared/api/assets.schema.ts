import * as z from 'zod/mini';
import { decimalString, isoDateTime } from './common.schema';

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
  rate: decimalString,
  change: decimalString,
  change_percent: decimalString,
  price_low: decimalString,
  price_high: decimalString,
  volume: z.nullable(z.number()),
  spread: decimalString,
  buy_spread: decimalString,
  sell_spread: decimalString,
  buy_price: decimalString,
  sell_price: decimalString,
  contract_size: decimalString,
  /** The default position in units (0.01 lot). */
  position: decimalString,
  /** The class's default leverage (site data), first in the client's precedence after the customer's own setting. */
  leverage: z.number(),
  /** The most this customer may use here: plan and regulatory caps applied. */
  max_leverage: z.number(),
  digits: z.number(),
  quote_currency: z.string(),
  trading_hours: z.object({ id: z.string(), label: z.string() }),
  market_open: z.boolean(),
  seq: z.number(),
  updated_at: isoDateTime,
});
export type Asset = z.infer<typeof assetSchema>;

export const assetListResponse = z.object({ data: z.array(assetSchema) });
