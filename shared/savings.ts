import Decimal from 'decimal.js';
import { Money } from './money';

/**
 * Savings arithmetic shared by the server (what is booked) and the pages (the preview), so the preview
 * is what will be paid (docs/customer-area.md#savings).
 *
 * - Interest accrues for each whole UTC day the money is saved, starting the day after it was saved:
 *   amount × yearly rate ÷ 100 ÷ 365 a day, kept to 10 decimals (rounded down, never more than the rate).
 * - A fixed term of n months runs from the opening day to the same day n months later (the last day of
 *   a shorter month when it has no such day): that many interest days; the money is released at the
 *   midnight (UTC) after the last one.
 * - Interest is paid in cents, rounded down; the remainder stays in the saving, exact.
 */

export const savingsPeriods = ['flexible', '1_month', '3_months', '6_months', '12_months'] as const;
export type SavingsPeriod = (typeof savingsPeriods)[number];
export const savingsEarlyRules = ['forfeit_interest', 'locked'] as const;
export type SavingsEarlyRule = (typeof savingsEarlyRules)[number];

export const periodLabels: Record<SavingsPeriod, string> = {
  flexible: 'Flexible',
  '1_month': '1 Month',
  '3_months': '3 Months',
  '6_months': '6 Months',
  '12_months': '12 Months',
};

export const periodMonths: Record<SavingsPeriod, number> = { flexible: 0, '1_month': 1, '3_months': 3, '6_months': 6, '12_months': 12 };

export const earlyRuleLabels: Record<SavingsEarlyRule, string> = {
  forfeit_interest: 'May end early: principal back, interest forfeited',
  locked: 'Locked until maturity',
};

const dayMs = 86_400_000;

/** The UTC day number (days since 1970-01-01) a moment falls on. */
export const dayNumberOf = (at: Date): number => Math.floor(at.getTime() / dayMs);
/** A day number as the database's date: `YYYY-MM-DD`. */
export const dayText = (day: number): string => new Date(day * dayMs).toISOString().slice(0, 10);
/** A `YYYY-MM-DD` date as its day number. */
export const dayNumberOfText = (text: string): number => Math.floor(Date.parse(`${text}T00:00:00Z`) / dayMs);
/** The midnight (UTC) that starts a day. */
export const midnightOf = (day: number): Date => new Date(day * dayMs);

/** How many interest days a term opened on `start` has: 0 for flexible. */
export function termDays(period: SavingsPeriod, start: Date): number {
  const months = periodMonths[period];
  if (months === 0) return 0;
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const end = Date.UTC(y, m, Math.min(start.getUTCDate(), lastOfMonth));
  return Math.round(end / dayMs) - dayNumberOf(start);
}

/** When a fixed term opened at `start` releases its money; null for flexible. */
export function releaseOf(period: SavingsPeriod, start: Date): Date | null {
  const days = termDays(period, start);
  return days === 0 ? null : midnightOf(dayNumberOf(start) + days + 1);
}

/** One day's interest: amount × roi ÷ 100 ÷ 365, to 10 decimals, rounded down. */
export function dailyInterest(amount: Decimal.Value, roi: Decimal.Value): Decimal {
  return new Money(amount).times(roi).dividedBy(36_500).toDecimalPlaces(10, Decimal.ROUND_DOWN);
}

/** Interest as it is paid: whole cents, rounded down. */
export const payable = (accrued: Decimal.Value): Decimal => new Money(accrued).toDecimalPlaces(2, Decimal.ROUND_DOWN);

/** What a fixed term pays at maturity in interest (its days' accruals, paid in cents). */
export const interestAtMaturity = (amount: Decimal.Value, roi: Decimal.Value, days: number): Decimal => payable(dailyInterest(amount, roi).times(days));
