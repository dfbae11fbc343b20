// @vitest-environment happy-dom
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser } from '../../client/state/session';
import { mobileWatchOpen, ticketSide } from '../../client/state/terminal';
import { clock } from '../../client/state/market';
import { toasts } from '../../client/state/toasts';
import TradeHeader from '../../client/islands/trade-header.island';
import MarketWatch from '../../client/islands/market-watch.island';
import type { PageState } from '../../shared/page-state.schema';
import { Island } from '../../views/island';
import { customerPageState, wireAsset } from '../support/api-shapes';
import { checkedHydration, openPage } from '../support/islands';

/**
 * The trade room's header and market watch in a browser-like document (docs/trade-room.md#market-state,
 * #one-click-trading, #keyboard, #market-watch): rendered by the server from a page state, hydrated, then used.
 */

const placeMarketOrder = vi.hoisted(() => vi.fn(async () => ({ ok: true })));
const placePendingOrder = vi.hoisted(() => vi.fn(async () => ({ ok: true })));
vi.mock('../../client/state/orders', async (original) => ({ ...(await original<object>()), placeMarketOrder, placePendingOrder }));
// Each test's islands are unmounted after it, so the next test's signals do not reach them.
vi.mock('react-dom/client', async (original) => (await import('../support/hydrated-roots')).recordingRoots(await original()));
// Nothing here talks to a server: the first loads and the live channels are the page's own business.
vi.mock('../../client/state/trading', async (original) => ({ ...(await original<object>()), startTrading: vi.fn(async () => undefined) }));
vi.mock('../../client/state/automation', async (original) => ({ ...(await original<object>()), startAutomation: vi.fn() }));

/** Saturday 28 Nov 2026, 12:00 UTC: crypto is open, New York's stocks are closed until Monday 09:30 (14:30 UTC). */
const saturdayNoon = Date.UTC(2026, 10, 28, 12, 0);

const btc = wireAsset({ id: 1, symbol: 'BTC/USD', bid: 67301.08, ask: 67408.9, updatedAt: saturdayNoon - 1_000 });
const aapl = wireAsset({ id: 2, symbol: 'AAPL', hours: 'us-stocks', bid: 189.12, ask: 189.2, updatedAt: saturdayNoon - 1_000 });
const eth = wireAsset({ id: 3, symbol: 'ETH/USD', bid: 3001.5, ask: 3002.75, updatedAt: saturdayNoon - 1_000 });

const pageState = (activeAssetId: number, user: Record<string, unknown> = {}) => customerPageState({ renderedAt: saturdayNoon, assets: [btc, aapl, eth], activeAssetId, pairs: [1, 2], user });

const islands = { 'trade-header': async () => ({ default: TradeHeader as never }), 'market-watch': async () => ({ default: MarketWatch as never }) };

/** The island as the server renders it for `state`, put in the document and hydrated with the same state. */
const openRoom = (state: PageState, which: 'trade-header' | 'market-watch' = 'trade-header') =>
  openPage(
    which === 'trade-header' ? <Island island={TradeHeader} client="load" props={{ planId: null, planTitle: null }} /> : <Island island={MarketWatch} client="load" props={{}} />,
    state,
    islands,
  );

const button = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;
const press = (key: string, target: EventTarget = document.activeElement ?? document.body) =>
  act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));

checkedHydration({ now: saturdayNoon });
beforeAll(() => {
  // The virtualised list measures its scroller: 300 × 600 here, as in the sidebar.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
});
beforeEach(() => {
  placeMarketOrder.mockClear();
  placePendingOrder.mockClear();
  ticketSide.value = null;
  clock.value = saturdayNoon;
});

