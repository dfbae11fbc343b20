import { rmSync } from 'node:fs';
import { expect, request, type Browser, type Page } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';
import { settingsUpdateRequest, type SiteSettings } from '../../shared/api/settings.schema';
import { demo, openSignedIn, startServer, test, updateSiteSettings } from './support';
import { bearer } from '../support/bearer';

/** The settings as the API has them now. */
async function currentSettings(): Promise<SiteSettings> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  try {
    return ((await (await api.get('/api/v1/settings')).json()) as { data: SiteSettings }).data;
  } finally {
    await api.dispose();
  }
}

/** Every editable field of `settings`, to put the site back as it was whatever a test left. */
const editable = (settings: SiteSettings) => Object.fromEntries(Object.keys(settingsUpdateRequest.shape).map((key) => [key, settings[key as keyof SiteSettings]]));

let before: SiteSettings;
const consoleErrors: string[] = [];
test.beforeAll(async () => {
  before = await currentSettings();
});
test.afterEach(async () => {
  await updateSiteSettings(editable(before));
  expect(consoleErrors.splice(0)).toEqual([]);
});

async function signedIn(browser: Browser, who: { email: string; password: string }, baseURL?: string): Promise<Page> {
  const page = await (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
  await openSignedIn(page, who);
  await page.waitForURL((url) => url.pathname !== '/');
  return page;
}

async function settingsPage(browser: Browser, baseURL?: string): Promise<Page> {
  const admin = await signedIn(browser, demo.admin, baseURL);
  // The form hydrates over the server's HTML without a mismatch (React reports one as a console error); a refused call the test asks for is no error of the page's.
  admin.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
  await admin.goto('/admin/settings');
  await expect(admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(admin.getByRole('heading', { name: 'Site settings', level: 1 })).toBeVisible();
  await expect(admin.locator('app-island[name="site-settings"][hydrated]')).toBeAttached();
  return admin;
}

/** Clicks Save and waits for the PATCH to succeed (the toast says so, the form has nothing left to save); returns the body it sent. */
async function save(admin: Page): Promise<Record<string, unknown>> {
  const [answer] = await Promise.all([
    admin.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/v1/admin/settings')),
    admin.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  // An earlier save's toast may still be up: the newest is this one.
  await expect(admin.getByText('Settings saved').last()).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(admin.getByText('No changes')).toBeVisible();
  return answer.request().postDataJSON() as Record<string, unknown>;
}

/** Reloads `page` until `check` passes (the web tier may keep the settings for SETTINGS_CACHE_MS). */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 8_000, intervals: [250, 500, 1_000] });
}

test('when an admin switches the site off with a message on the settings page, then a customer sees it, and sees the site again once it is back on', async ({ browser }) => {
  const customer = await signedIn(browser, demo.trader);
  await expect(customer).toHaveURL(/\/main\/dashboard$/);
  const admin = await settingsPage(browser);
  const save_ = admin.getByRole('button', { name: 'Save' });
  await expect(save_).toBeDisabled();
  await expect(admin.getByRole('button', { name: 'Discard changes' })).toBeDisabled();

  const off = admin.getByRole('switch', { name: 'Site switched off (maintenance)' });
  await expect(off).not.toBeChecked();
  await off.check();
  await expect(admin.getByText('Once saved, customers see Site Temporarily Disabled.', { exact: false })).toBeVisible();
  await admin.getByLabel('Maintenance message').fill('Upgrading the servers until 18:00 UTC.');
  await expect(save_).toBeEnabled();
  expect(await save(admin)).toEqual({ status: 'disabled', maintenanceMessage: 'Upgrading the servers until 18:00 UTC.' });

  await reloadUntil(customer, async () => {
    await expect(customer.getByRole('heading', { name: 'Site Temporarily Disabled' })).toBeVisible({ timeout: 1_000 });
    await expect(customer.getByText('Upgrading the servers until 18:00 UTC.')).toBeVisible({ timeout: 1_000 });
  });

  // Staff pass the switch: the admin's page still works, and reads the saved values afresh.
  await admin.reload();
  await expect(admin.locator('app-island[name="site-settings"][hydrated]')).toBeAttached();
  await expect(off).toBeChecked();
  await expect(admin.getByLabel('Maintenance message')).toHaveValue('Upgrading the servers until 18:00 UTC.');

  await off.uncheck();
  await admin.getByLabel('Maintenance message').fill('');
  expect(await save(admin)).toEqual({ status: 'enabled', maintenanceMessage: null });
  await reloadUntil(customer, () => expect(customer.getByRole('heading', { name: 'Site Temporarily Disabled' })).toHaveCount(0));
  await expect(customer).toHaveURL(/\/main\/dashboard$/);
});

test('when an admin picks the TD sign-up look, then a visitor’s /signup follows, and the basic look again once it is restored', async ({ browser }) => {
  const admin = await settingsPage(browser);
  const td = admin.getByRole('radio', { name: 'TD', exact: true });
  await td.check();
  expect(await save(admin)).toEqual({ r_page: 'td' });
  await expect(td).toHaveAccessibleDescription(/^In use/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/signup');
  await reloadUntil(visitor, () => expect(visitor.getByRole('heading', { name: 'Sign up to power up your trading' })).toBeVisible({ timeout: 1_000 }));
  await expect(visitor.locator('html')).toHaveAttribute('data-theme', 'light');

  await admin.getByRole('radio', { name: 'Basic', exact: true }).check();
  expect(await save(admin)).toEqual({ r_page: 'basic' });
  await reloadUntil(visitor, () => expect(visitor.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeVisible({ timeout: 1_000 }));
  await expect(visitor.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('when an admin enters a bad value, then its field shows the API schema’s message and nothing is saved', async ({ browser }) => {
  const admin = await settingsPage(browser);
  const patches: string[] = [];
  admin.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(r.url());
  });
  const stars = admin.getByLabel('Review stars');
  const email = admin.getByLabel('Contact e-mail');
  await stars.fill('7');
  await email.fill('nope');
  await admin.getByRole('button', { name: 'Save' }).click();

  await expect(admin.getByText('Please correct the highlighted fields.')).toBeVisible();
  for (const [field, message] of [
    [stars, 'Stars must be from 1 to 5'],
    [email, 'Please enter a valid email address'],
  ] as const) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(email).toBeFocused();
  expect(patches).toEqual([]);

  // The server's own 422 lands at its field too: a valid value leaves the page, and the request is changed on the way.
  await email.fill(before.contactEmail ?? '');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await stars.fill(before.review_stars === 4 ? '3' : '4');
  await admin.route('**/api/v1/admin/settings', (route) => route.continue({ postData: JSON.stringify({ review_stars: 9 }) }));
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(stars).toHaveAttribute('aria-invalid', 'true');
  await expect(stars).toHaveAccessibleDescription(/Stars must be from 1 to 5/);
  expect(patches).toHaveLength(1);
  await admin.unroute('**/api/v1/admin/settings');

  expect(editable(await currentSettings())).toEqual(editable(before));
  await admin.getByRole('button', { name: 'Discard changes' }).click();
  await expect(stars).toHaveValue(before.review_stars === null ? '' : String(before.review_stars));
  await expect(stars).not.toHaveAttribute('aria-invalid');
  await expect(admin.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('when staff or a customer open the settings page, then it is not found and no link leads there', async ({ browser }) => {
  for (const who of [demo.staff, demo.trader]) {
    const page = await signedIn(browser, who);
    await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    const answer = await page.goto('/admin/settings');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByLabel('Site name')).toHaveCount(0);
  }
});

test('when the web tier keeps the settings a minute, then a save on the page still reaches customers at their next page', async ({ browser }) => {
  test.slow();
  const dataDir = 'test-results/e2e-settings-cache';
  rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({ DATA_DIR: dataDir, SETTINGS_CACHE_MS: '60000' });
  try {
    const customer = await signedIn(browser, demo.trader, server.web);
    await expect(customer.locator('.topbar .brand')).toHaveText('Meridian Markets');
    const admin = await settingsPage(browser, server.web);

    // The control: a change straight through the API waits out the web tier's cached copy.
    const api = await request.newContext({ baseURL: server.api });
    const login = await api.post('/api/v1/auth/login', { data: demo.admin });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    expect((await api.patch('/api/v1/admin/settings', { data: { name: 'Meridian Prime' }, headers: bearer(token) })).status()).toBe(200);
    await api.dispose();
    await customer.reload();
    await expect(customer.locator('.topbar .brand')).toHaveText('Meridian Markets');

    // A save on the page drops that copy (as Check Status does): the customer's next page has it.
    await admin.getByRole('switch', { name: 'Site switched off (maintenance)' }).check();
    const dropped = admin.waitForResponse((r) => r.url().endsWith('/session/refresh'));
    await save(admin);
    await dropped;
    await customer.reload();
    await expect(customer.getByRole('heading', { name: 'Site Temporarily Disabled' })).toBeVisible();
  } finally {
    server.process.kill();
  }
});
