import { rmSync } from 'node:fs';
import { expect, request } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';
import { demo, openSignedIn, startSplitTiers, startTradingTier, test } from './support';
import { bearer } from '../support/bearer';

/** Signs in through the API (as staff do from the back office) and returns a bearer header and the user id. */
async function apiLogin(person: { email: string; password: string }, apiPort: number = e2ePorts.api) {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${apiPort}` });
  const res = await api.post('/api/v1/auth/login', { data: person });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { token: string; user: { id: number; notifications: { id: string }[] } } };
  return { api, headers: bearer(data.token), user: data.user };
}

test('when staff send a notification, then it appears as the card, and once closed it stays read after a reload', async ({ page }) => {
  const trader = await apiLogin(demo.trader);
  // Earlier unread notices would be shown first: the card shows the first unread one.
  for (const notice of trader.user.notifications) await trader.api.post(`/api/v1/notifications/${notice.id}/read`, { headers: trader.headers });
  await openSignedIn(page, demo.trader);
  await expect(page).toHaveURL(/\/main\/dashboard$/);
  await expect(page.locator('app-island[name="notifications"][hydrated]')).toBeAttached();

  const staff = await apiLogin(demo.staff);
  // The page subscribes as soon as its connection is up; resend until the card shows (no fixed sleep).
  await expect(async () => {
    const sent = await staff.api.post(`/api/v1/admin/users/${trader.user.id}/notifications`, {
      headers: staff.headers,
      data: { title: 'Deposit confirmed', message: 'Your deposit has been credited.', color: 'success' },
    });
    expect(sent.status()).toBe(201);
    await expect(page.locator('.notification-card')).toContainText('Deposit confirmed', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });

  // Every notice sent above is unread: close them one by one, as the customer would, each marked read before
  // the next. A notice sent while the page was still subscribing may turn up late: close it too, until the
  // server holds none unread.
  const card = page.locator('.notification-card');
  await expect(async () => {
    while ((await card.count()) > 0) {
      await Promise.all([
        page.waitForResponse((response) => /\/api\/v1\/notifications\/\d+\/read$/.test(response.url()) && response.request().method() === 'POST'),
        page.getByRole('button', { name: 'Close notification' }).click(),
      ]);
    }
    const me = (await (await trader.api.get('/api/v1/user', { headers: trader.headers })).json()) as { data: { notifications: { read: boolean }[] } };
    expect(me.data.notifications.filter((n) => !n.read)).toEqual([]);
  }).toPass({ timeout: 10_000 });
  await page.reload();
  await expect(page.locator('app-island[name="notifications"][hydrated]')).toBeAttached();
  await expect(page.locator('.notification-card')).toHaveCount(0);
  await trader.api.dispose();
  await staff.api.dispose();
});

test('when the trading tier stops under a running web tier, then the page says it is reconnecting, and “Connected to server” when it is back', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = 'test-results/e2e-realtime';
  rmSync(dataDir, { recursive: true, force: true });
  const apiPort = e2ePorts.api + 100;
  const { trading, web } = await startSplitTiers(dataDir, apiPort);
  let restarted: Awaited<ReturnType<typeof startTradingTier>> | undefined;
  try {
    await page.goto(`${web.web}/`);
    await page.getByLabel('Email').fill(demo.trader.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.trader.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await expect(page.locator('app-island[name="notifications"][hydrated]')).toBeAttached();
    // Connected: the socket is open through the web tier.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/broadcasting/auth'))), { timeout: 10_000 }).toBe(true);

    const stopped = new Promise((resolve) => trading.process.once('exit', resolve));
    trading.process.kill('SIGTERM');
    await stopped;
    await expect(page.getByText('Reconnecting to server...')).toBeVisible({ timeout: 10_000 });
    await page.screenshot({ path: 'test-results/e2e/realtime-reconnecting.png' });

    restarted = await startTradingTier(dataDir, apiPort);
    await expect(page.getByText('Connected to server')).toBeVisible({ timeout: 20_000 });
  } finally {
    restarted?.process.kill('SIGTERM');
    trading.process.kill('SIGTERM');
    web.process.kill('SIGTERM');
  }
});
