import { expect, test } from '@playwright/test';

/**
 * The demo trader signs in through HAProxy (two web containers, two trading containers behind it), opens the
 * trade room, sees prices move over the feed socket, buys on the Demo account, sees the position arrive over
 * the realtime socket, and closes it.
 */
test('when the demo trader signs in and trades through HAProxy, then the order fills, shows live, and closes', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('trader@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('trader-demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard$/);

  await page.goto('/mt4');
  await expect(page.locator('.trade-splash')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('app-island[name="trade-header"][hydrated]')).toBeAttached();
  const ask = page.locator('.trade-buy strong');
  await expect(ask).toHaveText(/\d/);
  const firstAsk = await ask.textContent();
  await expect.poll(() => ask.textContent(), { timeout: 20_000 }).not.toBe(firstAsk);

  await page.locator('.account-switch > button').click();
  await page.getByRole('button', { name: /Demo Account/ }).click();
  await page.locator('.trade-buy').click();
  const ticket = page.getByRole('dialog', { name: /Order ticket/ });
  await ticket.getByRole('button', { name: /^Buy 0.01 at/ }).click();
  await expect(page.locator('.toast-success')).toContainText('Buy order placed');
  const row = page.locator('.positions-table tbody tr').first();
  await expect(row).toContainText('BUY');

  await row.getByRole('button', { name: /^Close / }).click();
  await page.getByRole('dialog', { name: 'Close position' }).getByRole('button', { name: 'Close position' }).click();
  await expect(page.locator('.toaster-bottom-left')).toContainText('Position successfully closed');
});
