// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Positions from '../../client/islands/positions.island';
import { closedTrades, openTrades } from '../../client/state/trading';
import { tradeList, tradeView } from '../support/api-shapes';
import { mount, unmountIslands } from '../support/islands';

/** The positions drawer's two looks (docs/trade-room.md#positions, #light-terminal): /mt4's words and the light terminal's. */

// Nothing here talks to a server: the lists are set by each test.
vi.mock('../../client/state/trading', async (original) => ({ ...(await original<object>()), startTrading: vi.fn(async () => undefined) }));
vi.mock('../../client/state/market', async (original) => ({ ...(await original<object>()), startMarket: vi.fn(async () => undefined) }));

const trade = (id: number) => tradeView({ id, trade_id: `T0000000${id}` });

const Drawer = Positions.component;
const mountDrawer = (look?: 'classic' | 'light') => mount(look ? <Drawer look={look} /> : <Drawer />);

const tabs = (host: HTMLElement) => [...host.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
const rows = (host: HTMLElement) => host.querySelectorAll('.col-symbol, .position-card').length - host.querySelectorAll('th.col-symbol').length;
const toggle = (host: HTMLElement) => host.querySelector<HTMLButtonElement>('.positions-toggle')!;

afterEach(async () => {
  await unmountIslands();
  openTrades.value = tradeList([]);
  closedTrades.value = tradeList([]);
});

describe('the positions drawer by look', () => {
  it('when no look is given, then the tabs and the toggle are /mt4’s', () => {
    openTrades.value = tradeList([trade(1), trade(2), trade(3)]);
    const host = mountDrawer();
    expect(tabs(host)).toEqual(['ACTIVE POSITIONS (3)', 'POSITIONS HISTORY']);
    expect(toggle(host).getAttribute('aria-label')).toBe('Collapse positions');
    expect(host.querySelector('.positions')!.getAttribute('data-look')).toBe('classic');
  });

  it('when the look is light, then the tabs are Trade with the count and Account History', () => {
    openTrades.value = tradeList([trade(1), trade(2), trade(3)]);
    const host = mountDrawer('light');
    expect(tabs(host)).toEqual(['Trade (3)', 'Account History']);
    expect(host.querySelector('.positions')!.getAttribute('data-look')).toBe('light');
  });

  it('when the light drawer is hidden and shown again, then its button says Hide Positions / Show Positions and the list goes and comes back', () => {
    openTrades.value = tradeList([trade(1)]);
    const host = mountDrawer('light');
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
    closedTrades.value = tradeList([{ ...trade(4), status: 'closed', close_reason: 'manual', close_time: '2026-11-24T17:00:00.000Z' }]);
    const host = mountDrawer('light');
    act(() => host.querySelectorAll<HTMLButtonElement>('[role="tab"]')[1]!.click());
    expect(host.querySelectorAll('[role="tab"]')[1]!.getAttribute('aria-selected')).toBe('true');
    expect(rows(host)).toBe(1);
    expect(host.querySelector('tbody')!.textContent).toContain('Manual close');
  });
});
