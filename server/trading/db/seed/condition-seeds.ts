import type { AssetClass } from '../../../../shared/constants';
import type { Commission } from '../../../../shared/trading/conditions';

/**
 * Each plan's starting conditions by class (docs/trading.md#trading-conditions), which admins edit: points added to
 * the raw spread, and Premium's commission in their place (raw spreads, as an ECN account trades).
 */
interface ClassConditions {
  spreadMarkup: number;
  commission?: Commission;
}

const perLot = (rate: string): Commission => ({ kind: 'per_lot', rate, minimum: '0' });

export const referencePlanConditions: Readonly<Record<string, Readonly<Record<AssetClass, ClassConditions>>>> = {
  basic: {
    forex: { spreadMarkup: 8 },
    metals: { spreadMarkup: 20 },
    indices: { spreadMarkup: 20 },
    commodities: { spreadMarkup: 10 },
    stocks: { spreadMarkup: 2 },
    crypto: { spreadMarkup: 0 },
  },
  pro: {
    forex: { spreadMarkup: 4 },
    metals: { spreadMarkup: 10 },
    indices: { spreadMarkup: 10 },
    commodities: { spreadMarkup: 5 },
    stocks: { spreadMarkup: 1 },
    crypto: { spreadMarkup: 0 },
  },
  premium: {
    forex: { spreadMarkup: 0, commission: perLot('3.50') },
    metals: { spreadMarkup: 0, commission: perLot('3.50') },
    indices: { spreadMarkup: 0 },
    commodities: { spreadMarkup: 0 },
    stocks: { spreadMarkup: 0, commission: { kind: 'notional', rate: '2', minimum: '1.00' } },
    crypto: { spreadMarkup: 0 },
  },
};
