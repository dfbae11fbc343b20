import type Decimal from 'decimal.js';
import { Money } from '../money';
import { lotsProblem, sizing } from './sizing';

/**
 * One-click trading (docs/trade-room.md#one-click-trading): a setting, off until the customer confirms its
 * risk; while on, the header's BUY/SELL place a market order at once at the volume beside them.
 */
export const oneClickTexts = {
  label: 'One-click',
  /** The switch's accessible name and the settings' row. */
  setting: 'One-click trading',
  settingHint: 'BUY and SELL in the trade room place a market order at once at the volume beside them, without the order ticket.',
  riskTitle: 'Turn on one-click trading?',
  risk: [
    'With one-click trading on, BUY and SELL in the trade room place a market order the moment you press them, at the volume shown beside them: no order ticket opens and nothing asks you again.',
    'The order fills at the market price when it reaches the server, which may differ from the price on the button. A second press is a second order.',
    'You can turn it off at any time, in the trade room or in Settings. F9 still opens the full order ticket.',
  ],
  accept: 'Turn on one-click trading',
  cancel: 'Cancel',
  turnedOn: 'One-click trading is on',
  turnedOff: 'One-click trading is off',
  failed: 'One-click trading could not be changed. Try again.',
  volume: 'One-click volume in lots',
  /** The BUY/SELL buttons' hint while it is on. */
  now: (side: 'buy' | 'sell', lots: string) => `${side === 'buy' ? 'Buy' : 'Sell'} ${lots} lots now at the market price`,
  noPrice: 'No price for this instrument yet',
} as const;

/** The instrument's default position (`asset.position`, in units) in lots, the one-click volume until the customer types another. */
export function defaultOneClickLots(asset: { position: Decimal.Value; contract_size: Decimal.Value }): string {
  try {
    const lots = new Money(asset.position).dividedBy(asset.contract_size);
    return lotsProblem(lots) ? sizing.minLots : lots.toFixed(2);
  } catch {
    return sizing.minLots;
  }
}
