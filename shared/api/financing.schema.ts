import * as z from 'zod/mini';
import { wireDecimal } from './wire';

/** Overnight financing's back office (docs/trading.md#overnight-financing): the rollovers run, and a day run by hand. */

export const financingTexts = {
  dayRequired: 'Give the rollover’s day as YYYY-MM-DD.',
  notYet: (day: string) => `The rollover of ${day} has not happened yet.`,
  tooOld: 'A rollover more than a year ago cannot be run: its prices are no longer kept.',
  alreadyBooked: (day: string) => `The rollover of ${day} is booked already.`,
  booked: (day: string, positions: number) => `The rollover of ${day} booked ${positions} position${positions === 1 ? '' : 's'}.`,
};

export const rolloverTriggerLabels = { schedule: 'On schedule', staff: 'By staff', command: 'By command' } as const;

export const rolloverSchema = z.object({
  day: z.string(),
  at: z.string(),
  started_at: z.string(),
  completed_at: z.nullable(z.string()),
  trigger: z.enum(['schedule', 'staff', 'command']),
  positions: z.number(),
});
export type RolloverView = z.infer<typeof rolloverSchema>;

export const rolloverList = z.object({
  data: z.array(rolloverSchema),
  /** When the rollover happens, e.g. "17:00 America/New_York", and whether it runs by itself. */
  clock: z.object({ time: z.string(), time_zone: z.string(), scheduled: z.boolean() }),
});

const calendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
export const runRolloverRequest = z.object({
  day: z.string(financingTexts.dayRequired).check(z.trim(), z.refine(calendarDay, financingTexts.dayRequired)),
});

/** The rates in force now, and what admins set (each a new row taking effect at once; docs/trading.md#overnight-financing). */
export const rateTexts = {
  currency: 'Choose a currency of three capital letters, such as USD.',
  benchmark: 'A benchmark is a yearly percentage from -10 to 100, with at most 4 decimals.',
  points: 'Swap points are a number from -100,000 to 100,000, with at most 4 decimals (positive is credited).',
  markup: 'A markup is from 0 to 100, with at most 4 decimals: points per lot for forex and metals, percent a year for the rest.',
  instrument: 'Choose a forex pair or a metal: the other classes are financed at their currency’s benchmark.',
  plan: 'Choose a plan.',
  assetClass: 'Choose an asset class.',
  set: (what: string) => `${what} set, in force from now.`,
};

const decimalIn = (message: string, min: number, max: number) =>
  z.string(message).check(
    z.trim(),
    z.regex(/^-?\d{1,6}(\.\d{1,4})?$/, message),
    z.refine((v) => Number(v) >= min && Number(v) <= max, message),
  );

export const setBenchmarkRequest = z.object({
  currency: z.string(rateTexts.currency).check(z.trim(), z.regex(/^[A-Z]{3}$/, rateTexts.currency)),
  rate_percent: decimalIn(rateTexts.benchmark, -10, 100),
});
export const setSwapPointsRequest = z.object({
  asset_id: z.coerce.number(rateTexts.instrument).check(z.int(rateTexts.instrument), z.minimum(1, rateTexts.instrument)),
  long_points: decimalIn(rateTexts.points, -100_000, 100_000),
  short_points: decimalIn(rateTexts.points, -100_000, 100_000),
});
export const setMarkupRequest = z.object({
  plan_id: z.coerce.number(rateTexts.plan).check(z.int(rateTexts.plan), z.minimum(1, rateTexts.plan)),
  asset_class: z.enum(['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals'], rateTexts.assetClass),
  markup: decimalIn(rateTexts.markup, 0, 100),
});

export const ratesInForce = z.object({
  data: z.object({
    benchmarks: z.array(z.object({ currency: z.string(), rate_percent: wireDecimal, effective_from: z.string() })),
    swap_points: z.array(z.object({ asset_id: z.number(), symbol: z.string(), long_points: wireDecimal, short_points: wireDecimal, effective_from: z.string() })),
    markups: z.array(
      z.object({ plan_id: z.number(), plan: z.string(), asset_class: z.enum(['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals']), markup: wireDecimal, effective_from: z.string() }),
    ),
    /** What the forms choose from: every plan, and the instruments financed in swap points. */
    plans: z.array(z.object({ id: z.number(), title: z.string() })),
    pointed: z.array(z.object({ id: z.number(), symbol: z.string() })),
  }),
});
export type RatesInForce = z.infer<typeof ratesInForce>['data'];

/** What the rollovers and commissions booked, from the ledger: per night (day) and account currency, and per instrument and plan for one. */
const bookedFigures = { charged: wireDecimal, credited: wireDecimal, positions: z.number() };
const chargedFigures = { charged: wireDecimal, sides: z.number() };
export const financingReport = z.object({
  data: z.object({
    nights: z.array(z.object({ day: z.string(), currency: z.string(), ...bookedFigures })),
    /** The night the instruments are for (the latest booked unless one was asked for), or null when none is booked. */
    day: z.nullable(z.string()),
    instruments: z.array(z.object({ symbol: z.string(), plan: z.string(), currency: z.string(), ...bookedFigures })),
    /** Commissions charged, per UTC day and account currency (each side of a trade one), and per instrument and plan on `commission_day`. */
    commissions: z.array(z.object({ day: z.string(), currency: z.string(), ...chargedFigures })),
    /** The day the commission instruments are for (the latest charged unless one was asked for), or null when none is. */
    commission_day: z.nullable(z.string()),
    commission_instruments: z.array(z.object({ symbol: z.string(), plan: z.string(), currency: z.string(), ...chargedFigures })),
  }),
});
export type FinancingReport = z.infer<typeof financingReport>['data'];
export const financingReportQuery = z.object({
  day: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, financingTexts.dayRequired))),
});
