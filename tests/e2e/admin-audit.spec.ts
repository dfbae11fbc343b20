import { expect, request } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';
import { demo, openSignedIn, test } from './support';

/** A new customer (pending approval is enough) who asked for a password reset: one mail in the outbox to them. */
async function customerWithMail(): Promise<string> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  try {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `audit-${id}@example.test`;
    const made = await api.post('/api/v1/auth/register', {
      data: {
        first_name: 'Ada',
        last_name: 'Audit',
        username: `audit${id}`,
        email,
        country_code: '+44',
        phone: '7700900123',
        country: 'uk',
        nationality: 'uk',
        password: `pass-${id}`,
        confirm_password: `pass-${id}`,
        sign_in: false,
      },
    });
    expect(made.status()).toBe(201);
    expect((await api.post('/api/v1/auth/forgot-password', { data: { email } })).status()).toBe(200);
    return email;
  } finally {
    await api.dispose();
  }
}

test('when staff read the outbox and then the audit log filtered by that action, then they see the mail and the read; a customer finds no such page', async ({ browser }) => {
  const email = await customerWithMail();

  const staff = await (await browser.newContext()).newPage();
  await openSignedIn(staff, demo.staff);
  await expect(staff).not.toHaveURL(/\/login|\/$/);

  await staff.goto('/admin/outbox');
  await expect(staff.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await staff.getByLabel('Recipient', { exact: true }).fill(email);
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff).toHaveURL(/\/admin\/outbox\?to=/);
  const mail = staff.getByRole('row').filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText('Reset your');
  await mail.getByText('Show text').click();
  await expect(mail.locator('pre')).toContainText('/reset-password?token=');

  await staff.goto('/admin/audit');
  await expect(staff.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await staff.getByLabel('Action', { exact: true }).selectOption('outbox.read');
  await staff.getByRole('button', { name: 'Filter' }).click();
  await expect(staff).toHaveURL(/\/admin\/audit\?.*\baction=outbox\.read\b/);
  const rows = staff.locator('.audit-table tbody tr');
  await expect(rows.first()).toContainText('outbox.read');
  await expect(rows.first()).toContainText(demo.staff.email);
  await expect(rows.first()).toContainText(email);
  for (const action of await rows.locator('.audit-action').allTextContents()) expect(action).toBe('outbox.read');

  await staff.getByLabel('From', { exact: true }).fill('2030-01-02');
  await staff.getByLabel('To', { exact: true }).fill('2030-01-01');
  await staff.getByRole('button', { name: 'Filter' }).click();
  await expect(staff.getByRole('alert')).toHaveText('The “from” date must not be after the “to” date.');

  const customer = await (await browser.newContext()).newPage();
  await openSignedIn(customer, demo.trader);
  await expect(customer).toHaveURL(/\/main\/dashboard$/);
  const notFound = await customer.goto('/admin/audit');
  expect(notFound?.status()).toBe(404);
  await expect(customer.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
