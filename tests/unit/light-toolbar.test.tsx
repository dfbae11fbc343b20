// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activation, autotrader } from '../../client/state/automation';
import { clock } from '../../client/state/market';
import { unreadNotifications } from '../../client/state/notifications';
import { chartTimeframe, mobileWatchOpen, terminalDialog, ticketSide } from '../../client/state/terminal';
import LightToolbar from '../../client/islands/light-toolbar.island';
import LightTradePanel from '../../client/islands/light-trade-panel.island';
import type { Notification } from '../../shared/api/user.schema';
import type { PageState } from '../../shared/page-state.schema';
import { lightTitle } from '../../shared/trading/light-terminal';
import { spreadPips } from '../../shared/trading/market-watch';
import { Island } from '../../views/island';
import { customerPageState, wireAsset } from '../support/api-shapes';
import { checkedHydration, openPage } from '../support/islands';

/**
 * The light terminal's title bar, toolbar and BUY/SELL panel (docs/trade-room.md#light-terminal) in a browser-like
 * document: rendered by the server from a page state, hydrated, then used. BUY/SELL are /mt4's (useTradeSides).
 */

const placeMarketOrder = vi.hoisted(() => vi.fn(async () => ({ ok: true })));
vi.mock('../../client/state/orders', async (original) => ({ ...(await original<object>()), placeMarketOrder }));
vi.mock('react-dom/client', async (original) => (await import('../support/hydrated-roots')).recordingRoots(await original()));
vi.mock('../../client/state/trading', async (original) => ({ ...(await original<object>()), startTrading: vi.fn(async () => undefined) }));
// Nothing here talks to a server (the AutoTrader dialog loads its status when it opens).
vi.mock('../../client/lib/call', () => ({ call: vi.fn(async () => ({ ok: false, status: 503, message: null })) }));
vi.mock('../../client/state/automation', async (original) => ({ ...(await original<object>()), startAutomation: vi.fn() }));

/** Saturday 28 Nov 2026, 12:00 UTC: crypto is open, New York's stocks are closed until Monday. */
const saturdayNoon = Date.UTC(2026, 10, 28, 12, 0);

const btc = wireAsset({ id: 1, symbol: 'BTC/USD', bid: 67301.08, ask: 67408.9, updatedAt: saturdayNoon - 1_000 });
const aapl = wireAsset({ id: 2, symbol: 'AAPL', hours: 'us-stocks', bid: 189.12, ask: 189.2, updatedAt: saturdayNoon - 1_000 });
const liveAccount = {
  ...{ id: 31, number: '1002', type: 'live', title: 'Live', currency: 'USD', open_trades: 0, balance: 100, credit: 0, equity: 100 },
  ...{ margin: 0, freeMargin: 100, marginLevel: '∞', pnl: 0, lifetimePnl: 0 },
};

function pageState(activeAssetId: number, { user = {}, accounts }: { user?: Record<string, unknown>; accounts?: unknown[] } = {}): PageState {
  const data = accounts ? { accounts: { data: accounts } } : {};
  return customerPageState({ renderedAt: saturdayNoon, assets: [btc, aapl], activeAssetId, pairs: [1, 2], user: { first_name: 'ada', ...user }, data, csrfToken: 'csrf-1' });
}

const islands = { 'light-toolbar': async () => ({ default: LightToolbar as never }), 'light-trade-panel': async () => ({ default: LightTradePanel as never }) };

/** The toolbar and the panel as the server renders them for `state`, hydrated with the same state. */
const openLight = (state: PageState, unread = 0) =>
  openPage(
    <>
      <Island island={LightToolbar} client="load" props={{ siteName: 'Site', planId: null, planTitle: null, firstName: 'ada', unread }} />
      <Island island={LightTradePanel} client="load" props={{}} />
    </>,
    state,
    islands,
  );

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const buttonNamed = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
const press = (key: string, target: EventTarget = document.activeElement ?? document.body) =>
  act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
