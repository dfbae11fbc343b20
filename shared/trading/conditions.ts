import Decimal from 'decimal.js';
import type { AssetClass } from '../constants';
import { Money } from '../money';

/**
 * A plan's trading conditions as a client group (docs/trading.md#trading-conditions): the points its quotes add to the
 * raw spread, and the commission it charges per side.
 */
export const commissionKinds = ['per_lot', 'notional'] as const;
export type CommissionKind = (typeof commissionKinds)[number];

export interface Commission {
  kind: CommissionKind;
  /** USD per lot (`per_lot`) or basis points of the notional (`notional`), per side. */
  rate: string;
  /** The least charged per side, USD. */
  minimum: string;
}

export interface Conditions {
  /** Points added to the raw spread. */
  spreadMarkup: number;
  commission: Commission;
}

export const noCommission: Commission = Object.freeze({ kind: 'per_lot', rate: '0', minimum: '0' });
export const rawConditions: Conditions = Object.freeze({ spreadMarkup: 0, commission: noCommission });

/** A group's quote from the raw one, in points: the markup's larger half above the ask, the rest below the bid (never below one point). */
export function widenedPoints({ bid, ask }: { bid: number; ask: number }, markup: number): { bid: number; ask: number } {
  if (markup === 0) return { bid, ask };
  const below = Math.floor(markup / 2);
  return { bid: Math.max(1, bid - below), ask: ask + (markup - below) };
}

/** Whether a commission charges anything. */
export const chargesCommission = (c: Commission) => !new Money(c.rate).isZero() || !new Money(c.minimum).isZero();

/**
 * One side's commission in the account currency, to the cent (rounded half up): the rate per lot or on the notional,
 * at least the minimum, both in USD, converted at `usdToAccount`.
 */
export function commissionCharge({ commission, lots, notionalUsd, usdToAccount }: { commission: Commission; lots: Decimal.Value; notionalUsd: Decimal.Value; usdToAccount: Decimal.Value }): Decimal {
  if (!chargesCommission(commission)) return new Money(0);
  const base = commission.kind === 'per_lot' ? new Money(commission.rate).times(lots) : new Money(notionalUsd).times(commission.rate).dividedBy(10_000);
  return Decimal.max(base, commission.minimum).times(usdToAccount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** How a commission reads: "3.5 USD per lot", "0.1 % (min 1 USD)", "None". */
export function describeCommission(c: Commission): string {
  if (!chargesCommission(c)) return 'None';
  const minimum = new Money(c.minimum).isZero() ? '' : ` (min ${new Money(c.minimum).toString()} USD)`;
  const rate = c.kind === 'per_lot' ? `${new Money(c.rate).toString()} USD per lot` : `${new Money(c.rate).dividedBy(100).toString()} %`;
  return `${rate}${minimum} per side`;
}

const classNames: Readonly<Record<AssetClass, string>> = { forex: 'forex', metals: 'metals', stocks: 'stocks', indices: 'indices', commodities: 'commodities', crypto: 'crypto' };
const classOrder: readonly AssetClass[] = ['forex', 'metals', 'indices', 'commodities', 'stocks', 'crypto'];

/** Classes with the same value said together: "Forex 8 · metals, indices 20". */
function byValue(values: ReadonlyMap<AssetClass, string>): string {
  const groups = new Map<string, AssetClass[]>();
  for (const assetClass of classOrder) {
    const value = values.get(assetClass);
    if (value !== undefined) groups.set(value, [...(groups.get(value) ?? []), assetClass]);
  }
  if (groups.size === 1 && [...groups.values()][0]!.length === classOrder.length) return `All classes ${[...groups.keys()][0]!}`;
  const text = [...groups].map(([value, members]) => `${members.map((c) => classNames[c]).join(', ')} ${value}`).join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const conditionRowLabels = ['Spread markup (points)', 'Commission per side'] as const;

/** A plan's computed comparison rows from its class conditions (instrument overrides are shown on each instrument). */
export function conditionRowValues(byClass: ReadonlyMap<AssetClass, Conditions>): [string, string] {
  const markups = new Map<AssetClass, string>();
  const commissions = new Map<AssetClass, string>();
  for (const assetClass of classOrder) {
    const conditions = byClass.get(assetClass) ?? rawConditions;
    markups.set(assetClass, String(conditions.spreadMarkup));
    if (chargesCommission(conditions.commission)) commissions.set(assetClass, describeCommission(conditions.commission).replace(/ per side$/, ''));
  }
  return [byValue(markups), commissions.size === 0 ? 'None' : `${byValue(commissions)}${commissions.size < classOrder.length ? ' · others none' : ''}`];
}
