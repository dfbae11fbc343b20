import { rmSync } from 'node:fs';
import { expect } from '@playwright/test';
import { demo, startServer, test, type StartedServer } from './support';
import { startUpstreamFeed, type UpstreamFeed } from './upstream-feed';

/**
 * A pending order fills when the price reaches it. Prices here come from an upstream feed the test
 * controls (PRICE_SOURCE=upstream against a socket.io server speaking our protocol), so the crossing is
 * made, not waited for.
 */
const dataDir = 'test-results/e2e-pending';
let feed: UpstreamFeed;
let app: StartedServer;
let price = 50_000;

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  feed = await startUpstreamFeed({ BTCUSD: price });
  app = await startServer({ DATA_DIR: dataDir, PRICE_SOURCE: 'upstream', PRICE_FEED_URL: feed.url, PRICE_FEED_KEY: 'upstream-test-key' });
});

test.afterAll(async () => {
  app?.process.kill('SIGTERM');
  await new Promise((resolve) => app?.process.once('exit', resolve));
  await feed?.close();
});

test('when the price falls to a buy limit, then the order fills and becomes a position, and an open list read before the fill but answered after it does not take it away', async ({ page }) => {
  await page.goto(`${app.web}/`);
  await page.getByLabel('Email').fill(demo.trader.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.trader.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await page.goto(`${app.web}/mt4`);
  await expect(page.locator('.trade-splash')).toHaveCount(0, { timeout: 15_000 });
  await page.locator('.pair-tab.active').waitFor();
  await expect(page.locator('.pair-tab.active')).toContainText('BTC/USD');
  await expect.poll(async () => Number(await page.locator('.trade-buy strong').textContent()), { timeout: 15_000 }).toBeGreaterThan(49_000);

  // A busy server's slow answers: the open list read while the order is placed and listed (before the fill) reaches the
  // page only once the fill's event has shown the position.
  let fillShown!: () => void;
  const shown = new Promise<void>((resolve) => (fillShown = resolve));
  const held: Promise<void>[] = [];
  let holding = true;
  await page.route('**/open/trades?**', (route) => {
    if (!holding) return route.continue();
    const answered = (async () => {
      const stale = await route.fetch();
      await shown;
      await route.fulfill({ response: stale });
    })();
    held.push(answered);
    return answered;
  });

  await page.locator('.trade-buy').click();
  const ticket = page.getByRole('dialog', { name: /Order ticket/ });
  const ask = Number(await page.locator('.trade-buy strong').textContent());
  const limit = (ask - 1_000).toFixed(2);
  await ticket.getByRole('radio', { name: 'Limit' }).check();
  await ticket.getByLabel('Limit price', { exact: true }).fill(limit);
  await expect(ticket.getByText('fills at this price or lower')).toBeVisible();
  await ticket.getByRole('button', { name: `Place Buy Limit 0.01 at ${limit}` }).click();
  await expect(page.locator('.toast-success')).toContainText('Pending order placed');

  await page.getByRole('button', { name: 'ACTIVE ORDERS' }).click();
  await expect(page.locator('.rail-panel')).toContainText('BUY LIMIT BTCUSD');

  holding = false;
  price -= 2_000;
  feed.set('BTCUSD', price);
  await expect(page.locator('.rail-panel')).toContainText('No active orders found', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Close panel' }).click();
  const row = page.locator('.positions-table tbody tr').first();
  await expect(row).toContainText('BTCUSD');
  await expect(row).toContainText('BUY');
  expect(held.length).toBeGreaterThan(0);
  fillShown();
  await Promise.all(held);
  // What is asserted is that nothing changes: a moment for the stale answer to be read and rendered.
  await page.waitForTimeout(1_000);
  await expect(row).toContainText('BTCUSD');
});