const notice = (id: string): Notification => ({ id, title: 'T', message: 'M', color: 'info', read: false, read_at: null, created_at: '2026-11-24T10:00:00.000Z' });

checkedHydration({ now: saturdayNoon });
beforeEach(() => {
  placeMarketOrder.mockClear();
  ticketSide.value = null;
  terminalDialog.value = null;
  mobileWatchOpen.value = false;
  chartTimeframe.value = 'M1';
  autotrader.value = undefined;
  activation.value = undefined;
  unreadNotifications.value = null;
  clock.value = saturdayNoon;
});

describe('spreadPips', () => {
  it('counts a pip as 10 points on 3- and 5-digit quotes, else one point, to 1 decimal; null without a positive spread', () => {
    expect(spreadPips('1.08412', '1.08424', 5)).toBe('1.2');
    expect(spreadPips('151.201', '151.219', 3)).toBe('1.8');
    expect(spreadPips('1.0840', '1.0843', 4)).toBe('3.0');
    expect(spreadPips('67301.08', '67408.9', 2)).toBe('10782.0');
    expect(spreadPips('1.1', '1.1', 5)).toBeNull();
    expect(spreadPips('1.2', '1.1', 5)).toBeNull();
    expect(spreadPips(null, '1.1', 5)).toBeNull();
  });
});

describe('the title bar', () => {
  it('reads as MT4’s: the selected account’s number and kind, the site, the active pair and the chart’s timeframe', async () => {
    const { serverHtml } = await openLight(pageState(1, { accounts: [liveAccount] }));
    expect(serverHtml).toContain('1002: Site - Live Account - [BTC/USD,M1]');
    await act(() => void (chartTimeframe.value = 'H1'));
    expect($('.light-title').textContent).toBe('1002: Site - Live Account - [BTC/USD,H1]');
    expect($('.light-close').getAttribute('href')).toBe('/main/dashboard');
    expect($('.light-close').getAttribute('aria-label')).toBe('Close terminal');
  });

  it('says Demo Account while there is no account', async () => {
    await openLight(pageState(1, { accounts: [] }));
    expect($('.light-title').textContent).toBe('Site - Demo Account - [BTC/USD,M1]');
    expect(lightTitle({ account: { number: '9', type: 'demo' }, siteName: 'S', symbol: undefined, timeframe: 'M1' })).toBe('9: S - Demo Account');
  });
});

describe('New Order', () => {
  it('opens a buy ticket for the active pair with its volume first (Market order), or its price first (Pending order); Escape closes the menu', async () => {
    await openLight(pageState(1));
    const toggle = buttonNamed('New Order');
    await act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await press('Escape');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    await act(() => toggle.click());
    await act(() => buttonNamed('Market order').click());
    expect(ticketSide.value).toBe('buy');
    expect($('.ticket-popover').getAttribute('aria-label')).toBe('Order ticket BTC/USD');
    expect(document.activeElement?.id).toBe('ticket-volume');
    await press('Escape', window);
    expect(ticketSide.value).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await act(() => toggle.click());
    await act(() => buttonNamed('Pending order').click());
    expect(ticketSide.value).toBe('buy');
    expect(document.activeElement?.id).toBe('ticket-price');
  });

  it('F9 opens the buy ticket here too (the toolbar renders the page’s ticket)', async () => {
    await openLight(pageState(1));
    await press('F9', window);
    expect(ticketSide.value).toBe('buy');
    expect(document.querySelectorAll('.ticket-popover')).toHaveLength(1);
  });
});

