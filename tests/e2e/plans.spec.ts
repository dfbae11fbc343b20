import { expect } from '@playwright/test';
import { fundedCustomer, openSignedIn, test } from './support';

test('when a customer pays for Pro, then the page and the header badge say Pro at once, and Pro cannot be pressed again', async ({ page }) => {
  await openSignedIn(page, await fundedCustomer('100'), '/main/plans');
  await expect(page.locator('.plan-badge')).toContainText('Basic');
  // Rows made from each plan's conditions, never typed (docs/trading.md#trading-conditions).
  await expect(page.getByText('Spread markup (points)').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('Forex 8 · metals, indices 20 · commodities 10 · stocks 2 · crypto 0').first()).toBeAttached();
  const upgrade = page.getByRole('button', { name: 'Upgrade: Pro' }).filter({ visible: true });
  // The plan buttons hydrate once in view.
  await upgrade.scrollIntoViewIfNeeded();
  await expect(page.locator('app-island[name="plans-subscribe"][hydrated]').first()).toBeAttached();
  await upgrade.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Subscription' }).click();
  await expect(page.locator('.toast-success')).toBeVisible();
  // Rendered again in place by the answer: no reload, no stale "Basic" anywhere.
  await expect(page.locator('.plan-badge')).toContainText('Pro');
  await expect(page.getByRole('button', { name: 'Upgrade: Pro' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: /^Pro/ })).toContainText(/current plan/i);
});
