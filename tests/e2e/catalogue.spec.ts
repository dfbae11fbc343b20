import { expect } from '@playwright/test';
import { demo, openSignedIn, test } from './support';

test('an admin renames a plan in the catalogue and sees it in the table; staff get not-found', async ({ page, browser }) => {
  await openSignedIn(page, demo.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Catalogue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Expert advisors' })).toBeVisible();
  await expect(page.locator('app-island[name="catalogue-editor"][hydrated]').first()).toBeAttached();

  const plans = page.getByRole('table').nth(1);
  const rename = async (from: string, to: string) => {
    await page.getByRole('button', { name: `Edit ${from}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${from}` });
    await dialog.getByLabel('Title').fill(to);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${to} saved.`)).toBeVisible();
    await expect(plans.getByRole('button', { name: `Edit ${to}`, exact: true })).toBeVisible();
  };
  await rename('Pro', 'Pro Trader');
  await expect(plans.locator('td[data-label="Plan"]', { hasText: 'Pro Trader' })).toBeVisible();
  // Put it back, so other tests see the seeded plan.
  await rename('Pro Trader', 'Pro');

  const staff = await (await browser.newContext()).newPage();
  await openSignedIn(staff, demo.staff);
  await expect(staff).toHaveURL(/\/admin$/);
  await expect(staff.getByRole('link', { name: 'Catalogue', exact: true })).toHaveCount(0);
  const notFound = await staff.goto('/admin/catalogue');
  expect(notFound?.status()).toBe(404);
  await expect(staff.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
