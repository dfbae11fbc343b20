import * as z from 'zod/mini';

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
