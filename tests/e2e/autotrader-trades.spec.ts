import { expect, type Browser, type Page } from '@playwright/test';
import { autotraderTexts } from '../../shared/api/autotrader.schema';
import { demo, freshCustomer, openSignedIn, test } from './support';

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, who);
  await expect(page).toHaveURL(/\/(main\/dashboard|admin)$/);
  return page;
}

test('when staff approve a customer’s AutoTrader request, then the trade room shows Auto Trader Active and its trades, never more than the level allows', async ({ browser }) => {
  test.setTimeout(150_000);
  const who = await freshCustomer('pro');
  const customer = await signedIn(browser, who);
  await customer.goto('/mt4');
  await expect(customer.locator('.trade-splash')).toHaveCount(0, { timeout: 15_000 });
  await expect(customer.locator('app-island[name="trade-header"][hydrated]')).toBeAttached();
  await customer.locator('.account-switch > button').click();
  await customer.getByRole('button', { name: /Demo Account/ }).click();
  await expect(customer.locator('[data-figure="BALANCE"]')).toHaveText('10,000.00 USD');

  const opener = customer.getByRole('button', { name: /^AutoTrader/ });
  await opener.click();
  const dialog = customer.getByRole('dialog', { name: 'AutoTrader' });
  await dialog.getByLabel(/^Accept/).check();
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(customer.locator('.toast-success')).toContainText('AutoTrader settings saved successfully');
  await expect(opener).toContainText('Pending');

  const staff = await signedIn(browser, demo.staff);
  await staff.goto('/admin/autotrader');
  const row = staff.getByRole('tabpanel').locator('tbody tr', { hasText: who.email });
  await expect(row).toContainText(autotraderTexts.levelLabels.medium);
  await expect(row).toContainText('Demo');
  await row.getByRole('button', { name: /^Approve/ }).click();
  await staff.getByRole('dialog', { name: 'Approve AutoTrader' }).getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);

  // The approval reaches the open trade room live, and the server starts trading (quarter-second bars on the test server).
  await expect(opener).toContainText('On');
  await opener.click();
  await expect(dialog).toContainText('Auto Trader Active');
  await customer.keyboard.press('Escape');
  const tagged = customer.locator('abbr.placed-by', { hasText: 'Auto' });
  await expect(tagged.first()).toBeVisible({ timeout: 90_000 });
  for (let i = 0; i < 8; i += 1) {
    expect(await tagged.count()).toBeLessThanOrEqual(4);
    await customer.waitForTimeout(500);
  }
});
