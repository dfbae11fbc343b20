import * as z from 'zod/mini';
import { wireDecimal } from './wire';

/** Dividend adjustments on share and index CFDs (docs/trading.md#dividends): what staff enter and see. */

export const dividendTexts = {
  instrument: 'Choose a share or an index: only they pay dividends.',
  exDate: 'Give the ex-date as YYYY-MM-DD.',
  closedThatDay: 'That market does not open on that day: give the ex-date it trades on.',
  past: 'That ex-date’s open has passed: positions held then can no longer be known for certain.',
  amount: 'A dividend is a positive amount of up to 6 decimals (per share, or index points per unit).',
  longPercent: 'The longs’ share is a percentage from 0 to 100, with at most 2 decimals.',
  exists: 'That instrument has a dividend on that ex-date already.',
  entered: (symbol: string, day: string) => `${symbol}'s dividend is entered: positions held at the open of ${day} are adjusted then.`,
};

const calendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export const enterDividendRequest = z.object({
  asset_id: z.coerce.number(dividendTexts.instrument).check(z.int(dividendTexts.instrument), z.minimum(1, dividendTexts.instrument)),
  ex_date: z.string(dividendTexts.exDate).check(z.trim(), z.refine(calendarDay, dividendTexts.exDate)),
  amount: z.string(dividendTexts.amount).check(
    z.trim(),
    z.refine((v) => /^\d{1,9}(\.\d{1,6})?$/.test(v) && Number(v) > 0, dividendTexts.amount),
  ),
  long_percent: z.string(dividendTexts.longPercent).check(
    z.trim(),
    z.regex(/^\d{1,3}(\.\d{1,2})?$/, dividendTexts.longPercent),
    z.refine((v) => Number(v) <= 100, dividendTexts.longPercent),
  ),
});

export const dividendSchema = z.object({
  id: z.number(),
  asset_id: z.number(),
  symbol: z.string(),
  ex_date: z.string(),
  amount: wireDecimal,
  long_percent: wireDecimal,
  booked_at: z.nullable(z.string()),
  positions: z.number(),
});
export type DividendView = z.infer<typeof dividendSchema>;

export const dividendList = z.object({
  data: z.object({
    dividends: z.array(dividendSchema),
    /** What the form chooses from: the shares and indices. */
    instruments: z.array(z.object({ id: z.number(), symbol: z.string() })),
  }),
});
export type DividendList = z.infer<typeof dividendList>['data'];
