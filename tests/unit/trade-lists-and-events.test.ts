// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyOrder, applyTrade, loadPendingOrders, loadTrades, openTrades, pendingOrders, selectedAccountId } from '../../client/state/trading';
import type { PendingOrderView, TradeView } from '../../shared/api/trades.schema';

/**
 * A list's load and the live events overlap (docs/trade-room.md#keeping-current): an answer read before a fill but
 * arriving after the fill's event must not take the new position off the screen, nor bring a filled order back.
 */

type Answer = { ok: true; status: 200; data: { data: unknown[]; links: { next: null } } };
const answers: ((answer: Answer) => void)[] = [];
vi.mock('../../client/lib/call', () => ({ call: vi.fn(() => new Promise<Answer>((resolve) => answers.push(resolve))) }));
const answer = (data: unknown[]) => answers.shift()!({ ok: true, status: 200, data: { data, links: { next: null } } });

const trade: TradeView = {
  ...{ id: 7, trade_id: 'T7', account_id: 10, asset_id: 'BTCUSD', instrument_id: 1, asset_symbol: 'BTC/USD', asset_name: 'Bitcoin', trade_type: 'buy' },
  ...{ volume: '0.01', lots: '0.01', margin: '25.00', leverage: 20, opening_price: '48000.00', closing_price: '48000.00' },
  ...{ take_profit: null, stop_loss: null, trailing_stop: null, pnl: '0.00', paid_commission: '0.00', swap: '0.00', dividends: '0.00', status: 'open', close_reason: null },
  ...{ open_time: '2026-01-05T10:00:00Z', close_time: null, placed_by: 'customer', expert_advisor_id: null },
};
const order = { id: 3, account_id: 10, status: 'pending' } as unknown as PendingOrderView;

beforeEach(() => {
  selectedAccountId.value = 10;
  answers.length = 0;
});

describe('a load answered after an event it predates', () => {
  it('keeps the position the event opened', async () => {
    const loading = loadTrades('open', 1);
    applyTrade(10, trade);
    answer([]);
    await loading;
    expect(openTrades.value.items.map((t) => t.id)).toEqual([7]);
  });

  it('keeps a position closed that the event closed, and replays events in the order they came', async () => {
    const loading = loadTrades('open', 1);
    applyTrade(10, { ...trade, id: 8 });
    applyTrade(10, { ...trade, status: 'closed', close_time: '2026-01-05T11:00:00Z', close_reason: 'manual' });
    answer([trade]);
    await loading;
    expect(openTrades.value.items.map((t) => t.id)).toEqual([8]);
  });

  it('keeps a filled order off the pending list', async () => {
    const loading = loadPendingOrders();
    applyOrder(10, { ...order, status: 'filled' } as PendingOrderView);
    answer([order]);
    await loading;
    expect(pendingOrders.value.items).toEqual([]);
  });

  it('replays nothing that came before the load started', async () => {
    applyTrade(10, { ...trade, id: 9 });
    const loading = loadTrades('open', 1);
    answer([]);
    await loading;
    expect(openTrades.value.items).toEqual([]);
  });
});
