import Decimal from 'decimal.js';
import { Money } from '../money';
import { sizing } from './sizing';
import { typedLevel } from './ticket-checks';

/** The order ticket (docs/trade-room.md#order-ticket): the volume is typed in lots, units or an amount of the account currency. */
export const volumeUnits = ['lots', 'units', 'currency'] as const;
export type VolumeUnit = (typeof volumeUnits)[number];

/** The step of each unit, which is also the least a step down leaves. */
export const volumeSteps: Readonly<Record<VolumeUnit, string>> = { lots: sizing.lotStep, units: '1000', currency: '10' };

/** What turns one unit into another for an instrument: its contract size and price, and the quote→account rate. */
export interface SizingContext {
  contractSize: Decimal.Value;
  price: Decimal.Value;
  /** Quote currency → account currency (1 when they are the same). */
  conversion: Decimal.Value;
}

/** Only digits and one decimal point survive typing. */
export function volumeInputOf(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  return point === -1 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, '')}`;
}

function parsed(text: string): Decimal | null {
  if (!/^\d*\.?\d*$/.test(text) || !/\d/.test(text)) return null;
  return new Money(text);
}

/** One step up or down; a step down never goes below the step itself. */
export function stepVolume(text: string, unit: VolumeUnit, direction: 1 | -1): string {
  const step = new Money(volumeSteps[unit]);
  const current = parsed(text) ?? new Money(0);
  const next = current.plus(step.times(direction));
  return Decimal.max(next, step).toFixed(unit === 'lots' ? 2 : 0);
}

/** Units of the instrument for a volume typed in `unit`, or null when the text is not a number. */
export function unitsOf(text: string, unit: VolumeUnit, context: SizingContext): Decimal | null {
  const value = parsed(text);
  if (!value) return null;
  if (unit === 'units') return value;
  if (unit === 'lots') return value.times(context.contractSize);
  const unitValue = new Money(context.price).times(context.conversion);
  return unitValue.isZero() ? null : value.dividedBy(unitValue);
}

/** The order's size: units rounded down to whole lot steps (the server accepts nothing else). */
export function orderLots(units: Decimal, contractSize: Decimal.Value): Decimal {
  return units.dividedBy(contractSize).toDecimalPlaces(2, Decimal.ROUND_DOWN);
}

/**
 * What the ticket places (docs/trade-room.md#order-ticket): an order at the market, or a pending limit or stop at a
 * price. Always the trader's own choice, sent as chosen: never derived from where the price sits against the quote,
 * which moves on every tick.
 */
export const orderTypes = ['market', 'limit', 'stop'] as const;
export type OrderType = (typeof orderTypes)[number];

const sideName = (side: 'buy' | 'sell') => (side === 'buy' ? 'Buy' : 'Sell');
const kindName = (kind: 'limit' | 'stop') => (kind === 'limit' ? 'Limit' : 'Stop');

export const orderTypeTexts = {
  legend: 'Order type',
  label: { market: 'Market', limit: 'Limit', stop: 'Stop' } satisfies Record<OrderType, string>,
  priceLabel: { limit: 'Limit price', stop: 'Stop price' },
  /** "Sell Limit": the order's name in the ticket and its toast. */
  name: (side: 'buy' | 'sell', kind: 'limit' | 'stop') => `${sideName(side)} ${kindName(kind)}`,
  /** The submit of a pending order: "Place Sell Limit 0.01 at 67547.31" (no price yet: "Place Sell Limit 0.01"). */
  place: ({ side, kind, lots, price }: { side: 'buy' | 'sell'; kind: 'limit' | 'stop'; lots: string; price: string | null }) =>
    `Place ${sideName(side)} ${kindName(kind)} ${lots}${price ? ` at ${price}` : ''}`,
  /**
   * Under the price while it is fine: where it must be against the current price the order watches (a buy the
   * buy price, a sell the sell price) and what the fill guarantees (docs/trading.md#pending-orders).
   */
  where: (side: 'buy' | 'sell', kind: 'limit' | 'stop', market: string) => {
    const above = (side === 'buy') === (kind === 'stop');
    const watched = side === 'buy' ? 'buy' : 'sell';
    const fill = kind === 'limit' ? `fills at this price or ${side === 'buy' ? 'lower' : 'higher'}` : 'fills at the market once reached';
    return `${above ? 'Above' : 'Below'} the ${watched} price ${market}: ${fill}`;
  },
} as const;

/** The same volume shown in another unit (lots to 2 decimals, units whole, currency to the cent). */
export function convertVolume(text: string, from: VolumeUnit, to: VolumeUnit, context: SizingContext): string {
  const units = unitsOf(text, from, context);
  if (!units) return text;
  if (to === 'units') return units.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
  if (to === 'lots') return units.dividedBy(context.contractSize).toFixed(2, Decimal.ROUND_DOWN);
  return units.times(context.price).times(context.conversion).toFixed(2);
}

/**
 * A price as typed into the ticket or the TP & SL dialog: digits and one decimal point, no more decimals than the
 * instrument has (the server would round them away, so the field never shows what is not sent).
 */
export function levelInputOf(text: string, digits: number): string {
  const kept = volumeInputOf(text);
  const point = kept.indexOf('.');
  return point === -1 ? kept : kept.slice(0, point + 1 + digits);
}

/**
 * One point up or down from the typed level, or from `start` (the live price) when none is typed or it is not a
 * number; never below one point, the least a price can be (docs/trade-room.md#order-ticket).
 */
export function stepLevel(value: string, digits: number, direction: 1 | -1, start: Decimal.Value): string {
  const point = new Money(1).dividedBy(new Money(10).pow(digits));
  const next = new Money(typedLevel(value, digits) ?? start).plus(point.times(direction));
  return Decimal.max(next, point).toFixed(digits);
}