describe('the toolbar', () => {
  it('shows Auto Trading as it is: On while the AutoTrader is active or an EA runs, Pending while a request waits, Off otherwise; it opens the AutoTrader dialog', async () => {
    await openLight(pageState(1));
    const auto = $('.light-auto');
    expect(auto.querySelector('.light-auto-state')).toBeNull();
    const status = { active: false, level: null, account_id: null, open_limit: null, open_positions: 0, latest_request: null };
    await act(() => void ((autotrader.value = status), (activation.value = null)));
    expect(auto.textContent).toBe('Auto TradingOff');
    await act(() => void (autotrader.value = { ...status, active: true }));
    expect(auto.textContent).toBe('Auto TradingOn');
    expect(auto.dataset.state).toBe('on');
    const request = { id: 1, level: 'low', account_id: 31, account_title: 'Live', status: 'pending', reason: null, created_at: '', decided_at: null } as const;
    await act(() => void (autotrader.value = { ...status, latest_request: request as never }));
    expect(auto.textContent).toBe('Auto TradingPending');
    const ea = {
      expert_advisor: { id: 4, name: 'Trend', image: null },
      running: true,
      account_id: 31,
      asset_id: 1,
      asset_symbol: 'BTC/USD',
      activated_at: '',
      started_at: '',
      stopped_reason: null,
      stats: {},
    };
    await act(() => void (activation.value = ea as never));
    expect(auto.textContent).toBe('Auto TradingOn');
    expect(auto.title).toBe('Trend is running');
    await act(() => auto.click());
    expect(terminalDialog.value).toEqual({ kind: 'autotrader' });
  });

  it('toggles the phone market watch, saying whether it is open', async () => {
    await openLight(pageState(1));
    const watch = buttonNamed('Market Watch');
    expect(watch.getAttribute('aria-expanded')).toBe('false');
    await act(() => watch.click());
    expect(mobileWatchOpen.value).toBe(true);
    expect(watch.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves focus into the phone market watch sheet (its search) as it opens, and back to the toggle as it closes', async () => {
    await openLight(pageState(1));
    // The sheet is the market watch island's (market-watch.island.tsx), as it renders while mobileWatchOpen holds it open.
    document.body.insertAdjacentHTML('beforeend', '<aside class="light-side"><section class="market-watch" data-overlay=""><input type="search" aria-label="Search markets"></section></aside>');
    const watch = buttonNamed('Market Watch');
    await act(() => watch.focus());
    await act(() => watch.click());
    expect(document.activeElement).toBe($('.market-watch input[type=search]'));
    // Escape in the sheet, or a pair chosen in it, closes it.
    await act(() => void (mobileWatchOpen.value = false));
    expect(document.activeElement).toBe(watch);

    // Closed while the reader is elsewhere (not in the sheet): focus stays there.
    await act(() => watch.click());
    const auto = $<HTMLButtonElement>('.light-auto');
    await act(() => auto.focus());
    await act(() => void (mobileWatchOpen.value = false));
    expect(document.activeElement).toBe(auto);
  });

  it('closes a menu on a press outside or Tab out of it, leaving focus where the reader put it', async () => {
    await openLight(pageState(1));
    const toggle = buttonNamed('New Order');
    const list = $('.light-new-order .light-menu-list');
    const auto = $<HTMLButtonElement>('.light-auto');
    await act(() => toggle.click());
    expect(document.activeElement?.textContent).toBe('Market order');
    // A press on the title (nothing to focus there): closed, and focus not pulled back to New Order.
    await act(() => void $('.light-title').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
    expect(list.hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).not.toBe(toggle);

    await act(() => toggle.click());
    expect(list.hidden).toBe(false);
    await act(() => auto.focus());
    expect(list.hidden).toBe(true);
    expect(document.activeElement).toBe(auto);

    // Moving within the menu keeps it open.
    await act(() => toggle.click());
    await press('ArrowDown');
    expect(document.activeElement?.textContent).toBe('Pending order');
    expect(list.hidden).toBe(false);
  });

  it('has the bell with the unread count the notification card keeps (none at 0) beside the avatar, and its menu has the account’s links and the plain forms', async () => {
    const { serverHtml } = await openLight(pageState(1), 2);
    expect(serverHtml).toContain('class="count-badge bell-count"');
    const bell = $<HTMLButtonElement>('.light-toolbar .bell-button');
    expect(bell.textContent).toBe('Notifications, 2 unread');
    const profile = $<HTMLButtonElement>('.light-profile > button');
    expect(profile.getAttribute('aria-label')).toBe('Profile menu');
    expect(profile.textContent).toBe('A');
    await act(() => void (unreadNotifications.value = [notice('1'), notice('2'), notice('3')]));
    expect($('.bell-count').textContent).toBe('3 unread');
    await act(() => void (unreadNotifications.value = []));
    expect(document.querySelector('.bell-count')).toBeNull();

    await act(() => profile.click());
    const menu = $('.light-profile .light-menu-list');
    expect(menu.hidden).toBe(false);
    expect([...menu.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Profile', '/main/dashboard'],
      ['Account Details', '/main/accounts'],
      ['Settings', '/main/settings'],
    ]);
    const forms = [...menu.querySelectorAll('form')].map((f) => [f.getAttribute('action'), f.getAttribute('method'), new URLSearchParams(new FormData(f) as never).toString(), f.textContent]);
    expect(forms).toEqual([
      ['/terminal', 'post', '_csrf=csrf-1&terminal=classic', 'Classic terminal'],
      ['/session/logout', 'post', '_csrf=csrf-1', 'Logout'],
    ]);
    expect(document.activeElement).toBe(menu.querySelector('a'));
    await press('ArrowDown');
    expect(document.activeElement?.textContent).toBe('Account Details');
    await press('Escape');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(profile);
  });
});

describe('the BUY/SELL panel', () => {
  it('shows SELL at the bid and BUY at the ask to 4 decimals with the spread in pips, and BUY opens the toolbar’s ticket', async () => {
    const { serverHtml } = await openLight(pageState(1));
    expect(serverHtml).toContain('67301.0800');
    const panel = $('.light-trade-panel');
    expect(panel.querySelector('.trade-sell')!.textContent).toBe('SELL67301.0800');
    expect(panel.querySelector('.trade-buy')!.textContent).toBe('BUY67408.9000');
    expect(panel.querySelector('.light-spread')!.textContent).toBe('SPREAD 10782.0');
    await act(() => panel.querySelector<HTMLButtonElement>('.trade-buy')!.click());
    expect(ticketSide.value).toBe('buy');
    expect($('.light-top .ticket-popover')).not.toBeNull();
    expect(placeMarketOrder).not.toHaveBeenCalled();
  });

  it('with one-click trading on, SELL places a market order at once at the lots between the buttons', async () => {
    await openLight(pageState(1, { user: { one_click_trading: true } }));
    expect($<HTMLInputElement>('.light-trade-panel input[aria-label^="One-click volume"]').value).toBe('0.01');
    await act(async () => $<HTMLButtonElement>('.light-trade-panel .trade-sell').click());
    expect(ticketSide.value).toBeNull();
    const [order] = placeMarketOrder.mock.calls[0] as unknown as [{ side: string; price: string; asset: { id: number } }];
    expect([order.side, order.price, order.asset.id]).toEqual(['sell', '67301.08', 1]);
  });

  it('on a closed market, disables BUY and SELL with when it opens, and offers a pending order', async () => {
    await openLight(pageState(2));
    const buy = $<HTMLButtonElement>('.light-trade-panel .trade-buy');
    expect(buy.disabled).toBe(true);
    expect($<HTMLButtonElement>('.light-trade-panel .trade-sell').disabled).toBe(true);
    expect(buy.querySelector('.closed-label')!.textContent).toMatch(/^Opens Mon \d\d:\d\d$/);
    expect($(`#${CSS.escape(buy.getAttribute('aria-describedby')!)}`).textContent).toMatch(/^Market closed · Opens Mon/);
    await act(() => $<HTMLButtonElement>('.light-trade-panel .pending-order-button').click());
    expect(ticketSide.value).toBe('buy');
    expect(document.activeElement?.id).toBe('ticket-price');
  });
});
