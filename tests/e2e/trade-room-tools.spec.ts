import { mkdirSync, rmSync } from 'node:fs';
import { expect, request, type Page } from '@playwright/test';
import { demo, startServer, test, type StartedServer } from './support';
import { startUpstreamFeed, type UpstreamFeed } from './upstream-feed';
import { bearer } from '../support/bearer';

/**
 * The trade room's tools (docs/trade-room.md) against a price feed the test controls: layouts at four sizes with
 * positions open, a refused TP/SL shown in its dialog, one-click trading, dragging a stop loss on the chart,
 * and a trailing stop moved by the engine and closing the position. Crypto trades around the clock, so none
 * of this depends on the day it runs.
 */
const dataDir = 'test-results/e2e-trade-tools';
const shots = 'test-results/trade-room-shots';
let feed: UpstreamFeed;
let app: StartedServer;
let btc = 50_000;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB' });

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  feed = await startUpstreamFeed({ BTCUSD: btc });
  app = await startServer({ DATA_DIR: dataDir, PRICE_SOURCE: 'upstream', PRICE_FEED_URL: feed.url, PRICE_FEED_KEY: 'upstream-test-key' });
});

test.afterAll(async () => {
  app?.process.kill('SIGTERM');
  await new Promise((resolve) => app?.process.once('exit', resolve));
  await feed?.close();
});

function movePrice(to: number) {
  btc = to;
  feed.set('BTCUSD', btc);
}

/** The demo trader's API, for setting up positions quickly (the UI paths are what the tests check). */
async function traderApi() {
  const api = await request.newContext({ baseURL: app.api });
  const token = ((await (await api.post('/api/v1/auth/login', { data: demo.trader })).json()) as { data: { token: string } }).data.token;
  const headers = bearer(token);
  const assets = ((await (await api.get('/api/v1/assets', { headers })).json()) as { data: { id: number; asset_id: string }[] }).data;
  const btcId = assets.find((a) => a.asset_id === 'BTCUSD')!.id;
  return {
    api,
    headers,
    btcId,
    async buy(levels: { take_profit?: string; stop_loss?: string } = {}) {
      const res = await api.post('/api/v1/trades/store', { headers, data: { type: 'buy', id: btcId, volume: '0.1', leverage: 2, ...levels } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { data: { id: string; trade_id: string } }).data;
    },
    /** The position's stop loss as the server has it now (null once closed or without one). */
    async stopLoss(id: string): Promise<number | null> {
      const open = ((await (await api.get('/api/v1/open/trades', { headers })).json()) as { data: { id: string; stop_loss: number | null }[] }).data;
      return open.find((t) => t.id === id)?.stop_loss ?? null;
    },
    /** BTC/USD's sell price now: the feed's mid less the instrument's spread. */
    async bid(): Promise<number> {
      const list = ((await (await api.get('/api/v1/assets', { headers })).json()) as { data: { id: number; sell_price: number }[] }).data;
      return Number(list.find((a) => a.id === btcId)!.sell_price);
    },
    async closeAll() {
      await api.post('/api/v1/trades/close-all', { headers, data: {} });
    },
  };
}

async function openTradeRoom(page: Page) {
  await page.goto(`${app.web}/`);
  await page.getByLabel('Email').fill(demo.trader.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await page.goto(`${app.web}/mt4`);
  for (const island of ['trade-header', 'market-watch', 'positions', 'account-bar', 'price-chart']) {
    await expect(page.locator(`app-island[name="${island}"][hydrated]`)).toBeAttached();
  }
  await expect(page.locator('.pair-tab.active')).toContainText('BTC/USD');
}

/** The one open position's row (desktop) or card (phone). */
const position = (page: Page) => page.locator('.positions :is(tbody tr, .position-card)').filter({ hasText: 'BTCUSD' }).first();
const pnlOf = (page: Page) => position(page).locator(':is(.col-pnl, .card-pnl)');

test('when a trader has positions with TP and SL, then at 1440, 1280, 390 and 360 wide no region scrolls sideways and Close and P/L are in reach', async ({ page }) => {
  const trader = await traderApi();
  await trader.closeAll();
  const trades = [];
  for (let i = 0; i < 5; i += 1) trades.push(await trader.buy({ take_profit: '65000.55', stop_loss: '35000.45' }));
  await openTradeRoom(page);
  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
    [390, 844],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.reload();
    await expect(page.locator('app-island[name="positions"][hydrated]')).toBeAttached();
    await expect(position(page)).toBeVisible();
    const overflowing = await page.evaluate(() => {
      const regions = ['.terminal-header', '.terminal-rail', '.terminal-chart', '.terminal-sidebar', '.terminal-positions', '.terminal-bar', '.positions-table', '.positions-cards'];
      const wide = regions.flatMap((selector) => [...document.querySelectorAll<HTMLElement>(selector)]).filter((el) => el.scrollWidth > el.clientWidth + 1);
      return [document.documentElement.scrollWidth > document.documentElement.clientWidth ? 'document' : '', ...wide.map((el) => el.className)].filter(Boolean);
    });
    expect(overflowing, `${width}×${height}`).toEqual([]);
    const close = page.getByRole('button', { name: `Close BTCUSD ${trades[4]!.trade_id}` });
    await close.scrollIntoViewIfNeeded();
    for (const target of [close, pnlOf(page)]) {
      await expect(target).toBeInViewport();
      const box = (await target.boundingBox())!;
      expect(box.x + box.width, `${width}×${height}`).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: `${shots}/mt4-${width}x${height}.png` });
  }
  await trader.closeAll();
  await trader.api.dispose();
});

