// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chartTimeframe, terminalDialog } from '../../client/state/terminal';
import { activeAssetId, clock, feedStatus, openPairs } from '../../client/state/market';
import { connection } from '../../client/state/realtime';
import { countReceived, publishTraffic, resetTraffic } from '../../client/realtime/traffic';
import { tabScrollStep } from '../../client/components/scroll-strip';
import LightPairTabs from '../../client/islands/light-pair-tabs.island';
import LightStatusBar from '../../client/islands/light-status-bar.island';
import MarketWatch from '../../client/islands/market-watch.island';
import { lightWatchTexts } from '../../shared/trading/light-watch';
import type { PageState } from '../../shared/page-state.schema';
import { Island } from '../../views/island';
import { customerPageState, wireAsset } from '../support/api-shapes';
import { checkedHydration, openPage } from '../support/islands';

/**
 * The light terminal's pair tabs, status bar and market-watch look (docs/trade-room.md#light-terminal): rendered by the
 * server from a page state, hydrated (no mismatch), then used.
 */

vi.mock('react-dom/client', async (original) => (await import('../support/hydrated-roots')).recordingRoots(await original()));
// Nothing here talks to a server.
vi.mock('../../client/state/market', async (original) => ({ ...(await original<object>()), startMarket: vi.fn(async () => undefined) }));

const noon = Date.UTC(2026, 10, 25, 12, 0, 5);

const catalogue = ['BTC/USD', 'ETH/USD', 'SOL/USD'].map((symbol, i) => wireAsset({ id: i + 1, symbol, updatedAt: noon - 1_000 }));
const pageState = (activeAssetId: number, pairs: number[]) => customerPageState({ renderedAt: noon, assets: catalogue, activeAssetId, pairs });

const islands = {
  'light-pair-tabs': async () => ({ default: LightPairTabs as never }),
  'light-status-bar': async () => ({ default: LightStatusBar as never }),
  'market-watch': async () => ({ default: MarketWatch as never }),
};
const open = (island: React.ReactElement, state: PageState) => openPage(island, state, islands);
const openTabs = (active = 2, pairs = [1, 2, 3]) => open(<Island island={LightPairTabs} client="load" props={{}} />, pageState(active, pairs));

const tabs = () => [...document.querySelectorAll<HTMLButtonElement>('.light-tab-open')];
const arrow = (side: 'left' | 'right') => document.querySelector<HTMLButtonElement>(`button[aria-label="Scroll tabs ${side}"]`)!;

/** The strip as laid out `width` px wide over `content` px of tabs, scrolled to `left`: happy-dom lays nothing out. */
function layOut(strip: HTMLElement, content: number, width: number, left: number) {
  Object.defineProperty(strip, 'scrollWidth', { configurable: true, value: content });
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(strip, 'scrollLeft', { configurable: true, value: left, writable: true });
  return act(() => void strip.dispatchEvent(new Event('scroll')));
}

checkedHydration({ now: noon });
beforeEach(() => {
  chartTimeframe.value = 'M5';
  terminalDialog.value = null;
  connection.value = { status: 'disconnected', error: null };
  feedStatus.value = 'disconnected';
  resetTraffic();
});

