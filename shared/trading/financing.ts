import Decimal from 'decimal.js';
import type { AssetClass } from '../constants';
import { Money } from '../money';
import { localDay, zonedInstant } from './hours';

/**
 * Overnight financing (swap), docs/trading.md#overnight-financing. Pure: the caller passes the rates in force at the
 * rollover and the time.
 *
 * Every position open at a rollover is charged or credited for the night:
 * - forex and metals in swap points per lot (the instrument's long and short rates, less the plan's markup in points);
 * - the other classes on their notional at the benchmark rate of the instrument's currency, plus the plan's markup
 *   for a long, minus it for a short, over 365 days.
 */
export type FinancingMethod = 'points' | 'rate';
export const financingMethodOf = (assetClass: AssetClass): FinancingMethod => (assetClass === 'forex' || assetClass === 'metals' ? 'points' : 'rate');

/** When the rollover happens: a local time of day in a time zone (ROLLOVER_TIME, default 17:00 New York). */
export interface RolloverClock {
  /** Minutes after local midnight. */
  minute: number;
  timeZone: string;
}
export const defaultRolloverClock: RolloverClock = { minute: 17 * 60, timeZone: 'America/New_York' };

/** The rollover of a local day ('YYYY-MM-DD'): the instant it happens. */
export const rolloverInstant = (day: string, clock: RolloverClock): Date => zonedInstant(day, clock.minute, clock.timeZone);

/** The local days whose rollover fell in (after, upTo], oldest first. */
export function rolloversBetween(after: Date, upTo: Date, clock: RolloverClock): string[] {
  const days: string[] = [];
  // From the local day of `after` (its rollover may still be ahead of `after`) to that of `upTo`.
  let day = localDay(after, clock.timeZone);
  const last = localDay(upTo, clock.timeZone);
  for (let guard = 0; guard < 4000 && day <= last; guard += 1) {
    const at = rolloverInstant(day, clock).getTime();
    if (at > after.getTime() && at <= upTo.getTime()) days.push(day);
    day = nextDay(day);
  }
  return days;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** 0 = Sunday … 6 = Saturday, of a calendar day. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * How many nights a rollover of this local day charges for a class: crypto trades every day and is charged every night
 * once; the others are charged on weekday rollovers only, three nights on their triple day (the weekend's two nights:
 * Wednesday for forex and metals, which settle two days after the trade; Friday for the rest); none at weekends.
 */
export function nightsAt(day: string, assetClass: AssetClass): number {
  const weekday = weekdayOf(day);
  if (assetClass === 'crypto') return 1;
  if (weekday === 0 || weekday === 6) return 0;
  return weekday === tripleDayOf(assetClass) ? 3 : 1;
}
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekday (0 = Sunday) a class is charged three nights, or null (crypto). */
export const tripleDayOf = (assetClass: AssetClass): number | null => (assetClass === 'crypto' ? null : financingMethodOf(assetClass) === 'points' ? 3 : 5);

export interface FinancedPosition {
  assetClass: AssetClass;
  side: 'buy' | 'sell';
  units: Decimal.Value;
  lots: Decimal.Value;
  contractSize: Decimal.Value;
  digits: number;
  /** The instrument's mid at the rollover, for the notional. */
  price: Decimal.Value;
}

/** The rates in force at a rollover for one position: the instrument's swap points (forex, metals), the benchmark of its currency (the rest), the plan's markup. */
export interface FinancingRates {
  /** Points per lot per night, signed: positive is credited. */
  longPoints: Decimal.Value;
  shortPoints: Decimal.Value;
  /** Percent a year. */
  benchmarkPercent: Decimal.Value;
  /** The plan's markup for the class: points per lot (forex, metals) or percent a year (the rest). */
  markup: Decimal.Value;
}

/**
 * The net rates a customer of a plan gets, signed (positive is credited): swap points per lot for forex and metals (the
 * instrument's less the markup), percent a year for the rest (a long pays the benchmark plus the markup, a short earns
 * the benchmark less it). What Asset Information shows and what the rollover charges.
 */
export function netSwapRates(assetClass: AssetClass, rates: FinancingRates): { type: FinancingMethod; long: Decimal; short: Decimal } {
  if (financingMethodOf(assetClass) === 'points') {
    return { type: 'points', long: new Money(rates.longPoints).minus(rates.markup), short: new Money(rates.shortPoints).minus(rates.markup) };
  }
  return { type: 'rate', long: new Money(rates.benchmarkPercent).plus(rates.markup).negated(), short: new Money(rates.benchmarkPercent).minus(rates.markup) };
}

/**
 * One rollover's financing of a position in its instrument's currency, unrounded: negative is a charge. Multiply by
 * `nightsAt`; convert to the account's currency; then `bookedFinancing`.
 */
export function nightlyFinancing(position: FinancedPosition, rates: FinancingRates): Decimal {
  return nightlyAtNetRates(position, netSwapRates(position.assetClass, rates));
}

/** The same, from the net rates a customer is shown (`/assets`' swap_long and swap_short): what the order ticket previews. */
export function nightlyAtNetRates(position: Omit<FinancedPosition, 'assetClass'>, net: { type: FinancingMethod; long: Decimal.Value; short: Decimal.Value }): Decimal {
  const rate = new Money(position.side === 'buy' ? net.long : net.short);
  if (net.type === 'points') return rate.times(new Money(10).pow(-position.digits)).times(position.contractSize).times(position.lots);
  return new Money(position.units).times(position.price).times(rate).div(100).div(365);
}

/** A financing amount as booked: to the cent, toward the house (down), as P/L is (`bookedPnl`). */
export const bookedFinancing = (value: Decimal.Value): Decimal => new Money(value).toDecimalPlaces(2, Decimal.ROUND_FLOOR);

/** 'HH:MM' of ROLLOVER_TIME, or null if it is not a time of day. */
export function minuteOfDay(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The plan comparison's two financing rows (docs/customer-area.md#plans), made from a plan's markups by class. */
export const financingRowLabels = ['Swap markup (points per lot)', 'Financing markup (% a year)'] as const;
const classNames: Readonly<Record<AssetClass, string>> = { forex: 'forex', metals: 'metals', stocks: 'stocks', indices: 'indices', commodities: 'commodities', crypto: 'crypto' };

export function financingRowValues(markups: Readonly<Partial<Record<AssetClass, string>>>): [string, string] {
  const row = (classes: readonly AssetClass[]) => {
    const groups = new Map<string, AssetClass[]>();
    for (const assetClass of classes) {
      const value = new Money(markups[assetClass] ?? '0').toString();
      groups.set(value, [...(groups.get(value) ?? []), assetClass]);
    }
    const parts = [...groups].map(([value, members]) => `${members.map((c) => classNames[c]).join(', ')} ${value}`);
    const text = parts.join(' · ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  return [row(['forex', 'metals']), row(['stocks', 'indices', 'commodities', 'crypto'])];
}