async function openLevels(page: Page) {
  await position(page).getByRole('button', { name: 'TP/SL' }).click();
  return page.getByRole('dialog', { name: 'TP & SL' });
}

test('when the server refuses a take profit the page could not yet know was wrong, then its message shows at the field inside the dialog', async ({ page }) => {
  const trader = await traderApi();
  await trader.closeAll();
  movePrice(50_000);
  await trader.buy();
  // The browser's prices can be held back (its socket.io frames), so the server sees a move the page has not.
  let frozen = false;
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => !frozen && socket.send(message));
    socket.onMessage((message) => server.send(message));
  });
  await openTradeRoom(page);
  const dialog = await openLevels(page);

  const tp = dialog.getByLabel('Take profit', { exact: true });
  await tp.fill('49000');
  await expect(dialog.locator('#levels-tp-message')).toHaveText('Take profit must be above the current sell price');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

  frozen = true;
  movePrice(52_000);
  await tp.fill('51000');
  await expect(dialog.locator('#levels-tp-message')).not.toHaveClass(/field-error/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('#levels-tp-message')).toHaveText('Take profit must be above the current sell price');
  await expect(dialog.locator('#levels-tp-message')).toHaveClass(/field-error/);
  await expect(dialog).toBeVisible();
  await expect(page.locator('.toast-error')).toHaveCount(0);
  await trader.closeAll();
  await trader.api.dispose();
});

test('when a trader turns on one-click trading and confirms its risk, then BUY opens a position at once without a ticket', async ({ page }) => {
  const trader = await traderApi();
  await trader.closeAll();
  await openTradeRoom(page);
  await expect(page.getByRole('tab', { name: 'ACTIVE POSITIONS (0)' })).toBeVisible();
  await page.getByRole('switch', { name: 'One-click trading' }).click();
  const risk = page.getByRole('dialog', { name: 'Turn on one-click trading?' });
  await risk.getByRole('button', { name: 'Turn on one-click trading' }).click();
  await expect(page.getByRole('switch', { name: 'One-click trading' })).toBeChecked();

  await page.locator('.trade-buy').click();
  await expect(page.getByRole('tab', { name: 'ACTIVE POSITIONS (1)' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Order ticket/ })).toHaveCount(0);
  await expect(position(page)).toContainText('0.01');

  // The setting is the customer's: it holds after a reload, and turning it off asks nothing.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'One-click trading' })).toBeChecked();
  await page.getByRole('switch', { name: 'One-click trading' }).click();
  await expect(page.getByRole('switch', { name: 'One-click trading' })).not.toBeChecked();
  await page.locator('.trade-buy').click();
  await expect(page.getByRole('dialog', { name: /Order ticket/ })).toBeVisible();
  await trader.closeAll();
  await trader.api.dispose();
});

