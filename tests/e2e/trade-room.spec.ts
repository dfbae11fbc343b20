import { expect, type Page } from '@playwright/test';
import { tierClockSkewMs } from '../../shared/realtime';
import { freshCustomer, openSignedIn, test } from './support';

/** Crypto trades around the clock, so these tests do not depend on the day they run. */
async function openTradeRoom(page: Page) {
  const person = await freshCustomer();
  await openSignedIn(page, person, '/mt4');
  await expect(page.locator('.trade-splash')).toHaveCount(0, { timeout: 15_000 });
  for (const island of ['trade-header', 'market-watch', 'positions', 'account-bar', 'price-chart']) {
    await expect(page.locator(`app-island[name="${island}"][hydrated]`)).toBeAttached();
  }
}

async function chooseDemo(page: Page) {
  await page.locator('.account-switch > button').click();
  await page.getByRole('button', { name: /Demo Account/ }).click();
  await expect(page.locator('[data-figure="BALANCE"]')).toHaveText('10,000.00 USD');
}

async function askOf(page: Page): Promise<number> {
  return Number(await page.locator('.trade-buy strong').textContent());
}

test('when a trader opens the trade room, then prices move, the empty lists say so, pairs are found and added, and offline widgets say so', async ({ page }) => {
  // A journey of some thirty steps: 6-10 s on a quiet machine, past 30 s on a busy one.
  test.setTimeout(90_000);
  // TradingView is out of reach here anyway; refusing it makes the offline notices certain wherever this runs.
  await page.route('https://s3.tradingview.com/**', (route) => route.abort());
  await openTradeRoom(page);
  await expect(page.getByText('No active positions found')).toBeVisible();
  await page.getByRole('tab', { name: 'POSITIONS HISTORY' }).click();
  await expect(page.getByText('No historical positions found')).toBeVisible();
  await page.getByRole('button', { name: 'ACTIVE ORDERS' }).click();
  await expect(page.getByText('No active orders found')).toBeVisible();
  await page.getByRole('button', { name: 'TRADING HISTORY' }).click();
  await expect(page.getByText('No trading history found')).toBeVisible();
  await page.getByRole('button', { name: 'Close panel' }).click();

  const tab = page.locator('.pair-tab.active small');
  const first = await tab.textContent();
  await expect.poll(() => tab.textContent(), { timeout: 20_000 }).not.toBe(first);

  const search = page.getByRole('searchbox', { name: 'Search markets' });
  await search.fill('zzzz-nothing');
  await expect(page.getByText('No assets found')).toBeVisible();
  await search.fill('eth');
  await page.locator('.watch-row', { hasText: 'ETH/USD' }).click();
  await expect(page.locator('.pair-tab.active')).toContainText('ETH/USD');
  await expect(page.locator('.chart-toolbar strong')).toHaveText('ETH/USD');
  await page.reload();
  await expect(page.locator('.pair-tab.active')).toContainText('ETH/USD');

  await page.getByRole('button', { name: 'Add Pair' }).click();
  const addPair = page.getByRole('dialog', { name: 'Add Pair' });
  await addPair.getByRole('tab', { name: /Metals/ }).click();
  await addPair.getByRole('button', { name: /Add XAU\/USD to the watchlist/ }).click();
  await addPair.getByRole('tab', { name: /Watchlist/ }).click();
  await expect(addPair.getByRole('tab', { name: /Watchlist/ })).toContainText('1');
  await addPair.locator('.pair-pick', { hasText: 'XAU/USD' }).click();
  await expect(addPair).toBeHidden();
  await expect(page.locator('.pair-tab.active')).toContainText('XAU/USD');
  await expect(page.locator('.pair-tab')).toHaveCount(3);

  await page.locator('.info-button').click();
  const info = page.getByRole('dialog', { name: 'Asset Information' });
  await expect(info).toContainText('Contract specifications');
  // The contract specification from the customer's plan (Basic: metals 20 points over the raw spread, no commission).
  const spec = (label: string) =>
    info
      .locator('.info-grid > div')
      .filter({ has: page.locator('dt', { hasText: label }) })
      .locator('dd');
  await expect(spec('Spread markup')).toHaveText('20 points on your plan (in the spread above)');
  await expect(spec('Commission')).toHaveText('None');
  await expect(info.getByText('The technical analysis is not available offline.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await info.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'CALENDAR' }).click();
  await expect(page.getByText('The economic calendar is not available offline.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(page.locator('.rail-panel')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e/trade-room-desktop.png' });
});

test('when a trader buys with TP and SL on the Demo account, then it shows live, its levels change, part and then all of it closes, and history has it', async ({ page }) => {
  // A journey of some thirty steps: 6-10 s on a quiet machine, past 30 s on a busy one.
  test.setTimeout(90_000);
  await openTradeRoom(page);
  await chooseDemo(page);

  await page.locator('.trade-buy').click();
  const ticket = page.getByRole('dialog', { name: /Order ticket/ });
  await ticket.getByRole('button', { name: 'Increase volume' }).click();
  await expect(ticket.getByLabel('Volume', { exact: true })).toHaveValue('0.02');
  // What it costs before it moves: crossing the spread, and the plan's commission (none on Basic).
  const figure = (label: string) =>
    ticket
      .locator('.ticket-figures > div')
      .filter({ has: page.locator('dt', { hasText: label }) })
      .locator('dd');
  await expect(figure('Spread cost')).toHaveText(/\d\.\d\d/);
  await expect(figure('Commission')).toHaveText('None');
  await ticket.getByLabel('Take profit / stop loss').check();
  const ask = await askOf(page);
  await ticket.getByLabel('Take profit', { exact: true }).fill((ask * 1.5).toFixed(2));
  await ticket.getByLabel('Stop loss', { exact: true }).fill((ask * 0.5).toFixed(2));
  await ticket.getByRole('button', { name: /^Buy 0.02 at/ }).click();
  await expect(page.locator('.toast-success')).toContainText('Buy order placed');
  await expect(page.locator('.toast-success')).toContainText('0.02 lots');

  const row = page.locator('.positions-table tbody tr').first();
  await expect(row).toContainText('BUY');
  await expect(row).toContainText('0.02');
  await expect(row).toContainText((ask * 1.5).toFixed(2));
  await expect(page.locator('[data-figure="MARGIN"]')).not.toHaveText('0.00 USD');
  const pnl = row.locator('td.col-pnl');
  const firstPnl = await pnl.textContent();
  await expect.poll(() => pnl.textContent(), { timeout: 20_000 }).not.toBe(firstPnl);

  await row.getByRole('button', { name: 'TP/SL' }).click();
  const levels = page.getByRole('dialog', { name: 'TP & SL' });
  await levels.getByLabel('Take profit', { exact: true }).fill((ask * 1.4).toFixed(2));
  await levels.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Take profit and stop loss saved')).toBeVisible();
  await expect(row).toContainText((ask * 1.4).toFixed(2));

  await row.getByRole('button', { name: 'Partial' }).click();
  const partial = page.getByRole('dialog', { name: 'Close part of the position' });
  await partial.getByLabel(/Lots to close/).fill('0.01');
  await partial.getByRole('button', { name: 'Close part' }).click();
  await expect(page.getByText('Part of the position closed')).toBeVisible();
  await expect(row.locator('td.col-lots')).toHaveText('0.01');

  await row.getByRole('button', { name: /^Close / }).click();
  const confirm = page.getByRole('dialog', { name: 'Close position' });
  await confirm.getByRole('button', { name: 'Close position' }).click();
  await expect(page.locator('.toaster-bottom-left')).toContainText('Position successfully closed');
  await expect(page.getByText('No active positions found')).toBeVisible();
  await expect(page.locator('[data-figure="MARGIN"]')).toHaveText('0.00 USD');

  await page.getByRole('tab', { name: 'POSITIONS HISTORY' }).click();
  await expect(page.locator('.positions-table tbody tr')).toHaveCount(2);
  await expect(page.locator('.positions-table tbody')).toContainText('Manual close');
});

test('when an order needs more margin than is free, then the margin shows red and the server refuses it with its reason at the volume', async ({ page }) => {
  await openTradeRoom(page);
  await chooseDemo(page);
  await page.locator('.trade-buy').click();
  const ticket = page.getByRole('dialog', { name: /Order ticket/ });
  await ticket.getByLabel('Volume', { exact: true }).fill('50');
  await expect(ticket.locator('.ticket-figures div', { has: page.locator('dt', { hasText: /^Margin$/ }) }).locator('dd.loss')).toBeVisible();
  await ticket.getByRole('button', { name: /^Buy 50.00 at/ }).click();
  // The server's reason shows at the field it is about, inside the ticket, not in a toast behind it.
  await expect(ticket.locator('#ticket-volume-message')).toHaveText('Insufficient free margin');
  await expect(ticket.getByLabel('Volume', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.toast-error')).toHaveCount(0);
});

test('when the trade room loads, then the catalogue, the accounts, the site data, the lists and the chat unread count come with the page rather than by fetches, and nothing is read again when nothing changed', async ({
  page,
}) => {
  await openTradeRoom(page);
  // The customer's approval sent them a notice just now: a page read within the clocks' margin of it would (rightly) catch up.
  await page.waitForTimeout(tierClockSkewMs + 500);
  const fetched: string[] = [];
  page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
  await page.reload();
  await expect(page.locator('[data-figure="BALANCE"]')).not.toHaveText('');
  for (const path of ['/api/v1/assets', '/api/v1/accounts', '/api/v1/data']) expect(fetched).not.toContain(path);
  // Nothing happened on the account since the page's data was read: the live channels' subscriptions (signed in together,
  // a request for the channels of each moment) read nothing again.
  await expect.poll(() => fetched.filter((p) => p === '/api/v1/broadcasting/auth/batch').length).toBeGreaterThanOrEqual(1);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  for (const path of ['/api/v1/open/trades', '/api/v1/closed/trades', '/api/v1/orders/pending', '/api/v1/user', '/api/v1/chat/unread-count']) expect(fetched, path).not.toContain(path);
});

test('when a trade is opened elsewhere between the page’s render and its live subscription, then the page catches up and shows it', async ({ page, context }) => {
  await openTradeRoom(page);
  await chooseDemo(page);
  // The page's subscriptions wait (a slow network) while another tab of the same customer buys.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/broadcasting/auth/batch', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('No active positions found')).toBeVisible();
  const other = await context.newPage();
  await other.goto('/mt4');
  await expect(other.locator('.trade-splash')).toHaveCount(0, { timeout: 15_000 });
  await other.locator('.trade-buy').click();
  await other
    .getByRole('dialog', { name: /Order ticket/ })
    .getByRole('button', { name: /^Buy 0.01 at/ })
    .click();
  await expect(other.locator('.toast-success')).toContainText('Buy order placed');
  await expect(page.getByText('No active positions found')).toBeVisible();
  release();
  await expect(page.locator('.positions-table tbody tr').first()).toContainText('BUY', { timeout: 15_000 });
});

test('when a trader opens the trade room on a phone, then it fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTradeRoom(page);
  await page.screenshot({ path: 'test-results/e2e/trade-room-phone.png' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
