import { expect, request, type Page } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';
import { demo, freshCustomer, openSignedIn, test } from './support';
import { bearer } from '../support/bearer';

/** The bell and the toast lane (docs/realtime.md#the-bell, docs/screens.md#toasts). */

async function apiOf(person: { email: string; password: string }) {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  const { data } = (await (await api.post('/api/v1/auth/login', { data: person })).json()) as { data: { token: string; user: { id: number } } };
  return { api, headers: bearer(data.token), id: data.user.id };
}

async function unreadOnServer(person: Awaited<ReturnType<typeof apiOf>>): Promise<number> {
  const page = (await (await person.api.get('/api/v1/notifications', { headers: person.headers })).json()) as { unread_count: number };
  return page.unread_count;
}

async function notify(customerId: number, title: string) {
  const staff = await apiOf(demo.staff);
  const sent = await staff.api.post(`/api/v1/admin/users/${customerId}/notifications`, { headers: staff.headers, data: { title, message: `${title}: the details.`, color: 'warning' } });
  expect(sent.status()).toBe(201);
  await staff.api.dispose();
}

test('when a customer has unread notifications, then the bell counts them, lists them newest first, a click marks one read, Mark all as read the rest, and the card and the count follow', async ({
  page,
}) => {
  const person = await freshCustomer();
  const customer = await apiOf(person);
  await notify(customer.id, 'First notice');
  await notify(customer.id, 'Second notice');
  const unread = await unreadOnServer(customer);
  expect(unread).toBeGreaterThanOrEqual(2);

  await openSignedIn(page, person);
  await expect(page.locator('app-island[name="notification-bell"][hydrated]')).toBeAttached();
  const bell = page.locator('.topbar .bell-button');
  await expect(bell).toHaveAccessibleName(`Notifications, ${unread} unread`);
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.locator('.bell-item').first()).toContainText('Second notice');
  await expect(panel.locator('.bell-item.unread')).toHaveCount(unread);

  await panel.getByRole('button', { name: /Second notice.*Mark as read/ }).click();
  await expect(bell).toHaveAccessibleName(`Notifications, ${unread - 1} unread`);
  await expect(panel.locator('.bell-item', { hasText: 'Second notice' })).not.toHaveClass(/unread/);
  await expect.poll(() => unreadOnServer(customer)).toBe(unread - 1);

  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications,');
  await expect(panel.locator('.bell-item.unread')).toHaveCount(0);
  await expect(page.locator('.notification-card')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  expect(await unreadOnServer(customer)).toBe(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.reload();
  await expect(page.locator('.topbar .bell-count')).toHaveCount(0);
  await customer.api.dispose();
});

/** A toast as the toaster shows one, put into the page's lane (no page action shows one on demand). */
async function showToast(page: Page) {
  await page.evaluate(() => {
    const list = document.querySelector('.toast-lane .toaster');
    if (!list) throw new Error('no toast lane on this page');
    list.insertAdjacentHTML(
      'beforeend',
      '<li class="toast toast-success"><div role="status"><strong>Saved</strong><p>Your change was saved.</p></div><button type="button" class="toast-close" aria-label="Close">×</button></li>',
    );
  });
}

/** The controls in the window whose middle or corners something of the toast lane lies over. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lane = document.querySelector('.toast-lane');
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])');
    const covered: string[] = [];
    for (const control of controls) {
      if (lane?.contains(control) || !control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth) continue;
      const inset = Math.min(3, box.width / 4, box.height / 4);
      const points: [number, number][] = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + inset, box.top + inset],
        [box.right - inset, box.top + inset],
        [box.left + inset, box.bottom - inset],
        [box.right - inset, box.bottom - inset],
      ];
      const over = points.some(([x, y]) => {
        const top = document.elementFromPoint(Math.min(Math.max(x, 0), innerWidth - 1), Math.min(Math.max(y, 0), innerHeight - 1));
        return top !== null && lane?.contains(top) === true;
      });
      if (over) covered.push(`${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return covered;
  });
}

const widths = [
  [1440, 900],
  [1280, 800],
  [390, 844],
  [360, 740],
] as const;

test('when a toast and the notification card show, then at 1440, 1280, 390 and 360 wide they cover no control on the dashboard, in both terminals and in the back office', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const person = await freshCustomer();
  const customer = await apiOf(person);
  await notify(customer.id, 'Margin call on account 5000001');
  await openSignedIn(page, person);
  const staffPage = await (await browser.newContext()).newPage();
  await openSignedIn(staffPage, demo.staff);
  for (const [width, height] of widths) {
    for (const [who, path] of [
      [page, '/main/dashboard'],
      [page, '/mt4'],
      [page, '/mt4-light'],
      [staffPage, '/admin/queues/deposits'],
    ] as const) {
      await who.setViewportSize({ width, height });
      await who.goto(path);
      await expect(who.locator('.toast-lane app-island[name="toaster"][hydrated]')).toBeAttached();
      await expect(who.locator('.toast-lane app-island[name="notifications"][hydrated]')).toBeAttached();
      if (who === page) await expect(who.locator('.notification-card')).toBeVisible();
      await showToast(who);
      await expect(who.locator('.toast-lane .toast')).toBeVisible();
      expect(await coveredControls(who), `${path} at ${width}×${height}`).toEqual([]);
    }
  }
  await customer.api.dispose();
});
