import { expect, type Browser, type Page } from '@playwright/test';
import { demo, openSignedIn, registeredCustomer, test } from './support';

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, who);
  return page;
}

/**
 * Staff open a customer's page from the list, found by e-mail. The row shows the country by name and the customer
 * number, and the customer's page the same number (one number for a customer everywhere; an account's is labelled).
 */
async function openCustomer(staff: Page, email: string, from = '/admin/customers') {
  await staff.goto(from);
  await staff.getByRole('searchbox', { name: 'Search' }).fill(email);
  await staff.getByRole('button', { name: 'Search' }).click();
  const row = staff.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell', { name: 'United Kingdom', exact: true })).toBeVisible();
  await expect(row).toContainText(/Customer #\d+ · account 5\d{6}/);
  const number = /Customer #\d+/.exec((await row.textContent()) ?? '')![0];
  await staff.getByRole('link', { name: 'Ada Byron' }).click();
  await expect(staff.getByRole('heading', { name: 'Ada Byron', level: 1 })).toBeVisible();
  await expect(staff.locator('[data-region="standing"]')).toContainText(number);
  await expect(staff.locator('app-island[name="customer-actions"][hydrated]')).toBeAttached();
}

test('staff approve a new customer from the overview, and the signed-in customer reaches the dashboard on the next page', async ({ browser }) => {
  const who = await registeredCustomer();
  const customer = await signedIn(browser, who);
  await expect(customer.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();

  const staff = await signedIn(browser, demo.staff);
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.getByRole('link', { name: /Customers awaiting approval/ }).click();
  await expect(staff).toHaveURL(/\/admin\/customers\?status=pending$/);
  await expect(staff.getByRole('link', { name: 'Ada Byron' }).first()).toBeVisible();
  await openCustomer(staff, who.email, '/admin/customers?status=pending');

  await staff.getByRole('button', { name: 'Approve' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Approve customer' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText('Customer approved')).toBeVisible();
  await expect(staff.locator('.customer-head .status-badge')).toHaveText('Active');

  await customer.goto('/main/dashboard');
  await expect(customer.getByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();

  // Customers never see the back office.
  for (const path of ['/admin', '/admin/customers', '/admin/customers/1']) expect((await customer.goto(path))?.status(), path).toBe(404);
  await expect(customer.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('staff deactivate with a reason: the customer’s open trade room leaves for sign-in, which then shows the disabled account; the audit trail has it', async ({ browser }) => {
  const who = await registeredCustomer({ approve: true });
  const customer = await signedIn(browser, who);
  await customer.goto('/mt4');
  await expect(customer.locator('app-island[name="notifications"][hydrated]')).toBeAttached();

  const staff = await signedIn(browser, demo.staff);
  await openCustomer(staff, who.email);
  await staff.getByRole('button', { name: 'Deactivate' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Deactivate customer' });
  // A reason is required: the dialog does not send without one.
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Reason for the customer/).fill('Identity documents expired');
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(staff.getByText('Customer deactivated')).toBeVisible();
  await expect(staff.locator('.customer-head .status-badge')).toHaveText('Deactivated');
  await expect(staff.getByRole('region', { name: 'Audit trail' })).toContainText('Identity documents expired');

  // The trade room hears it at once and its session is gone: it goes to sign-in, and signing in shows the disabled account.
  await expect(customer).toHaveURL(/\/(\?.*)?$/, { timeout: 10_000 });
  await openSignedIn(customer, who);
  await expect(customer.getByRole('heading', { name: 'Account Currently Disabled' })).toBeVisible();
});

test('an admin credits a correction with a reason: the ledger and the audit trail show it; staff have no such action', async ({ browser }) => {
  const who = await registeredCustomer({ approve: true });
  const staff = await signedIn(browser, demo.staff);
  await openCustomer(staff, who.email);
  await expect(staff.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);

  const admin = await signedIn(browser, demo.admin);
  await openCustomer(admin, who.email);
  await admin.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Adjust balance' });
  await dialog.getByLabel('Amount').fill('25.50');
  await dialog.getByLabel(/Reason/).fill('Overnight fee charged in error');
  await dialog.getByRole('button', { name: 'Credit' }).click();
  await expect(admin.getByText('Balance adjusted')).toBeVisible();
  await admin.waitForLoadState('load');
  await expect(admin.getByRole('region', { name: 'Ledger (latest 50)' })).toContainText('Correction: Overnight fee charged in error', { timeout: 10_000 });
  await expect(admin.getByRole('region', { name: 'Accounts' })).toContainText('25.50 USD');
  await expect(admin.getByRole('region', { name: 'Audit trail' })).toContainText('account adjusted');
});
