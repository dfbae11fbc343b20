import { expect, type Browser, type Page } from '@playwright/test';
import { autotraderTexts, type AutotraderLevel, type AutotraderStatus } from '../../shared/api/autotrader.schema';
import { demo, freshCustomer, openSignedIn, test } from './support';

async function person(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, who);
  await expect(page).toHaveURL(/\/(main\/dashboard|admin)$/);
  return page;
}

/** What the customer's page would send: POST /update/autotrader with the page's CSRF token. */
function requestAutotrader(page: Page, level: AutotraderLevel) {
  return page.evaluate(async (autotrader_type) => {
    const { csrfToken } = JSON.parse(document.getElementById('page-state')!.textContent!) as { csrfToken: string };
    const res = await fetch('/api/v1/update/autotrader', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken },
      body: JSON.stringify({ autotrader_type }),
    });
    return res.status;
  }, level);
}

function autotraderOf(page: Page) {
  return page.evaluate(async () => ((await (await fetch('/api/v1/autotrader', { headers: { Accept: 'application/json' } })).json()) as { data: AutotraderStatus }).data);
}

function closeNotification(page: Page) {
  return Promise.all([page.waitForResponse((r) => /\/api\/v1\/notifications\/[^/]+\/read$/.test(r.url())), page.getByRole('button', { name: 'Close notification' }).click()]);
}

/** The notification the page renders with the user; older unread ones (the welcome) are closed first, and this one once seen. */
async function expectNotification(page: Page, text: string) {
  await page.reload();
  await expect(page.locator('app-island[name="notifications"][hydrated]')).toBeAttached();
  const card = page.locator('.notification-card');
  for (let i = 0; i < 5 && !((await card.textContent()) ?? '').includes(text); i++) await closeNotification(page);
  await expect(card).toContainText(text);
  await closeNotification(page);
}

test('when a customer asks for AutoTrader, then staff refuse one request with a reason the customer sees, approve the next, and the page is not found for customers', async ({ browser }) => {
  test.slow();
  const who = await freshCustomer('pro');
  const customer = await person(browser, who);
  expect(await requestAutotrader(customer, 'low')).toBe(201);

  const notFound = await customer.goto('/admin/autotrader');
  expect(notFound?.status()).toBe(404);
  await expect(customer.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await customer.goto('/main/dashboard');
  await expect(customer.getByRole('link', { name: 'AutoTrader' })).toHaveCount(0);

  const staff = await person(browser, demo.staff);
  await expect(staff).toHaveURL(/\/admin$/);
  await staff.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'AutoTrader' }).click();
  await expect(staff).toHaveURL(/\/admin\/autotrader$/);
  await expect(staff.getByRole('heading', { name: 'AutoTrader requests', level: 1 })).toBeVisible();
  await expect(staff.locator('app-island[name="autotrader-requests"][hydrated]')).toBeAttached();
  await expect(staff.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  const row = staff.getByRole('tabpanel').locator('tbody tr', { hasText: who.email });
  await expect(row).toContainText(autotraderTexts.levelLabels.low);
  await expect(row).toContainText('Pending');

  // Refusing needs a reason: a blank one gets the server's 422 message in the dialog.
  await row.getByRole('button', { name: /^Refuse/ }).click();
  const refuse = staff.getByRole('dialog', { name: 'Refuse AutoTrader' });
  await refuse.getByLabel('Reason for the customer (required)').fill('   ');
  await refuse.getByRole('button', { name: 'Refuse' }).click();
  await expect(refuse.getByRole('alert')).toHaveText('Give the customer a reason.');
  const reason = 'Trade manually for 30 days first.';
  await refuse.getByLabel('Reason for the customer (required)').fill(reason);
  await refuse.getByRole('button', { name: 'Refuse' }).click();
  await expect(refuse).toBeHidden();
  await expect(staff.locator('.toast-success')).toContainText(`was told: ${reason}`);
  await expect(row).toHaveCount(0);

  await staff.getByRole('tab', { name: 'Refused' }).click();
  await expect(row).toContainText(reason);
  await expect(row).toContainText('Refused');
  await expect(row.getByRole('button')).toHaveCount(0);

  await expectNotification(customer, autotraderTexts.refusedMessage(reason));
  expect((await autotraderOf(customer)).latest_request).toMatchObject({ status: 'refused', reason });

  // A new request, approved: it leaves Pending and the customer shows under Active AutoTraders.
  expect(await requestAutotrader(customer, 'medium')).toBe(201);
  await staff.getByRole('tab', { name: 'Pending' }).click();
  await expect(row).toContainText(autotraderTexts.levelLabels.medium);
  await row.getByRole('button', { name: /^Approve/ }).click();
  const approve = staff.getByRole('dialog', { name: 'Approve AutoTrader' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(staff.locator('.toast-success').filter({ hasText: 'Request approved' })).toBeVisible();
  await expect(row).toHaveCount(0);
  const active = staff.locator('.staff-section', { hasText: 'Active AutoTraders' }).locator('tbody tr', { hasText: who.email });
  await expect(active).toContainText(autotraderTexts.levelLabels.medium);

  await expectNotification(customer, autotraderTexts.approvedTitle);
  expect(await autotraderOf(customer)).toMatchObject({ active: true, level: 'medium' });

  // Revoking needs a reason too; the customer is told it.
  await active.getByRole('button', { name: /^Revoke/ }).click();
  const revoke = staff.getByRole('dialog', { name: 'Turn AutoTrader off' });
  await revoke.getByLabel('Reason for the customer (required)').fill('Risk review');
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(revoke).toBeHidden();
  await expect(active).toHaveCount(0);
  await expectNotification(customer, autotraderTexts.revokedMessage('Risk review'));
  expect((await autotraderOf(customer)).active).toBe(false);
});
