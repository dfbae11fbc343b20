import { readFile } from 'node:fs/promises';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { demo, fundedCustomer, openSignedIn, test } from './support';

async function signedIn(browser: Browser, who: { email: string; password: string }, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await openSignedIn(page, who);
  await expect(page).toHaveURL(/\/(main|admin)/);
  return page;
}

/** "$24,900.00" → 24900. */
const amountOf = async (locator: Locator): Promise<number> => Number((await locator.innerText()).replace(/[^0-9.-]/g, ''));
const dollars = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openWithdrawTab(page: Page) {
  await page.goto('/main/withdrawal?tab=withdraw');
  await expect(page.getByRole('heading', { name: 'Withdraw Funds' })).toBeVisible();
  await expect(page.locator('app-island[name="wallet-withdraw"][hydrated]')).toBeAttached();
}

async function requestBankWithdrawal(page: Page, amount: string) {
  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  await page.getByLabel('Withdrawal Amount').fill(amount);
  await page.getByLabel('Bank Name').fill('NatWest');
  await page.getByLabel('Bank Address').fill('1 Princes Street, London EC2R 8BP');
  await page.getByLabel('Account Number').fill('98765432');
  await page.getByLabel('Account Name').fill('Alex Morgan');
  await page.getByLabel(/IBAN Number/).fill('GB82 WEST 1234 5698 7654 32');
  await page.getByLabel(/Swift Code/).fill('NWBKGB2L');
  await page.getByRole('button', { name: 'Submit Withdrawal Request' }).click();
  await expect(page.locator('.toast-success', { hasText: 'Withdrawal request submitted successfully' })).toBeVisible();
}

test('a bank withdrawal holds the amount at once, staff pay it from the queue, and the customer’s open history shows it paid without reloading', async ({ browser }) => {
  const customer = await signedIn(browser, await fundedCustomer('500'));
  await customer.goto('/main/withdrawal');
  await expect(customer.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
  const before = await amountOf(customer.getByTestId('wallet-balance'));
  expect(before).toBeGreaterThanOrEqual(100);

  await openWithdrawTab(customer);
  // The original's messages, before anything is sent; then the server's own check (a bad IBAN) at its field.
  await customer.getByRole('radio', { name: /Bank transfer/ }).check();
  await customer.getByRole('button', { name: 'Submit Withdrawal Request' }).click();
  await expect(customer.getByText('Amount is required')).toBeVisible();
  await expect(customer.getByText('Bank name is required')).toBeVisible();
  await expect(customer.getByText('Account name is required')).toBeVisible();
  await customer.getByLabel('Withdrawal Amount').fill('10');
  await expect(customer.getByText('The minimum for this method is 50.00 USD.')).toBeVisible();

  await requestBankWithdrawal(customer, '100');
  await expect(customer.getByTestId('withdraw-balance')).toHaveText(dollars(before - 100));
  const pendingRow = customer.locator('.withdraw-pending tbody tr', { hasText: '$100.00' }).first();
  await expect(pendingRow).toContainText('Pending');
  const reference = (await pendingRow.locator('.funding-reference').innerText()).trim();

  await customer.goto('/main/withdrawal');
  await expect(customer.getByTestId('wallet-balance')).toHaveText(dollars(before - 100));
  await expect(customer.getByTestId('wallet-pending-withdrawals')).not.toHaveText('$0.00');

  await customer.goto('/main/transaction-history?kind=withdrawal');
  await expect(customer.locator('app-island[name="history-table"][hydrated]')).toBeAttached();
  // Every kind's tab in reach: the strip wraps, it does not hide the last tabs past its edge.
  expect(await customer.locator('.funding-tabs').evaluate((tabs) => tabs.scrollWidth - tabs.clientWidth)).toBeLessThanOrEqual(1);
  await expect(customer.getByRole('link', { name: 'Adjustments' })).toBeInViewport();
  const row = customer.locator('.funding-table tbody tr', { hasText: reference });
  await expect(row.locator('.funding-status')).toHaveText('Pending');
  await expect(row.locator('.funding-amount')).toContainText('$100.00');

  // Export CSV: the same filters, through the web tier with the session.
  const downloading = customer.waitForEvent('download');
  await customer.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  expect(csv).toContain(reference);

  const staff = await signedIn(browser, demo.staff);
  await staff.goto('/admin/queues/withdrawals');
  const queued = staff.locator('.staff-table tbody tr', { hasText: 'Alex Morgan' }).filter({ hasText: '100.00' }).first();
  await expect(staff.locator('app-island[name="queue-decision"][hydrated]').first()).toBeAttached();
  await queued.getByRole('button', { name: /^Mark paid/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Mark withdrawal paid' });
  await dialog.getByLabel('Payout reference').fill(`PAY-${reference}`);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(staff.locator('.toast-success')).toBeVisible();

  // Live: the realtime event makes the open history re-read its page.
  await expect(row.locator('.funding-status')).toHaveText('Paid', { timeout: 15_000 });
  await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  // The reference the customer finds the money by at their bank is on the statement, not only in a notification.
  await expect(row).toContainText(`payout reference PAY-${reference}`);
  await customer.goto('/main/withdrawal');
  await expect(customer.getByTestId('wallet-balance')).toHaveText(dollars(before - 100));
});

test('a pending withdrawal cancelled by the customer gives the amount back', async ({ browser }) => {
  const customer = await signedIn(browser, await fundedCustomer('500'));
  await openWithdrawTab(customer);
  const before = await amountOf(customer.getByTestId('withdraw-balance'));
  await requestBankWithdrawal(customer, '75');
  await expect(customer.getByTestId('withdraw-balance')).toHaveText(dollars(before - 75));

  const pendingRow = customer.locator('.withdraw-pending tbody tr', { hasText: '$75.00' }).first();
  const reference = (await pendingRow.locator('.funding-reference').innerText()).trim();
  await pendingRow.getByRole('button', { name: /Cancel/ }).click();
  const confirm = customer.getByRole('dialog', { name: 'Cancel withdrawal' });
  await expect(confirm).toContainText('The amount goes back to your balance.');
  await confirm.getByRole('button', { name: 'Cancel withdrawal' }).click();
  await expect(customer.locator('.toast-success', { hasText: 'Withdrawal cancelled' })).toBeVisible();
  await expect(customer.getByTestId('withdraw-balance')).toHaveText(dollars(before));
  await expect(customer.locator('.withdraw-pending tbody tr', { hasText: reference })).toHaveCount(0);

  await customer.goto('/main/transaction-history?kind=withdrawal&status=cancelled');
  await expect(customer.locator('.funding-table tbody tr', { hasText: reference }).locator('.funding-status')).toHaveText('Cancelled');
});

test('on a phone (390 px) the wallet’s tabs and the history fit the screen: no sideways scrolling, the history as labelled cards', async ({ browser }) => {
  const phone = await signedIn(browser, await fundedCustomer('500'), { width: 390, height: 844 });
  const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  for (const path of ['/main/withdrawal', '/main/withdrawal?tab=deposit', '/main/withdrawal?tab=withdraw', '/main/transaction-history']) {
    await phone.goto(path);
    await expect(phone.locator('app-island[hydrated]').first()).toBeAttached();
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
  // The table's cells carry their column names as labels on a phone.
  await expect(phone.locator('.funding-table td[data-label="Status"]').first()).toBeVisible();
});
