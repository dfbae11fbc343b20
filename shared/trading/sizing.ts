import type Decimal from 'decimal.js';
import { Money } from '../money';

/** Position sizing (docs/trading.md#sizing). */
export const sizing = {
  minLots: '0.01',
  maxLots: '50',
  lotStep: '0.01',
} as const;

export const sizingTexts = {
  volumeInvalid: 'Volume must be a positive number',
  volumeRange: `Volume must be between ${sizing.minLots} and ${sizing.maxLots} lots`,
  volumeStep: `Volume must be in steps of ${sizing.lotStep} lots`,
} as const;

export function unitsFromLots({ lots, contractSize }: { lots: Decimal.Value; contractSize: Decimal.Value }): Decimal {
  return new Money(lots).times(contractSize);
}

export function lotsFromUnits({ units, contractSize }: { units: Decimal.Value; contractSize: Decimal.Value }): Decimal {
  return new Money(units).dividedBy(contractSize);
}

/** Null when the volume in lots is acceptable, else the message that says why not. */
export function lotsProblem(lots: Decimal.Value): string | null {
  let value: Decimal;
  try {
    value = new Money(lots);
  } catch {
    return sizingTexts.volumeInvalid;
  }
  if (!value.isFinite() || value.lte(0)) return sizingTexts.volumeInvalid;
  if (value.lt(sizing.minLots) || value.gt(sizing.maxLots)) return sizingTexts.volumeRange;
  if (!value.mod(sizing.lotStep).isZero()) return sizingTexts.volumeStep;
  return null;
}
