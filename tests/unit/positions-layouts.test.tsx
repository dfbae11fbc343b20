// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TradeView } from '../../shared/api/trades.schema';
import { PositionCards } from '../../client/components/positions-cards';
import { PositionsTable } from '../../client/components/positions-table';
import { closedTrades, openTrades } from '../../client/state/trading';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const trade = (over: Partial<TradeView> = {}): TradeView => ({
  id: 7,
  trade_id: 'T00000007',
  account_id: 1,
  asset_id: 'EURUSD',
  instrument_id: 999,
  asset_symbol: 'EURUSD',
  asset_name: 'Euro / US Dollar',
  trade_type: 'buy',
  volume: '10000',
  lots: '0.10',
  margin: '108.41',
  leverage: 100,
  opening_price: '1.08412',
  closing_price: '1.08530',
  take_profit: '1.10000',
  stop_loss: '1.07000',
  trailing_stop: 150,
  pnl: '11.80',
  paid_commission: '0.00',
  swap: '0.00',
  dividends: '0.00',
  status: 'open',
  close_reason: null,
  open_time: '2026-11-24T16:06:00.000Z',
  close_time: null,
  placed_by: 'customer',
  expert_advisor_id: null,
  ...over,
});

const list = (items: TradeView[]) => ({ items, next: null, state: 'idle' as const, error: null });

let root: Root | undefined;
function mount(node: React.ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(node));
  return host;
}

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  openTrades.value = list([]);
  closedTrades.value = list([]);
});

describe('positions as cards (phones: docs/trade-room.md#positions)', () => {
  it('when a position trails its stop, then its card shows side, lots, open → current, the levels with the trailing distance and the three buttons', () => {
    openTrades.value = list([trade()]);
    const host = mount(<PositionCards tab="active" onAction={() => {}} />);
    const card = host.querySelector('.position-card')!;
    expect(card.querySelector('.card-head')!.textContent).toContain('EURUSD');
    expect(card.querySelector('.card-head')!.textContent).toContain('BUY');
    expect(card.querySelector('.card-head')!.textContent).toContain('0.10 lots');
    expect(card.querySelector('.card-pnl')!.textContent).toContain('11.80');
    expect(card.querySelector('.card-prices')!.textContent).toContain('1.08412 → ');
    expect(card.querySelector('.card-prices')!.textContent).toContain('1.08530');
    expect(card.querySelector('.card-levels')!.textContent).toBe('TP 1.10000 · SL 1.07000 · trails 150 pts');
    const names = [...card.querySelectorAll('.card-actions button')].map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual(['TP/SL', 'Partial', 'Close EURUSD T00000007']);
  });

  it('when a position has no levels and the smallest size, then its card says so and offers no partial close', () => {
    openTrades.value = list([trade({ lots: '0.01', take_profit: null, stop_loss: null, trailing_stop: null })]);
    const host = mount(<PositionCards tab="active" onAction={() => {}} />);
    expect(host.querySelector('.card-levels')!.textContent).toBe('TP — · SL —');
    expect([...host.querySelectorAll('.card-actions button')].map((b) => b.textContent)).toEqual(['TP/SL', 'Close']);
  });

  it('when a share position was credited a dividend and charged swap and commission, then its card lists each and its net counts them all', () => {
    openTrades.value = list([trade({ take_profit: null, stop_loss: null, trailing_stop: null, swap: '-1.20', dividends: '21.25', paid_commission: '4.00' })]);
    const host = mount(<PositionCards tab="active" onAction={() => {}} />);
    expect(host.querySelector('.card-levels')!.textContent).toBe('TP — · SL — · Swap -1.20 USD · Dividends 21.25 USD · Commission 4.00 USD');
    // P/L 11.80 − 1.20 + 21.25 − 4.00.
    expect(host.querySelector('.net-pnl')!.textContent).toBe('net 27.85 USD');
  });

  it('when Close is tapped on a card, then the drawer is asked to close that position', () => {
    openTrades.value = list([trade()]);
    const onAction = vi.fn();
    const host = mount(<PositionCards tab="active" onAction={onAction} />);
    act(() => (host.querySelector('[aria-label="Close EURUSD T00000007"]') as HTMLButtonElement).click());
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ kind: 'close', trade: expect.objectContaining({ id: 7 }) }));
  });

  it('when the history is shown, then a closed trade reads open → close with its reason, without buttons', () => {
    closedTrades.value = list([trade({ status: 'closed', closing_price: '1.09000', close_reason: 'take_profit', close_time: '2026-11-24T17:00:00.000Z' })]);
    const host = mount(<PositionCards tab="history" onAction={() => {}} />);
    expect(host.querySelector('.card-prices')!.textContent).toContain('1.09000');
    expect(host.querySelector('.card-reason')!.textContent).toBe('Take profit');
    expect(host.querySelectorAll('button')).toHaveLength(0);
  });
});

describe('positions as a table (wide panels)', () => {
  it('when a position trails its stop, then the row keeps its columns in place (swap the eighth, commission the ninth, P/L the tenth with its net under it), tags the stop loss and carries it for the merged TP / SL cell', () => {
    openTrades.value = list([trade({ swap: '-21.00', paid_commission: '3.50' })]);
    const host = mount(<PositionsTable tab="active" onAction={() => {}} />);
    const cells = [...host.querySelectorAll('tbody tr:first-child td')];
    expect(cells.map((c) => c.className.split(' ')[0])).toEqual([
      'col-symbol',
      'col-side',
      'col-lots',
      'col-open',
      'col-current',
      'col-tp',
      'col-sl',
      'col-swap',
      'col-commission',
      'col-pnl',
      'col-time',
      'col-actions',
    ]);
    expect(cells[7]!.textContent).toContain('-21.00');
    expect(cells[8]!.textContent).toContain('3.50');
    // P/L 11.80 + swap −21.00 − commission 3.50.
    expect(cells[9]!.textContent).toContain('11.80');
    expect(cells[9]!.querySelector('.net-pnl')!.textContent).toBe('net -12.70 USD');
    expect(cells[9]!.querySelector('.net-pnl')!.getAttribute('title')).toBe('P/L 11.80 USD, swap -21.00 USD, commission 3.50 USD paid');
    expect(cells[6]!.querySelector('abbr.trail-tag')!.getAttribute('title')).toContain('150 points');
    expect(cells[5]!.querySelector('.levels-merged')!.textContent).toContain('1.07000');
    expect(cells[11]!.querySelector('[aria-label="Close EURUSD T00000007"]')).not.toBeNull();
  });
});