describe('a closed market in the header', () => {
  it('when the active instrument’s market is closed, then BUY and SELL are disabled, its tab dimmed, and the note says when it opens (after hydration, in the reader’s time zone)', async () => {
    const { element, serverHtml } = await openRoom(pageState(2));
    expect(serverHtml).toContain('Market closed');
    expect(serverHtml).not.toContain('Opens');
    const buy = element.querySelector<HTMLButtonElement>('.trade-buy')!;
    const sell = element.querySelector<HTMLButtonElement>('.trade-sell')!;
    expect(buy.disabled).toBe(true);
    expect(sell.disabled).toBe(true);
    expect(buy.getAttribute('aria-describedby')).toBe(element.querySelector('.closed-note')!.id);
    expect(element.querySelector('.closed-note')!.textContent).toMatch(/^Market closed · Opens Mon \d\d:\d\d$/);
    expect(element.querySelector('.pair-tab.active')!.classList.contains('closed')).toBe(true);
    expect(element.querySelector('.pair-tab:not(.active)')!.classList.contains('closed')).toBe(false);
  });

  it('when F9 is pressed on a closed market, then no ticket opens and it says why; on an open one it opens a buy ticket', async () => {
    await openRoom(pageState(2));
    await press('F9', window);
    expect(ticketSide.value).toBeNull();
    expect(toasts.value.at(-1)?.title).toMatch(/^Market closed · Opens Mon \d\d:\d\d$/);
    await act(() => button(/^BTC\/USD/).click());
    await press('F9', window);
    expect(ticketSide.value).toBe('buy');
    expect(document.querySelector('.ticket-popover')).not.toBeNull();
    await press('Escape', window);
    expect(ticketSide.value).toBeNull();
  });

  it('when the market is closed, then Pending order opens the ticket as a limit at its price, where a market order waits and a typed price places the limit', async () => {
    const { element, serverHtml } = await openRoom(pageState(2));
    expect(serverHtml).toContain('Pending order');
    const pending = element.querySelector<HTMLButtonElement>('.pending-order-button')!;
    expect(pending.textContent).toBe('Pending order');
    expect(pending.disabled).toBe(false);
    await act(() => pending.click());
    expect(ticketSide.value).toBe('buy');
    expect(pending.getAttribute('aria-expanded')).toBe('true');
    const price = document.querySelector<HTMLInputElement>('#ticket-price')!;
    expect(document.activeElement).toBe(price);
    const submit = () => document.querySelector<HTMLButtonElement>('.ticket-submit')!;
    const orderType = (name: string) => [...document.querySelectorAll<HTMLInputElement>('.ticket-type input')].find((r) => r.parentElement?.textContent === name)!;
    expect(orderType('Limit').checked).toBe(true);
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Place Buy Limit 0.01');
    await act(() => orderType('Market').click());
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toMatch(/^Market closed · Opens Mon \d\d:\d\d$/);
    await act(() => orderType('Limit').click());
    const limitPrice = document.querySelector<HTMLInputElement>('#ticket-price')!;
    await act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(limitPrice, '180.00');
      limitPrice.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(submit().disabled).toBe(false);
    expect(submit().textContent).toBe('Place Buy Limit 0.01 at 180.00');
    await act(async () => submit().click());
    expect(placeMarketOrder).not.toHaveBeenCalled();
    const [order] = placePendingOrder.mock.calls[0] as unknown as [{ side: string; kind: string; price: string; asset: { id: number } }];
    expect([order.side, order.kind, order.price, order.asset.id]).toEqual(['buy', 'limit', '180.00', 2]);
    expect(ticketSide.value).toBeNull();
    // An open market has BUY/SELL: no Pending order button.
    await act(() => button(/^BTC\/USD/).click());
    expect(element.querySelector('.pending-order-button')).toBeNull();
  });

  it('when the schedule reaches the open, then the buttons come back on their own', async () => {
    const { element } = await openRoom(pageState(2));
    const monday = Date.UTC(2026, 10, 30, 14, 31);
    vi.setSystemTime(monday);
    await act(() => void (clock.value = monday));
    expect(element.querySelector<HTMLButtonElement>('.trade-buy')!.disabled).toBe(false);
    expect(element.querySelector('.closed-note')).toBeNull();
    vi.setSystemTime(saturdayNoon);
  });
});

describe('the profile menu', () => {
  it('when it is open, then Escape closes it and focus goes back to its summary', async () => {
    await openRoom(pageState(1));
    document.body.insertAdjacentHTML('beforeend', '<details class="profile-menu" open><summary>Ada</summary><ul><li><a href="/main/settings">Settings</a></li></ul></details>');
    const menu = document.querySelector<HTMLDetailsElement>('details.profile-menu')!;
    menu.querySelector('a')!.focus();
    await press('Escape');
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(menu.querySelector('summary'));
    menu.remove();
  });
});

