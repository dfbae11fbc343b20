import { expect, type ElementHandle, type Page } from '@playwright/test';
import { feedTiming } from '../../shared/trading/terminal';
import { freshCustomer, openSignedIn, test } from './support';

/**
 * The light terminal `/mt4-light` (docs/trade-room.md#light-terminal): the trade room's islands and signals in
 * the classic desktop-terminal layout. Crypto trades around the clock, so none of this depends on the day it runs.
 */
const shots = 'test-results/e2e';
const lightIslands = ['light-toolbar', 'light-trade-panel', 'light-pair-tabs', 'light-status-bar', 'market-watch', 'price-chart', 'positions', 'account-bar', 'algo-trader'];

async function hydrated(page: Page, islands: readonly string[]) {
  await expect(page.locator('.trade-splash')).toHaveCount(0, { timeout: 15_000 });
  for (const island of islands) await expect(page.locator(`app-island[name="${island}"][hydrated]`)).toBeAttached();
}

async function chooseDemo(page: Page) {
  await page.locator('.account-switch > button').click();
  await page.getByRole('button', { name: /Demo Account/ }).click();
  await expect(page.locator('[data-figure="BALANCE"]')).toHaveText('10,000.00 USD');
}

/** Opens a pair from the market watch by its search. */
async function openFromWatch(page: Page, query: string, symbol: string) {
  await page.getByRole('searchbox', { name: 'Search markets' }).fill(query);
  await page.locator('.watch-row', { hasText: symbol }).first().click();
}

const activeTab = (page: Page) => page.locator('.light-pair-tabs [aria-current="true"]');

test('when a customer switches to the light terminal, then prices and traffic move, a row opens a tab, a buy shows here and on /mt4, its close goes to Account History, and an EA activates', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, await freshCustomer());
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  // The choice is kept: the dashboard's switch opens the light terminal and every Trade room link follows it.
  await page.getByRole('button', { name: 'Open the light terminal' }).click();
  await expect(page).toHaveURL(/\/mt4-light$/);
  await hydrated(page, lightIslands);
  await chooseDemo(page);

  const buy = page.locator('.light-trade-panel .trade-buy strong');
  await expect(buy).toHaveText(/^\d[\d,]*\.\d{4}$/);
  const firstAsk = await buy.textContent();
  await expect.poll(() => buy.textContent(), { timeout: 20_000 }).not.toBe(firstAsk);
  const clock = page.locator('.market-watch').getByText(/^Market Watch: \d\d:\d\d:\d\d$/);
  const firstTime = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(firstTime);
  const frames = async () => Number((await page.locator('.status-traffic').textContent())?.split(' / ')[0]);
  const seen = await frames();
  await expect.poll(frames, { timeout: 10_000 }).toBeGreaterThan(seen);

  await openFromWatch(page, 'eth', 'ETH/USD');
  await expect(activeTab(page)).toHaveText('ETH/USD, M1');
  await expect(page.locator('.light-title')).toContainText('Demo Account - [ETH/USD,M1]');

  // The same account in the classic room, in another tab of the same browser: it follows live.
  const classic = await context.newPage();
  await classic.setViewportSize({ width: 1440, height: 900 });
  await classic.goto('/mt4');
  await hydrated(classic, ['trade-header', 'positions', 'account-bar']);
  await expect(classic.locator('[data-figure="BALANCE"]')).toHaveText('10,000.00 USD');
  await expect(classic.getByText('No active positions found')).toBeVisible();

  await page.getByRole('button', { name: 'New Order' }).click();
  await page.getByRole('button', { name: 'Market order' }).click();
  const ticket = page.getByRole('dialog', { name: /Order ticket ETH\/USD/ });
  await ticket.getByRole('button', { name: /^Buy 0.01 at/ }).click();
  await expect(page.locator('.toast-success')).toContainText('Buy order placed');
  const row = page.locator('.positions-table tbody tr').filter({ hasText: 'ETHUSD' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Trade (1)' })).toBeVisible();
  // Live once its channel is subscribed (a trade booked before that is caught up then); on a machine too busy for the
  // socket to connect, by the poll every tradePollMs while it is down (docs/realtime.md#polling-fallback).
  const followed = { timeout: feedTiming.tradePollMs + 5_000 };
  await expect(classic.locator('.positions-table tbody tr').filter({ hasText: 'ETHUSD' })).toHaveCount(1, followed);

  await row.getByRole('button', { name: /^Close ETHUSD/ }).click();
  await page.getByRole('dialog', { name: 'Close position' }).getByRole('button', { name: 'Close position' }).click();
  await expect(page.getByText('Position successfully closed')).toBeVisible();
  await expect(page.getByText('No active positions found')).toBeVisible();
  await page.getByRole('tab', { name: 'Account History' }).click();
  await expect(page.locator('.positions-table tbody tr').filter({ hasText: 'ETHUSD' })).toHaveCount(1);
  await expect(classic.getByText('No active positions found')).toBeVisible(followed);
  await classic.close();

  const algo = page.getByRole('region', { name: 'Algo Trader' });
  await algo.getByRole('button', { name: 'Activate Trend Rider' }).click();
  await expect(page.getByText('Trend Rider has been activated.')).toBeVisible();
  await expect(algo.locator('.ea-row', { hasText: 'Trend Rider' })).toContainText('Activated');
  await page.screenshot({ path: `${shots}/light-terminal-1440.png` });
});

