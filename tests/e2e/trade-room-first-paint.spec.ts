import { expect } from '@playwright/test';
import { demo, openSignedIn, test } from './support';

/**
 * The trade room's first paint (docs/trade-room.md#first-paint): the server's HTML already shows the
 * last known prices, the open pairs and the account's figures; islands hydrate against it without a mismatch;
 * no splash when the page has its prices; without JavaScript a notice says why nothing moves.
 */
test('when a trader opens the trade room, then its HTML shows prices and figures, it hydrates without a mismatch or a console complaint, and it reopens on the chosen pair', async ({ page }) => {
  // A hydration mismatch, a header the browser cannot read (Permissions-Policy features it does not know), an uncaught error.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|Permissions-Policy/i.test(message.text())) problems.push(message.text().slice(0, 300));
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await openSignedIn(page, demo.trader);
  await expect(page).toHaveURL(/\/main\/dashboard$/);

  const html = await (await page.request.get('/mt4')).text();
  expect(html).not.toContain('class="trade-splash"');
  expect(html).toMatch(/class="trade-buy"[^>]*>.*?<strong>\d[\d.,]*<\/strong>/s);
  expect(html).toMatch(/data-figure="BALANCE">\d/);

  await page.goto('/mt4');
  await expect(page.locator('.trade-splash')).toHaveCount(0);
  for (const island of ['trade-header', 'market-watch', 'positions', 'account-bar', 'price-chart', 'trade-splash']) {
    await expect(page.locator(`app-island[name="${island}"][hydrated]`)).toBeAttached();
  }
  // The seeded price history is made up: the chart says so (its candles grey).
  await expect(page.locator('.chart-simulated')).toContainText(/Grey candles up to .* UTC: simulated history/);
  await page.getByRole('searchbox', { name: 'Search markets' }).fill('eth');
  await page.locator('.watch-row', { hasText: 'ETH/USD' }).click();
  await expect(page.locator('.pair-tab.active')).toContainText('ETH/USD');
  // The device's choice is a cookie for /mt4: the next page's HTML opens on it before any script runs.
  const again = await (await page.request.get('/mt4')).text();
  expect(/<li class="pair-tab[^"]*\bactive\b[^"]*"[^>]*>(.*?)<\/li>/s.exec(again)?.[1]).toContain('ETH/USD');
  // Closing the active tab activates the first remaining, without an error.
  await page.getByRole('button', { name: 'Close ETH/USD' }).click();
  await expect(page.locator('.pair-tab')).toHaveCount(1);
  await expect(page.locator('.pair-tab.active')).not.toContainText('ETH/USD');
  expect(problems).toEqual([]);
});

test('when JavaScript is off, then the trade room shows its last known prices and a notice that it needs JavaScript, with the way to the dashboard', async ({ browser }) => {
  const signedIn = await browser.newContext();
  const page = await signedIn.newPage();
  await openSignedIn(page, demo.trader);
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  const noScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.storageState() });
  const room = await noScripts.newPage();
  await room.goto('/mt4');
  const notice = room.locator('.noscript-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The trade room needs JavaScript');
  await expect(room.locator('.trade-splash')).toHaveCount(0);
  await expect(room.locator('.trade-buy strong')).toHaveText(/\d/);
  await notice.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(room).toHaveURL(/\/main\/dashboard$/);
  await signedIn.close();
  await noScripts.close();
});
