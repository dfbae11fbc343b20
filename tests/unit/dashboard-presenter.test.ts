import { describe, expect, it } from 'vitest';
import { Money } from '../../shared/money';
import { allocationOf, everyDayBalance, rangeStart, utcDay } from '../../server/trading/api/dashboard.presenter';
import { converted } from '../../views/dashboard/figures';

describe('Trading Results days (UTC)', () => {
  it('a range of n days starts at midnight UTC n − 1 days before today', () => {
    const now = new Date('2026-03-01T00:30:00+02:00'); // 28 Feb 22:30 UTC
    expect(rangeStart(now, 7).toISOString()).toBe('2026-02-22T00:00:00.000Z');
    expect(utcDay(now)).toBe('2026-02-28');
  });

  it('carries the balance over days without entries, from the first listed day to today', () => {
    expect(
      everyDayBalance(
        [
          { day: '2026-02-26', balance: '100' },
          { day: '2026-02-28', balance: '90.5' },
        ],
        '2026-03-01',
      ),
    ).toEqual([
      { day: '2026-02-26', balance: '100.00' },
      { day: '2026-02-27', balance: '100.00' },
      { day: '2026-02-28', balance: '90.50' },
      { day: '2026-03-01', balance: '90.50' },
    ]);
    expect(everyDayBalance([], '2026-03-01')).toEqual([]);
  });
});

describe('asset allocation', () => {
  it('sums margin per class across accounts, converting to the first account’s currency, with each class’s share', () => {
    const allocation = allocationOf(
      [
        { accountId: 1, assetClass: 'forex', label: 'Forex', margin: '100', positions: 2 },
        { accountId: 2, assetClass: 'forex', label: 'Forex', margin: '50', positions: 1 },
        { accountId: 1, assetClass: 'crypto', label: 'Crypto', margin: '300', positions: 1 },
      ],
      { currency: 'USD', currencyOf: (id) => (id === 2 ? 'EUR' : 'USD'), convert: (from, to) => new Money(from === 'EUR' && to === 'USD' ? '2' : '1') },
    );
    expect(allocation).toEqual({
      basis: 'margin',
      currency: 'USD',
      total: '500.00',
      positions: 4,
      classes: [
        { asset_class: 'crypto', label: 'Crypto', margin: '300.00', positions: 1, share: '60.00' },
        { asset_class: 'forex', label: 'Forex', margin: '200.00', positions: 3, share: '40.00' },
      ],
    });
  });
});

describe('display currency', () => {
  const currencies = [
    { code: 'USD', name: 'US Dollar', symbol: '$', icon: null, display: true, rate: '1', decimals: 2 },
    { code: 'EUR', name: 'Euro', symbol: '€', icon: null, display: true, rate: '0.92', decimals: 2 },
  ];
  it('labels a converted figure as approximate, in the chosen currency; none when it is the account’s own or unknown', () => {
    expect(converted('1000', 'USD', { currencies, display: 'EUR' })).toBe('≈ €920.00 in EUR');
    expect(converted('1000', 'USD', { currencies, display: 'USD' })).toBeNull();
    expect(converted('1000', 'USD', { currencies, display: null })).toBeNull();
    expect(converted('1000', 'USD', { currencies, display: 'JPY' })).toBeNull();
  });
});
