import type Decimal from 'decimal.js';
import type { AssetClass } from '../../../shared/constants';
import type { Allocation, Performance } from '../../../shared/api/dashboard.schema';
import { Money } from '../../../shared/money';

/** The dashboard's sums, free of the database (docs/customer-area.md#dashboard). */

const dayMs = 86_400_000;

/** A moment's day in UTC, `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The first moment of the range that ends today (UTC) and spans `days` whole days, today included. */
export function rangeStart(now: Date, days: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - (days - 1) * dayMs);
}

/** The day after `day` (`YYYY-MM-DD`). */
const nextDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + dayMs));

/**
 * The balance at the end of every day from the first listed (the range's first day, or the account's
 * first entry within it) to `to`: a day without entries keeps the previous day's figure.
 */
export function everyDayBalance(changes: readonly { day: string; balance: string }[], to: string): Performance['balance'] {
  const first = changes[0];
  if (!first) return [];
  const byDay = new Map(changes.map((c) => [c.day, c.balance]));
  const out: Performance['balance'] = [];
  let balance = first.balance;
  // Bounded: the range is at most a year, so at most 366 days.
  for (let day = first.day; day <= to && out.length < 400; day = nextDay(day)) {
    balance = byDay.get(day) ?? balance;
    out.push({ day, balance: new Money(balance).toFixed(2) });
  }
  return out;
}

/**
 * Open positions' margin by asset class, every account's converted into `currency` (`convert` gives units
 * of `currency` per unit of the account's), each class's share of the whole in percent (2 decimals).
 */
export function allocationOf(
  rows: readonly { accountId: number; assetClass: AssetClass; label: string; margin: string; positions: number }[],
  { currency, currencyOf, convert }: { currency: string; currencyOf: (accountId: number) => string; convert: (from: string, to: string) => Decimal },
): Allocation {
  const classes = new Map<AssetClass, { label: string; margin: Decimal; positions: number }>();
  for (const row of rows) {
    const from = currencyOf(row.accountId);
    const margin = from === currency ? new Money(row.margin) : new Money(row.margin).times(convert(from, currency));
    const known = classes.get(row.assetClass) ?? { label: row.label, margin: new Money(0), positions: 0 };
    classes.set(row.assetClass, { label: known.label, margin: known.margin.plus(margin), positions: known.positions + row.positions });
  }
  const total = [...classes.values()].reduce((sum, c) => sum.plus(c.margin), new Money(0));
  return {
    basis: 'margin',
    currency,
    total: total.toFixed(2),
    positions: [...classes.values()].reduce((n, c) => n + c.positions, 0),
    classes: [...classes.entries()]
      .map(([assetClass, c]) => ({
        asset_class: assetClass,
        label: c.label,
        margin: c.margin.toFixed(2),
        positions: c.positions,
        share: total.isZero() ? '0.00' : c.margin.dividedBy(total).times(100).toFixed(2),
      }))
      .sort((a, b) => new Money(b.margin).comparedTo(a.margin)),
  };
}