describe('one-click trading', () => {
  it('when it is off, then BUY opens the ticket and nothing is placed', async () => {
    const { element } = await openRoom(pageState(1));
    expect(element.querySelector('input[aria-label^="One-click volume"]')).toBeNull();
    await act(() => element.querySelector<HTMLButtonElement>('.trade-buy')!.click());
    expect(ticketSide.value).toBe('buy');
    expect(placeMarketOrder).not.toHaveBeenCalled();
  });

  it('when it is on, then BUY places a market order at once at the volume between the buttons, at the price shown, with no ticket', async () => {
    const { element } = await openRoom(pageState(1, { one_click_trading: true }));
    expect(currentUser.value?.one_click_trading).toBe(true);
    const volume = element.querySelector<HTMLInputElement>('input[aria-label^="One-click volume"]')!;
    expect(volume.value).toBe('0.01');
    await act(async () => element.querySelector<HTMLButtonElement>('.trade-buy')!.click());
    expect(ticketSide.value).toBeNull();
    expect(placeMarketOrder).toHaveBeenCalledTimes(1);
    const [order] = placeMarketOrder.mock.calls[0] as unknown as [{ side: string; price: string; units: { toFixed(): string }; lots: { toFixed(): string }; leverage: number; asset: { id: number } }];
    expect(order.side).toBe('buy');
    expect(order.asset.id).toBe(1);
    expect(order.price).toBe('67408.9');
    expect(order.units.toFixed()).toBe('0.01');
    expect(order.lots.toFixed()).toBe('0.01');
    expect(order.leverage).toBe(5);
  });

  it('when the volume is not a whole lot step, then BUY and SELL wait and the field says why; Up steps it', async () => {
    const { element } = await openRoom(pageState(1, { one_click_trading: true }));
    const volume = element.querySelector<HTMLInputElement>('input[aria-label^="One-click volume"]')!;
    const type = (text: string) =>
      act(() => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(volume, text);
        volume.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type('0.015');
    expect(element.querySelector<HTMLButtonElement>('.trade-buy')!.disabled).toBe(true);
    expect(element.querySelector<HTMLButtonElement>('.trade-sell')!.disabled).toBe(true);
    expect(volume.getAttribute('aria-invalid')).toBe('true');
    expect(element.querySelector('.one-click-problem')!.textContent).toBe('Volume must be in steps of 0.01 lots');
    await type('0.02');
    await press('ArrowUp', volume);
    expect(volume.value).toBe('0.03');
    await act(async () => element.querySelector<HTMLButtonElement>('.trade-sell')!.click());
    const [order] = placeMarketOrder.mock.calls[0] as unknown as [{ side: string; price: string; units: { toFixed(): string } }];
    expect([order.side, order.price, order.units.toFixed()]).toEqual(['sell', '67301.08', '0.03']);
  });
});

describe('market watch', () => {
  it('when a market is closed, then its row dims its prices and carries a Closed mark; open ones do not', async () => {
    const { element } = await openRoom(pageState(1), 'market-watch');
    const row = (symbol: string) => [...element.querySelectorAll('.watch-row')].find((r) => r.textContent!.includes(symbol))!;
    expect(row('AAPL').classList.contains('closed')).toBe(true);
    expect(row('AAPL').querySelector('.closed-mark')!.textContent).toBe('Closed');
    // Shown as an icon that cannot be cut to "Cl…" in a narrow watch; the word is for screen readers.
    expect(row('AAPL').querySelector('.closed-mark svg')).not.toBeNull();
    expect(row('AAPL').querySelector('.closed-mark .visually-hidden')!.textContent).toBe('Closed');
    expect(row('BTC/USD').classList.contains('closed')).toBe(false);
    expect(row('BTC/USD').querySelector('.closed-mark')).toBeNull();
  });

  it('shows 3 decimals until Full digits is pressed, then each instrument’s own with the spread in points', async () => {
    const { element } = await openRoom(pageState(1, { watch_digits: 'fixed' }), 'market-watch');
    expect(element.textContent).toContain('67301.080');
    const toggle = element.querySelector<HTMLButtonElement>('.digits-toggle')!;
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    // The saved settings as the API answers them.
    const fetched = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          data: {
            display_currency: null,
            language: 'en',
            sounds_enabled: true,
            one_click_trading: false,
            watch_digits: 'instrument',
            terminal: 'classic',
            notifications: { account: true, funding: true },
          },
          message: 'Settings saved',
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    await act(async () => toggle.click());
    expect(fetched).toHaveBeenCalledWith('/api/v1/user/preferences', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ watch_digits: 'instrument' }) }));
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(element.textContent).toContain('67301.08');
    expect(element.textContent).not.toContain('67301.080');
    expect([...element.querySelectorAll('.watch-row .watch-spread')].map((s) => s.textContent)).toContain('10782');
    fetched.mockRestore();
  });

  it('moves through the rows with Down, Up, Home and End, one row in the tab order, and Enter opens the pair', async () => {
    const { element } = await openRoom(pageState(1), 'market-watch');
    const rows = () => [...element.querySelectorAll<HTMLButtonElement>('.watch-slot > button')];
    expect(rows().filter((r) => r.tabIndex === 0)).toHaveLength(1);
    // The groups in the catalogue's order (Stocks before Crypto), each followed by its instruments.
    rows()[0]!.focus();
    await press('ArrowDown');
    expect(document.activeElement?.textContent).toContain('AAPL');
    await press('ArrowDown');
    expect(document.activeElement?.textContent).toMatch(/^Crypto/);
    await press('ArrowDown');
    expect(document.activeElement?.textContent).toContain('BTC/USD');
    await press('End');
    expect(document.activeElement?.textContent).toContain('ETH/USD');
    await press('Home');
    expect(document.activeElement?.textContent).toMatch(/^Stocks/);
    expect(rows().filter((r) => r.tabIndex === 0)).toEqual([document.activeElement]);
    await press('ArrowUp');
    expect(document.activeElement?.textContent).toMatch(/^Stocks/);
    await press('End');
    // Enter on a row is its click.
    await act(() => (document.activeElement as HTMLButtonElement).click());
    expect(document.querySelector('.watch-row.active')?.textContent).toContain('ETH/USD');
  });

  it('leaves the arrow keys to the search field while typing, and Escape closes the phone overlay', async () => {
    const { element } = await openRoom(pageState(1), 'market-watch');
    const search = element.querySelector<HTMLInputElement>('input[type="search"]')!;
    search.focus();
    await press('ArrowDown', search);
    expect(document.activeElement).toBe(search);
    await act(() => void (mobileWatchOpen.value = true));
    await press('Escape', window);
    expect(mobileWatchOpen.value).toBe(false);
  });
});
