import * as z from 'zod/mini';
import { timeframeIds } from '../trading/timeframes';
import { wireDecimal } from './wire';

export const candleTexts = {
  timeframe: `The timeframe must be one of ${timeframeIds.join(', ')}.`,
  range: 'The range must be two times (seconds since 1970) with from before to.',
} as const;

/** Seconds since 1970, up to the year 2100. */
const epochSeconds = z.optional(z.coerce.number(candleTexts.range).check(z.int(candleTexts.range), z.minimum(0, candleTexts.range), z.maximum(4_102_444_800, candleTexts.range)));

/** GET /assets/{id}/candles?timeframe=&from=&to=&limit= (times in seconds, as lightweight-charts uses them). */
export const candleQuery = z.object({
  timeframe: z._default(z.enum(timeframeIds, candleTexts.timeframe), 'M5'),
  from: epochSeconds,
  to: epochSeconds,
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2000)), 500),
});

export const candleSchema = z.object({
  time: z.number(),
  open: wireDecimal,
  high: wireDecimal,
  low: wireDecimal,
  close: wireDecimal,
  volume: z.number(),
  /** Made up to fill the chart before this site recorded prices (docs/trading.md#candles): never a price anyone saw. */
  synthetic: z.boolean(),
});
export type Candle = z.infer<typeof candleSchema>;

export const candleResponse = z.object({ data: z.array(candleSchema) });
