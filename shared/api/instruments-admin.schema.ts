import * as z from 'zod/mini';
import { assetClasses } from '../constants';
import { scheduleIds } from '../trading/hours';
import { paged } from './trades.schema';

/** Admins list and change instruments (docs/back-office.md#instruments): listed or not, spreads, trading hours. */

export const instrumentTexts = {
  spread: 'A spread is a fraction of the price from 0 to 0.05 (5 %), with at most 8 decimals: 0.00005 is 0.005 %.',
  schedule: `Choose trading hours: ${scheduleIds.join(', ')}.`,
  nothing: 'Change at least one of enabled, buy_spread, sell_spread or schedule.',
  notFound: 'Instrument not found.',
} as const;

const spread = z.string(instrumentTexts.spread).check(
  z.trim(),
  z.regex(/^0(\.\d{1,8})?$/, instrumentTexts.spread),
  z.refine((v) => Number(v) <= 0.05, instrumentTexts.spread),
);

export const instrumentChangeRequest = z
  .strictObject({
    enabled: z.optional(z.boolean('Enabled is true or false.')),
    buy_spread: z.optional(spread),
    sell_spread: z.optional(spread),
    schedule: z.optional(z.enum(scheduleIds, instrumentTexts.schedule)),
  })
  .check(z.refine((c) => Object.values(c).some((v) => v !== undefined), instrumentTexts.nothing));
export type InstrumentChange = z.infer<typeof instrumentChangeRequest>;

export const instrumentListQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(60, 'Search for at most 60 characters.'))),
  class: z.optional(z.enum(assetClasses, `Choose a class: ${assetClasses.join(', ')}.`)),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});
export type InstrumentListQuery = z.infer<typeof instrumentListQuery>;

export const adminInstrumentSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  name: z.string(),
  asset_class: z.enum(assetClasses),
  digits: z.number(),
  enabled: z.boolean(),
  buy_spread: z.string(),
  sell_spread: z.string(),
  schedule: z.enum(scheduleIds),
  schedule_label: z.string(),
  regulatory_leverage_cap: z.number(),
});
export type AdminInstrument = z.infer<typeof adminInstrumentSchema>;
export const adminInstrumentPage = paged(adminInstrumentSchema);