test('when a trader drags a stop loss line on the chart and confirms, then the position’s stop loss is the new level', async ({ page }) => {
  const trader = await traderApi();
  await trader.closeAll();
  movePrice(50_000);
  const trade = await trader.buy({ stop_loss: '49800.00' });
  await openTradeRoom(page);
  const canvas = page.getByTestId('chart-canvas');
  const grip = page.locator(`.chart-line-grip[data-line="trade-${trade.id}-sl"]`);
  await expect(grip).toHaveAttribute('data-line-y', /\d/);
  const box = (await canvas.boundingBox())!;
  const y = Number(await grip.getAttribute('data-line-y'));
  await page.mouse.move(box.x + box.width / 2, box.y + y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + y + 30, { steps: 10 });
  await page.mouse.up();
  const dialog = page.getByRole('dialog', { name: 'Move stop loss' });
  await expect(dialog).toContainText('Move stop loss of BUY 0.10 BTC/USD to');
  const level = /to ([\d.]+)\?/.exec((await dialog.textContent()) ?? '')![1]!;
  expect(Number(level)).toBeLessThan(49_800);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(position(page)).toContainText(level);
  await trader.closeAll();
  await trader.api.dispose();
});

test('when a trader sets a trailing stop, then the engine moves the stop loss up with the price and closes the position when the price falls to it', async ({ page }) => {
  const trader = await traderApi();
  await trader.closeAll();
  movePrice(50_000);
  const trade = await trader.buy();
  await openTradeRoom(page);
  const dialog = await openLevels(page);
  // BTC/USD has 2 digits: 50,000 points are 500.00 behind the sell price.
  await dialog.getByLabel('Trailing stop (points)').fill('50000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const started = (await trader.bid()) - 500;
  await expect.poll(() => trader.stopLoss(trade.id)).toBeCloseTo(started, 2);
  await expect(position(page)).toContainText(started.toFixed(2));

  movePrice(51_000);
  await expect.poll(() => trader.bid()).toBeGreaterThan(50_900);
  const raised = (await trader.bid()) - 500;
  await expect.poll(() => trader.stopLoss(trade.id)).toBeCloseTo(raised, 2);
  await expect(position(page)).toContainText(raised.toFixed(2));
  await expect(position(page).locator('.trail-tag').first()).toBeAttached();

  // A fall above the stop leaves it where it is: never against the customer.
  movePrice(50_800);
  await expect.poll(() => trader.bid()).toBeLessThan(50_900);
  expect(await trader.stopLoss(trade.id)).toBeCloseTo(raised, 2);

  movePrice(50_400);
  await expect(page.getByRole('tab', { name: 'ACTIVE POSITIONS (0)' })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('tab', { name: 'POSITIONS HISTORY' }).click();
  await expect(page.locator('.positions :is(tbody tr, .position-card)').first()).toContainText('Stop loss');
  await trader.api.dispose();
});

test.describe('on a Saturday', () => {
  test.use({ timezoneId: 'UTC' });

  test('when a stock’s market is closed, then its BUY and SELL are disabled and the next open time shows', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-28T12:00:00Z') });
    await openTradeRoom(page);
    await page.getByRole('searchbox', { name: 'Search markets' }).fill('AAPL');
    await page.locator('.watch-row', { hasText: 'AAPL' }).click();
    await expect(page.locator('.pair-tab.active')).toContainText('AAPL');
    await expect(page.locator('.trade-buy')).toBeDisabled();
    await expect(page.locator('.trade-sell')).toBeDisabled();
    // US stocks open Monday 09:30 in New York: 14:30 UTC.
    await expect(page.locator('.closed-note')).toContainText('Market closed');
    await expect(page.locator('.closed-note')).toContainText('Opens Mon 14:30');
    await page.screenshot({ path: `${shots}/closed-market.png` });
  });
});
