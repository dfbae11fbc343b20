import { expect } from '@playwright/test';
import { generate } from 'otplib';
import { demo, freshCustomer, fundedCustomer, openSignedIn, test } from './support';

/** The customer area (docs/customer-area.md), tried as a customer would in Chromium. */

/** A 1×1 PNG: the smallest file the document checks take as a photo. */
const scan = { name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64') };

test('when a new customer sends identity and address while awaiting approval and staff approve both, then the gate lifts', async ({ page, browser }) => {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const lastName = `Q${letters}`;
  const email = `kyc-${letters}@example.test`;
  await page.goto('/signup');
  await expect(page.locator('form.register-form[data-enhanced]')).toBeAttached();
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Username').fill(`noor${letters}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('5550199');
  await page.getByLabel('Country').selectOption('us');
  await page.getByLabel('Nationality').selectOption('us');
  await page.getByLabel('Password', { exact: true }).fill('documents-2026');
  await page.getByLabel('Confirm password').fill('documents-2026');
  await page.getByLabel('I agree to the Privacy Policy and I am over 18').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your account has been created. You can sign in now.')).toBeVisible();
  await openSignedIn(page, { email, password: 'documents-2026' });
  await expect(page.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible();

  // Awaiting approval: the gate, with the way to verification and support.
  const waiting = page.getByRole('navigation', { name: 'While you wait' });
  await expect(waiting.getByRole('button', { name: 'Support chat' })).toBeVisible();
  await waiting.getByRole('button', { name: 'Verification' }).click();
  await expect(page).toHaveURL(/\/main\/verification/);

  // A passport page, then a proof of address, each sent at once (once the wizard has hydrated).
  await expect(page.locator('app-island[name="verification-wizard"][hydrated]')).toBeAttached();
  await page.locator('input[type=file]').first().setInputFiles(scan);
  await expect(page.getByText('scan.png').first()).toBeVisible();
  // Continue asks for the date of birth the document shows, then goes on once it is saved.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Please enter your date of birth as your document shows it')).toBeVisible();
  await page.getByLabel('Date of birth, as on your document').fill('1990-05-17');
  await page.getByRole('button', { name: 'Save date of birth' }).click();
  await expect(page.getByText('17 May 1990')).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.locator('input[type=file]').first().setInputFiles(scan);
  await expect(page.locator('.kyc-zone-done')).toBeVisible();

  const staff = await browser.newContext();
  const desk = await staff.newPage();
  await openSignedIn(desk, demo.staff, '/admin/queues/documents');
  const approve = desk.getByRole('button', { name: new RegExp(`^Approve: .* of Noor ${lastName}$`) });
  await expect(approve).toHaveCount(2);
  for (let i = 0; i < 2; i++) {
    // Each row's decision hydrates when it comes into view: a click before that opens nothing.
    const decision = desk.locator('app-island[name="queue-decision"]').filter({ has: approve }).first();
    await decision.scrollIntoViewIfNeeded();
    await expect(decision).toHaveAttribute('hydrated', /.*/);
    await approve.first().click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(desk.getByRole('dialog')).toHaveCount(0);
    // The decided row shows its outcome where its buttons were, without reloading the page.
    await expect(approve).toHaveCount(1 - i);
  }
  await expect(desk.locator('.staff-table tbody tr', { hasText: `Noor ${lastName}` }).locator('.status-badge', { hasText: 'Approved' })).toHaveCount(2);
  await staff.close();

  await page.goto('/main/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome back, Noor ${lastName}` })).toBeVisible();
});

test('when a customer chooses euros in Settings, then another browser shows the trade room’s balance in euros after sign-in', async ({ browser }) => {
  const person = await fundedCustomer('1000');
  const first = await browser.newContext();
  const page = await first.newPage();
  await openSignedIn(page, person, '/main/settings');
  await page.getByRole('radio', { name: /€ EUR/ }).check();
  await expect(page.getByRole('radio', { name: /€ EUR/ })).toBeChecked();
  // Saved on the user (not in this browser): a reload reads it back from the server.
  await page.reload();
  await expect(page.getByRole('radio', { name: /€ EUR/ })).toBeChecked();
  await first.close();

  const second = await browser.newContext();
  const other = await second.newPage();
  await openSignedIn(other, person, '/mt4');
  await expect(other.getByText('≈ in EUR')).toBeVisible({ timeout: 20_000 });
  // 1,000 USD at the seeded reference rate of 0.92 EUR.
  await expect(
    other
      .locator('.account-bar')
      .getByText(/920\.00/)
      .first(),
  ).toBeVisible();
  await second.close();
});

test('when a customer moves money to savings, then the saving is listed and the Live balance is smaller by the amount', async ({ page }) => {
  const person = await fundedCustomer('500');
  await openSignedIn(page, person, '/main/savings');
  await expect(page.getByRole('heading', { name: 'CREATE NEW SAVINGS PLAN' })).toBeVisible();
  await page.locator('.savings-term').filter({ hasText: 'Flexible' }).first().locator('input').check();
  await page.getByLabel(/Enter Amount/).fill('120');
  await page.getByRole('button', { name: /Open Savings Account and invest/ }).click();
  await expect(page.getByText('Savings plan created successfully')).toBeVisible();
  await expect(page.locator('.saving-card').first()).toContainText('120.00');

  await page.goto('/main/accounts');
  await expect(page.locator('main')).toContainText('380.00');
});

test('when a customer opens a second Live account and moves money to it, then both balances show the transfer', async ({ page }) => {
  const person = await fundedCustomer('300');
  await openSignedIn(page, person, '/main/accounts');
  // A press before the island has hydrated does nothing (the last whole run pressed it too early once).
  await expect(page.locator('app-island[name="accounts-wallets"][hydrated]')).toBeAttached();
  await page.getByRole('button', { name: 'Open Live account' }).click();
  await expect(page.getByText(/Live Account #\d+ is open\./)).toBeVisible();
  await page.getByLabel('Amount', { exact: true }).fill('75.50');
  await page.getByRole('button', { name: 'Make Transfer' }).click();
  await expect(page.getByText('Transfer completed successfully')).toBeVisible();
  await expect(page.locator('main')).toContainText('224.50');
  await expect(page.locator('main')).toContainText('75.50');
});

test('when a customer turns on two-factor sign-in, then signing in again asks for the app’s code and takes it', async ({ page, context }) => {
  const person = await freshCustomer();
  await openSignedIn(page, person, '/main/security');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = await page.locator('.totp-key[data-secret]').getAttribute('data-secret');
  expect(secret).toBeTruthy();
  await page.locator('#confirm-code').fill(await generate({ secret: secret! }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.locator('.two-factor-code-list code')).toHaveCount(10);

  // Off the signed-in page first: its scripts, finding the session gone, would navigate away while signIn loads '/'.
  await page.goto('about:blank');
  await context.clearCookies();
  await openSignedIn(page, person);
  await expect(page.getByRole('heading', { name: 'Verify Login' })).toBeVisible();
  // A step's code is taken once: the next step's code (inside the ±1 step window) signs in.
  await page.locator('#verify-code').fill(await generate({ secret: secret!, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify & Login' }).click();
  await expect(page).toHaveURL(/\/main\/dashboard/);
});
