/** Chart timeframes (docs/trading.md#candles) and their period lengths. */
export const timeframeIds = ['M1', 'M5', 'M15', 'H1', 'D1'] as const;
export type Timeframe = (typeof timeframeIds)[number];

export const periodMs: Readonly<Record<Timeframe, number>> = {
  M1: 60_000,
  M5: 5 * 60_000,
  M15: 15 * 60_000,
  H1: 60 * 60_000,
  D1: 24 * 60 * 60_000,
};

/** The start of the period containing `time` (UTC; a day starts at midnight UTC). */
export function periodStart(time: number, timeframe: Timeframe): number {
  const period = periodMs[timeframe];
  return time - (((time % period) + period) % period);
}
