// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TradeView } from '../../shared/api/trades.schema';
import Positions from '../../client/islands/positions.island';
import { closedTrades, openTrades } from '../../client/state/trading';

/** The positions drawer's two looks (docs/trade-room.md#positions, #light-terminal): /mt4's words and the light terminal's. */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Nothing here talks to a server: the lists are set by each test.
vi.mock('../../client/state/trading', async (original) => ({ ...(await original<object>()), startTrading: vi.fn(async () => undefined) }));
vi.mock('../../client/state/market', async (original) => ({ ...(await original<object>()), startMarket: vi.fn(async () => undefined) }));

const trade = (id: number): TradeView => ({
  id,
  trade_id: `T0000000${id}`,
  account_id: 1,
  asset_id: 999,
  asset_symbol: 'EURUSD',
  asset_name: 'Euro / US Dollar',
  trade_type: 'buy',
  volume: '10000',
  lots: '0.10',
  margin: '108.41',
  leverage: 100,
  opening_price: '1.08412',
  closing_price: '1.08530',
  take_profit: null,
  stop_loss: null,
  trailing_stop: null,
  pnl: '11.80',
  status: 'open',
  close_reason: null,
  open_time: '2026-11-24T16:06:00.000Z',
  close_time: null,
  placed_by: 'customer',
  expert_advisor_id: null,
});

const list = (items: TradeView[]) => ({ items, next: null, state: 'idle' as const, error: null });

let root: Root | undefined;
function mount(look?: 'classic' | 'light'): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const Drawer = Positions.component;
  act(() => root!.render(look ? <Drawer look={look} /> : <Drawer />));
  return host;
}

const tabs = (host: HTMLElement) => [...host.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
const rows = (host: HTMLElement) => host.querySelectorAll('.col-symbol, .position-card').length - host.querySelectorAll('th.col-symbol').length;
const toggle = (host: HTMLElement) => host.querySelector<HTMLButtonElement>('.positions-toggle')!;

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  openTrades.value = list([]);
  closedTrades.value = list([]);
});

describe('the positions drawer by look', () => {
  it('when no look is given, then the tabs and the toggle are /mt4’s', () => {
    openTrades.value = list([trade(1), trade(2), trade(3)]);
    const host = mount();
    expect(tabs(host)).toEqual(['ACTIVE POSITIONS (3)', 'POSITIONS HISTORY']);
    expect(toggle(host).getAttribute('aria-label')).toBe('Collapse positions');
    expect(host.querySelector('.positions')!.getAttribute('data-look')).toBe('classic');
  });

  it('when the look is light, then the tabs are Trade with the count and Account History', () => {
    openTrades.value = list([trade(1), trade(2), trade(3)]);
    const host = mount('light');
    expect(tabs(host)).toEqual(['Trade (3)', 'Account History']);
    expect(host.querySelector('.positions')!.getAttribute('data-look')).toBe('light');
  });

  it('when the light drawer is hidden and shown again, then its button says Hide Positions / Show Positions and the list goes and comes back', () => {
    openTrades.value = list([trade(1)]);
    const host = mount('light');
    expect(toggle(host).textContent).toBe('Hide Positions');
    expect(toggle(host).getAttribute('aria-expanded')).toBe('true');
    expect(rows(host)).toBe(1);
    act(() => toggle(host).click());
    expect(toggle(host).textContent).toBe('Show Positions');
    expect(toggle(host).getAttribute('aria-expanded')).toBe('false');
    expect(rows(host)).toBe(0);
    expect(tabs(host)).toEqual(['Trade (1)', 'Account History']);
    act(() => toggle(host).click());
    expect(rows(host)).toBe(1);
  });

  it('when Account History is chosen on the light drawer, then the closed trades are listed as on /mt4', () => {
    closedTrades.value = list([{ ...trade(4), status: 'closed', close_reason: 'manual', close_time: '2026-11-24T17:00:00.000Z' }]);
    const host = mount('light');
    act(() => host.querySelectorAll<HTMLButtonElement>('[role="tab"]')[1]!.click());
    expect(host.querySelectorAll('[role="tab"]')[1]!.getAttribute('aria-selected')).toBe('true');
    expect(rows(host)).toBe(1);
    expect(host.querySelector('tbody')!.textContent).toContain('manual');
  });
});
