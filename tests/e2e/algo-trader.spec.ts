import { expect, type Page } from '@playwright/test';
import { freshCustomer, openSignedIn, test } from './support';

/** A customer of their own in the trade room (Trend Rider is free and in every plan; AutoTrader is in Pro's). */
async function openTradeRoom(page: Page, plan?: 'pro') {
  await openSignedIn(page, await freshCustomer(plan), '/mt4');
  await expect(page.locator('.trade-splash')).toHaveCount(0, { timeout: 15_000 });
  for (const island of ['trade-header', 'algo-trader', 'account-bar']) {
    await expect(page.locator(`app-island[name="${island}"][hydrated]`)).toBeAttached();
  }
}

test('when a customer activates Trend Rider and starts it on BTC/USD, then it trades, its panel shows its figures, and it stops and closes on Deactivate', async ({ page }) => {
  test.setTimeout(150_000);
  await openTradeRoom(page);
  await page.locator('.account-switch > button').click();
  await page.getByRole('button', { name: /Demo Account/ }).click();
  await expect(page.locator('[data-figure="BALANCE"]')).toHaveText('10,000.00 USD');
  // Crypto trades around the clock, so the test does not depend on the day it runs.
  await page.getByRole('searchbox', { name: 'Search markets' }).fill('btc');
  await page.locator('.watch-row', { hasText: 'BTC/USD' }).first().click();
  await expect(page.locator('.pair-tab.active')).toContainText('BTC/USD');

  const algo = page.getByRole('region', { name: 'Algo Trader' });
  await algo.getByRole('button', { name: 'Activate Trend Rider' }).click();
  await expect(page.locator('.toast-success')).toContainText('Trend Rider has been activated.');
  await expect(algo.locator('.ea-row', { hasText: 'Trend Rider' })).toContainText('Activated');

  const panel = page.getByRole('region', { name: 'Expert advisor Trend Rider' });
  const toggle = panel.getByRole('switch');
  await expect(toggle).toHaveText('Stopped');
  await expect(panel).toContainText('Starts on BTC/USD · Demo Account');
  await expect(panel).toContainText('Trades0');

  await toggle.click();
  await expect(page.getByText('Expert Advisor started')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toHaveText('Running');
  await expect(panel).toContainText('Trading BTC/USD on Demo Account');
  // The server trades it (quarter-second bars on the test server): its trade appears tagged, and its live figures move.
  await expect(page.locator('abbr.placed-by', { hasText: 'EA' }).first()).toBeVisible({ timeout: 90_000 });
  await expect(panel).not.toContainText('Trades0');

  await toggle.click();
  await expect(page.getByText('Expert Advisor stopped')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toHaveText('Stopped');

  await panel.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Trend Rider has been deactivated.')).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(algo.getByRole('button', { name: 'Activate Trend Rider' })).toBeEnabled();
});

test('when a customer asks for AutoTrader, then Accept gates Activate, the request is sent, and a second one is told to wait for approval', async ({ page }) => {
  await openTradeRoom(page, 'pro');
  const opener = page.getByRole('button', { name: /^AutoTrader/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'AutoTrader' });
  await expect(dialog.getByLabel('Medium (2-4 open trades)')).toBeChecked();
  const activate = dialog.getByRole('button', { name: 'Activate' });
  await expect(activate).toBeDisabled();
  await dialog.getByLabel('High (no limit)').check();
  await dialog.getByLabel(/^Accept/).check();
  await expect(activate).toBeEnabled();
  await activate.click();
  await expect(page.locator('.toast-success')).toContainText('AutoTrader settings saved successfully');
  await expect(dialog).toBeHidden();
  await expect(opener).toContainText('Pending');

  await opener.click();
  await expect(dialog).toContainText('Your request for High (no limit) on Live Account');
  await expect(dialog).toContainText('is awaiting approval.');
  await dialog.getByLabel(/^Accept/).check();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('You already have a pending AutoTrader request. Please wait for approval.')).toBeVisible();
});
