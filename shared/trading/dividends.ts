import Decimal from 'decimal.js';
import { Money } from '../money';
import type { AssetClass } from '../constants';
import { zonedInstant, type Schedule } from './hours';
import type { Side } from './prices';

/**
 * Dividend adjustments on share and index CFDs (docs/trading.md#dividends). Pure: the caller passes the positions and
 * the conversion into each account's currency.
 */

/** Only shares and indices pay dividends. */
export const paysDividends = (assetClass: AssetClass) => assetClass === 'stocks' || assetClass === 'indices';

/** The ex-date's open: the first session's start on that local day in the instrument's market, or null when it does not open that day. */
export function exDateOpen(schedule: Schedule, day: string): Date | null {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const first = schedule.sessions.filter((s) => s.day === weekday).sort((a, b) => a.from - b.from)[0];
  return first ? zonedInstant(day, first.from, schedule.timeZone) : null;
}

/**
 * One position's adjustment, in the account's currency: a long is credited `longPercent` % of the dividend on its units,
 * a short debited all of it; to the cent, rounded down (a credit down, a debit up), as the ledger books it.
 */
export function dividendAdjustment({
  side,
  units,
  amount,
  longPercent,
  conversion,
}: {
  side: Side;
  units: Decimal.Value;
  amount: Decimal.Value;
  longPercent: Decimal.Value;
  conversion: Decimal.Value;
}): Decimal {
  const gross = new Money(units).times(amount).times(conversion);
  const signed = side === 'buy' ? gross.times(longPercent).dividedBy(100) : gross.negated();
  return signed.toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}
