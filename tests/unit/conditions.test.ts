import { describe, expect, it } from 'vitest';
import { commissionCharge, conditionRowValues, describeCommission, rawConditions, widenedPoints, type Conditions } from '../../shared/trading/conditions';
import type { AssetClass } from '../../shared/constants';

describe('a client group’s quote', () => {
  it('widens the raw quote by exactly its markup: the smaller half below the bid, the larger above the ask', () => {
    expect(widenedPoints({ bid: 109995, ask: 110005 }, 0)).toEqual({ bid: 109995, ask: 110005 });
    expect(widenedPoints({ bid: 109995, ask: 110005 }, 10)).toEqual({ bid: 109990, ask: 110010 });
    expect(widenedPoints({ bid: 109995, ask: 110005 }, 7)).toEqual({ bid: 109992, ask: 110009 });
    for (const markup of [1, 2, 3, 99, 1000]) {
      const { bid, ask } = widenedPoints({ bid: 5000, ask: 5004 }, markup);
      expect(ask - bid - 4).toBe(markup);
    }
    // Never at or below zero, however wide.
    expect(widenedPoints({ bid: 3, ask: 5 }, 100).bid).toBe(1);
  });
});

describe('commission', () => {
  const perLot = { kind: 'per_lot' as const, rate: '3.50', minimum: '0' };
  const notional = { kind: 'notional' as const, rate: '2', minimum: '1' };
  it('is the rate per lot, or basis points of the notional, at least the minimum, in the account currency to the cent (half up)', () => {
    expect(commissionCharge({ commission: perLot, lots: '2', notionalUsd: '220010', usdToAccount: '1' }).toFixed(2)).toBe('7.00');
    expect(commissionCharge({ commission: perLot, lots: '0.01', notionalUsd: '1100', usdToAccount: '1' }).toFixed(2)).toBe('0.04');
    // 0.035 USD × 0.9 = 0.0315 EUR → 0.03.
    expect(commissionCharge({ commission: perLot, lots: '0.01', notionalUsd: '1100', usdToAccount: '0.9' }).toFixed(2)).toBe('0.03');
    // 2 bp of 20,002.50 = 4.0005 → 4.00; of 1,000 = 0.20 → the 1 USD minimum.
    expect(commissionCharge({ commission: notional, lots: '1', notionalUsd: '20002.50', usdToAccount: '1' }).toFixed(2)).toBe('4.00');
    expect(commissionCharge({ commission: notional, lots: '1', notionalUsd: '1000', usdToAccount: '1' }).toFixed(2)).toBe('1.00');
    expect(commissionCharge({ commission: rawConditions.commission, lots: '5', notionalUsd: '500000', usdToAccount: '1' }).toFixed(2)).toBe('0.00');
  });

  it('reads as the plans page and the contract specification say it', () => {
    expect(describeCommission(perLot)).toBe('3.5 USD per lot per side');
    expect(describeCommission(notional)).toBe('0.02 % (min 1 USD) per side');
    expect(describeCommission(rawConditions.commission)).toBe('None');
  });
});

describe('the plans page’s computed rows', () => {
  const classes = (entries: [AssetClass, Conditions][]) => new Map(entries);
  it('says each class’s markup, classes of one value together, and the commission where one is charged', () => {
    expect(conditionRowValues(classes([]))).toEqual(['All classes 0', 'None']);
    expect(conditionRowValues(classes([['forex', { spreadMarkup: 8, commission: rawConditions.commission }]]))).toEqual(['Forex 8 · metals, indices, commodities, stocks, crypto 0', 'None']);
    expect(conditionRowValues(classes([['stocks', { spreadMarkup: 0, commission: { kind: 'notional', rate: '2', minimum: '1' } }]]))).toEqual([
      'All classes 0',
      'Stocks 0.02 % (min 1 USD) · others none',
    ]);
  });
});