test('when a quote arrives while a row is pressed on its price, then the click still opens the pair', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, await freshCustomer(), '/mt4-light');
  await hydrated(page, lightIslands);
  await page.getByRole('searchbox', { name: 'Search markets' }).fill('gbpusd');
  const row = page.locator('.watch-row', { hasText: 'GBP/USD' });
  await expect(page.locator('.watch-row')).toHaveCount(1);
  // A tick re-mounts the price cells to replay their flash (market-watch.island.tsx): a real one, between press and release.
  // (Swapping the cell by hand instead breaks React's own next update of it, which then re-mounts the whole island.)
  // The cell and where it is, taken together: a tick between the two would leave a detached cell with no box.
  let pressed: { price: ElementHandle; box: { x: number; y: number; width: number; height: number } } | undefined;
  await expect
    .poll(async () => {
      const price = await row.locator('.watch-price').first().elementHandle();
      const box = await price?.boundingBox();
      pressed = price && box ? { price, box } : undefined;
      return pressed !== undefined;
    })
    .toBe(true);
  const { price, box } = pressed!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => price.evaluate((cell) => cell.isConnected), { timeout: 20_000 }).toBe(false);
  await page.mouse.up();
  await expect(activeTab(page)).toHaveText('GBP/USD, M1');
});

test('when more pairs are open than the tab strip shows, then its arrows scroll it by 200 px, and closing the active tab activates the first', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, await freshCustomer(), '/mt4-light');
  await hydrated(page, lightIslands);
  const right = page.getByRole('button', { name: 'Scroll tabs right' });
  await expect(right).toBeHidden();
  for (const [query, symbol] of [
    ['eth', 'ETH/USD'],
    ['eurusd', 'EUR/USD'],
    ['gbpusd', 'GBP/USD'],
    ['usdjpy', 'USD/JPY'],
    ['audusd', 'AUD/USD'],
    ['usdcad', 'USD/CAD'],
    ['nzdusd', 'NZD/USD'],
    ['eurgbp', 'EUR/GBP'],
    ['eurjpy', 'EUR/JPY'],
  ] as const) {
    await openFromWatch(page, query, symbol);
    await expect(activeTab(page)).toHaveText(`${symbol}, M1`);
  }
  const strip = page.locator('.light-tabs-strip');
  await expect(right).toBeVisible();
  // The active tab (the last opened) was brought into view: the strip is at its right end.
  await expect(right).toBeDisabled();
  const left = page.getByRole('button', { name: 'Scroll tabs left' });
  const at = () => strip.evaluate((el) => Math.round(el.scrollLeft));
  const before = await at();
  await left.click();
  await expect.poll(at).toBe(Math.max(0, before - 200));
  await expect(right).toBeEnabled();
  await right.click();
  await expect.poll(at).toBe(before);

  await page.getByRole('button', { name: 'Close EUR/JPY' }).click();
  await expect(page.locator('.light-tab')).toHaveCount(9);
  const first = await page.locator('.light-tab').first().textContent();
  await expect(activeTab(page)).toHaveText(first!.replace('×', '').trim());
});

test('when a customer opens the light terminal on a phone, then it fits, and the Market Watch button opens the watch as a sheet that a choice closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, await freshCustomer(), '/mt4-light');
  await hydrated(page, ['light-toolbar', 'light-trade-panel', 'market-watch', 'positions']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expect(page.locator('.light-trade-panel .trade-buy')).toBeInViewport();
  await expect(page.locator('.market-watch')).not.toBeInViewport();
  const toggle = page.getByRole('button', { name: 'Market Watch', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.market-watch')).toBeInViewport();
  await openFromWatch(page, 'eth', 'ETH/USD');
  await expect(page.locator('.market-watch')).not.toBeInViewport();
  await expect(activeTab(page)).toHaveText('ETH/USD, M1');
  await page.screenshot({ path: `${shots}/light-terminal-390.png` });
});
