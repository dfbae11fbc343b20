import { rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Server } from 'socket.io';
import { demo, startServer, type StartedServer } from './support';

/**
 * A pending order fills when the price reaches it. Prices here come from an upstream feed the test
 * controls (PRICE_SOURCE=upstream against a socket.io server speaking our protocol), so the crossing is
 * made, not waited for.
 */
const dataDir = 'test-results/e2e-pending';
let feed: Server;
let http: HttpServer;
let app: StartedServer;
let price = 50_000;

/** A BTC/USD item as an upstream feed speaking our protocol sends it: keyed by asset_id, figures as numbers. */
function btc(at: number) {
  const price = Number(at.toFixed(2));
  return {
    id: 'BTCUSD',
    symbol: 'BTCUSD',
    price,
    bid: price,
    ask: price,
    priceLow24h: 40000,
    priceHigh24h: 60000,
    change24h: 0,
    changePercent24h: 0,
    volume24h: 0,
    lastUpdated: new Date().toISOString(),
    seq: Date.now(),
  };
}

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  http = createServer();
  feed = new Server(http, { transports: ['websocket'] });
  feed.on('connection', (socket) => socket.on('subscribe:all', () => socket.emit('data:all', { success: true, data: [btc(price)] })));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  app = await startServer({ DATA_DIR: dataDir, PRICE_SOURCE: 'upstream', PRICE_FEED_URL: url, PRICE_FEED_KEY: 'upstream-test-key' });
});

test.afterAll(async () => {
  app?.process.kill('SIGTERM');
  await new Promise((resolve) => app?.process.once('exit', resolve));
  feed?.close();
  http?.close();
});

test('when the price falls to a buy limit, then the order fills and becomes a position', async ({ page }) => {
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

  await page.locator('.trade-buy').click();
  const ticket = page.getByRole('dialog', { name: /Order ticket/ });
  const ask = Number(await page.locator('.trade-buy strong').textContent());
  const limit = (ask - 1_000).toFixed(2);
  await ticket.getByLabel('Price', { exact: true }).fill(limit);
  await expect(ticket.getByText('Buy limit order: it opens when the price reaches')).toBeVisible();
  await ticket.getByRole('button', { name: /^Buy limit 0.01 at/ }).click();
  await expect(page.locator('.toast-success')).toContainText('Pending order placed');

  await page.getByRole('button', { name: 'ACTIVE ORDERS' }).click();
  await expect(page.locator('.rail-panel')).toContainText('BUY LIMIT BTCUSD');

  price -= 2_000;
  feed.emit('data:update', [btc(price)]);
  await expect(page.locator('.rail-panel')).toContainText('No active orders found', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Close panel' }).click();
  const row = page.locator('.positions-table tbody tr').first();
  await expect(row).toContainText('BTCUSD');
  await expect(row).toContainText('BUY');
});