describe('the pair tabs', () => {
  it('shows one tab per open pair as "{symbol}, {timeframe}" from the first paint, the active one marked, each with a close button', async () => {
    const { element, serverHtml } = await openTabs();
    expect(serverHtml).toContain('ETH/USD, M5');
    const nav = element.querySelector('nav.light-pair-tabs')!;
    expect(nav.getAttribute('aria-label')).toBe('Open pairs');
    expect(tabs().map((t) => t.textContent)).toEqual(['BTC/USD, M5', 'ETH/USD, M5', 'SOL/USD, M5']);
    expect(tabs().map((t) => t.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect([...document.querySelectorAll('.light-tab-close')].map((b) => b.getAttribute('aria-label'))).toEqual(['Close BTC/USD', 'Close ETH/USD', 'Close SOL/USD']);
    await act(() => void (chartTimeframe.value = 'H1'));
    expect(tabs()[0]!.textContent).toBe('BTC/USD, H1');
  });

  it('activates a pair when its tab is chosen; closing the active one activates the first remaining; the last one has no close', async () => {
    await openTabs();
    await act(() => tabs()[2]!.click());
    expect(activeAssetId.value).toBe(3);
    expect(tabs()[2]!.getAttribute('aria-current')).toBe('true');
    await act(() => document.querySelector<HTMLButtonElement>('[aria-label="Close SOL/USD"]')!.click());
    expect(openPairs.value).toEqual([1, 2]);
    expect(activeAssetId.value).toBe(1);
    await act(() => document.querySelector<HTMLButtonElement>('[aria-label="Close BTC/USD"]')!.click());
    expect(openPairs.value).toEqual([2]);
    expect(activeAssetId.value).toBe(2);
    expect(tabs().map((t) => t.textContent)).toEqual(['ETH/USD, M5']);
    expect(document.querySelector('.light-tab-close')).toBeNull();
  });

  it('hides the scroll arrows while nothing overflows; when it does, they move the strip 200 px and each is disabled at its end', async () => {
    const { serverHtml } = await openTabs();
    expect(serverHtml).toMatch(/aria-label="Scroll tabs left" hidden=""/);
    expect(arrow('left').hidden).toBe(true);
    expect(arrow('right').hidden).toBe(true);
    const strip = document.querySelector<HTMLElement>('.light-tabs-strip')!;
    const scrollBy = vi.fn();
    strip.scrollBy = scrollBy as never;
    await layOut(strip, 900, 400, 0);
    expect(arrow('left').hidden).toBe(false);
    expect(arrow('left').disabled).toBe(true);
    expect(arrow('right').disabled).toBe(false);
    await act(() => arrow('right').click());
    expect(scrollBy).toHaveBeenLastCalledWith({ left: tabScrollStep, behavior: 'smooth' });
    await layOut(strip, 900, 400, 200);
    expect(arrow('left').disabled).toBe(false);
    expect(arrow('right').disabled).toBe(false);
    await act(() => arrow('left').click());
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -tabScrollStep, behavior: 'smooth' });
    await layOut(strip, 900, 400, 500);
    expect(arrow('right').disabled).toBe(true);
    await layOut(strip, 380, 400, 0);
    expect(arrow('right').hidden).toBe(true);
  });

  it('opens Add Pair from "+"', async () => {
    await openTabs();
    const add = document.querySelector<HTMLButtonElement>('.light-add-pair')!;
    expect(add.getAttribute('aria-label')).toBe('Add Pair');
    await act(() => add.click());
    expect(terminalDialog.value).toEqual({ kind: 'add-pair' });
  });
});

describe('the status bar', () => {
  it('says "Default", the connections\' states once mounted, and the traffic received so far, growing as messages arrive', async () => {
    const { element, serverHtml } = await open(<Island island={LightStatusBar} client="load" props={{}} />, pageState(1, [1]));
    expect(serverHtml).toContain('Default');
    expect(serverHtml).toContain('0 / 0B');
    const bar = element.querySelector('.light-status-bar')!;
    expect(bar.textContent).toContain('Prices: Disconnected');
    const traffic = bar.querySelector('.status-traffic')!;
    expect(traffic.getAttribute('aria-live')).toBe('off');
    await act(() => {
      feedStatus.value = 'connected';
      connection.value = { status: 'connecting', error: null };
    });
    expect(bar.textContent).toContain('Prices: Connected');
    expect(bar.textContent).toContain('Account updates: Connecting...');
    await act(() => {
      for (let i = 0; i < 229; i++) countReceived('feed', 'x'.repeat(1024));
      countReceived('realtime', new Uint8Array(2048));
      publishTraffic();
    });
    expect(traffic.textContent).toBe('230 / 231KB');
    expect(traffic.getAttribute('title')).toBe('Received since this page opened: 230 messages, 231.0 KB (price feed 229, 229.0 KB; account updates 1, 2.0 KB)');
  });
});

describe('the market watch in the light look', () => {
  it('heads itself "Market Watch: {time}" with the reader\'s clock each second (after hydration), and searches with "Search Market"', async () => {
    const { element, serverHtml } = await open(<Island island={MarketWatch} client="load" props={{ look: 'light' }} />, pageState(1, [1]));
    expect(serverHtml).toContain(lightWatchTexts.title);
    expect(serverHtml).not.toContain('<time');
    const title = () => element.querySelector('.watch-title')!.textContent;
    const local = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour12: false });
    // The clock's own second tick (a real interval once hydrated) may come between any two lines on a busy machine:
    // the title is compared with the clock as it is.
    expect(title()).toBe(`Market Watch: ${local(clock.peek())}`);
    await act(() => void (clock.value = noon + 3_600_000));
    expect(title()).toBe(`Market Watch: ${local(clock.peek())}`);
    expect(title()).not.toBe(`Market Watch: ${local(noon)}`);
    expect(element.querySelector('input[type="search"]')!.getAttribute('placeholder')).toBe('Search Market');
    expect(element.querySelector('.market-watch')!.getAttribute('data-look')).toBe('light');
  });

  it('is unchanged in the classic look', async () => {
    const { element } = await open(<Island island={MarketWatch} client="load" props={{}} />, pageState(1, [1]));
    expect(element.querySelector('h2')!.textContent).toMatch(/^MARKET WATCH/);
    expect(element.querySelector('.watch-title')).toBeNull();
    expect(element.querySelector('input[type="search"]')!.getAttribute('placeholder')).toBe('Search');
  });
});
