import { expect, type Browser, type Page } from '@playwright/test';
import { demo, freshCustomer, openSignedIn, test } from './support';

/**
 * The sandbox chain (docs/funding.md#the-sandbox-chain): staff announce a BTC payment to the
 * customer's own deposit address, as a blockchain would, and confirm it; the deposits queue shows its chain
 * facts and the customer's history shows it credited.
 */

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, who);
  await expect(page).toHaveURL(/\/(main|admin)/);
  return page;
}

/** "$25,000.00" → 25000. */
async function liveBalance(page: Page): Promise<number> {
  await page.goto('/main/dashboard');
  return Number(((await page.getByTestId('balance-live').textContent()) ?? '').replace(/[^0-9.-]/g, ''));
}

test('staff announce 0.01 BTC to the customer’s address and confirm it fully; the customer is credited', async ({ browser }) => {
  const person = await freshCustomer();
  const customer = await signedIn(browser, person);
  const before = await liveBalance(customer);
  await customer.goto('/main/deposit/btc');
  await customer.getByRole('button', { name: /Show my BTC address/ }).click();
  await expect(customer).toHaveURL(/\/main\/deposit\/btc\/\d+$/);
  const address = ((await customer.getByTestId('wallet-address').textContent()) ?? '').trim();
  expect(address).toMatch(/^tb1q/);

  const staff = await signedIn(browser, demo.staff);
  await staff.goto('/admin/queues/deposits');
  await staff.getByRole('navigation', { name: 'Queues' }).getByRole('link', { name: 'Sandbox chain' }).click();
  await expect(staff).toHaveURL(/\/admin\/sandbox-chain$/);
  await expect(staff.getByRole('heading', { name: 'Sandbox chain' })).toBeVisible();
  await expect(staff.getByText('A real broker connects a node or a custody provider instead.')).toBeVisible();
  await expect(staff.locator('app-island[name="sandbox-chain"][hydrated]')).toBeAttached();

  // A field's own message first: an address no customer has.
  await staff.getByLabel('Network').selectOption({ label: 'BTC — Bitcoin (Native SegWit)' });
  await staff.getByLabel('Customer’s deposit address').fill('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
  await staff.getByLabel('Amount (BTC)').fill('0.01');
  await staff.getByRole('button', { name: 'Announce payment' }).click();
  await expect(staff.getByText('No customer wallet has this address on this network.')).toBeVisible();

  // A Bitcoin transaction id: 64 hex digits (docs/funding.md#money-from-outside).
  const txId = Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  await staff.getByLabel('Customer’s deposit address').fill(address);
  await expect(staff.getByLabel('Confirmations')).toHaveValue('0');
  await staff.getByLabel('Transaction id').fill(txId);
  await staff.getByRole('button', { name: 'Announce payment' }).click();
  await expect(staff.locator('.toast-success', { hasText: 'Payment announced.' })).toBeVisible();

  const row = staff.locator('.sandbox-payments tbody tr', { hasText: txId });
  await expect(row).toContainText('0.01 BTC');
  await expect(row).toContainText('0 / 2');
  await expect(row).toContainText('Waiting');
  await row.getByRole('button', { name: /^\+1 confirmation/ }).click();
  await expect(row).toContainText('1 / 2');
  await row.getByRole('button', { name: /^Confirm fully/ }).click();
  await expect(staff.locator('.toast-success', { hasText: 'Confirmed and credited.' })).toBeVisible();
  await expect(row).toContainText('2 / 2');
  await expect(row).toContainText('Credited');
  await expect(row.getByRole('button')).toHaveCount(0);

  // The deposits queue lists it as done, credited by itself, with its chain facts.
  await staff.goto(`/admin/queues/deposits?status=done&q=${encodeURIComponent(person.email)}`);
  const queued = staff.locator('.staff-table tbody tr', { hasText: txId });
  await expect(queued).toContainText('Crypto');
  await expect(queued).toContainText('0.01 BTC');
  await expect(queued).toContainText('2 / 2');
  await expect(queued).toContainText('Confirmed');
  await expect(queued).toContainText('Automatically');

  await customer.goto('/main/transaction-history?kind=deposit');
  await expect(customer.locator('app-island[name="history-table"][hydrated]')).toBeAttached();
  const credited = customer.locator('.funding-table tbody tr', { hasText: '0.01 BTC on Bitcoin' }).first();
  await expect(credited.locator('.funding-status')).toHaveText('Completed');
  await expect(credited.locator('.funding-amount')).toContainText('+');
  expect(await liveBalance(customer)).toBeGreaterThan(before);
});
