import { describe, expect, it } from 'vitest';
import { onlyLevelsMoved } from '../../client/state/trading';
import type { TradeView } from '../../shared/api/trades.schema';

/** A `.trade.updated` that only moves a trade's levels (a trailing stop's step) fetches no account figures (docs/trade-room.md#keeping-current). */

const open: TradeView = {
  ...{ id: 5, trade_id: 'T5', account_id: 10, asset_id: 'EURUSD', instrument_id: 1, asset_symbol: 'EUR/USD', asset_name: 'Euro', trade_type: 'buy' },
  ...{ volume: '1000', lots: '0.01', margin: '10.00', leverage: 100, opening_price: '1.08000', closing_price: '1.08500' },
  ...{ take_profit: null, stop_loss: '1.08200', trailing_stop: 30, pnl: '5.00', paid_commission: '0.00', swap: '0.00', dividends: '0.00', status: 'open', close_reason: null },
  ...{ open_time: '2026-01-05T10:00:00Z', close_time: null, placed_by: 'customer', expert_advisor_id: null },
};

describe('onlyLevelsMoved', () => {
  it('is true for a trailing stop’s move of a listed open trade (its live price and P/L moved with it)', () => {
    expect(onlyLevelsMoved(open, { ...open, stop_loss: '1.08230', closing_price: '1.08530', pnl: '5.30' })).toBe(true);
    expect(onlyLevelsMoved(open, { ...open, take_profit: '1.09000', trailing_stop: null })).toBe(true);
  });

  it('is false for a trade not listed yet, a close, a partial close or a changed margin', () => {
    expect(onlyLevelsMoved(undefined, open)).toBe(false);
    expect(onlyLevelsMoved(open, { ...open, status: 'closed', close_reason: 'sl', close_time: '2026-01-05T11:00:00Z' })).toBe(false);
    expect(onlyLevelsMoved(open, { ...open, volume: '500', lots: '0.005', margin: '5.00' })).toBe(false);
    expect(onlyLevelsMoved(open, { ...open, stop_loss: '1.08230', margin: '11.00' })).toBe(false);
  });
});
