import { expect } from '@playwright/test';
import { apiAs, freshCustomer, notifyCustomer, openSignedIn, test } from './support';

/** The bell (docs/realtime.md#the-bell). */

async function unreadOnServer(person: Awaited<ReturnType<typeof apiAs>>): Promise<number> {
  const page = (await (await person.api.get('/api/v1/notifications', { headers: person.headers })).json()) as { data: { unread_count: number } };
  return page.data.unread_count;
}

const notify = (customerId: number, title: string) => notifyCustomer(customerId, { title, message: `${title}: the details.`, color: 'warning' });

test('when a customer has unread notifications, then the bell counts them, lists them newest first, a click marks one read, Mark all as read the rest, and the card and the count follow', async ({
  page,
}) => {
  const person = await freshCustomer();
  const customer = await apiAs(person);
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

test('when a notice arrives while the bell is closed, then the closed bell holds no copy of it, and opening the bell lists it first', async ({ page }) => {
  const person = await freshCustomer();
  const customer = await apiAs(person);
  await openSignedIn(page, person);
  await expect(page.locator('app-island[name="notification-bell"][hydrated]')).toBeAttached();
  const bell = page.locator('.topbar .bell-button');
  const before = await unreadOnServer(customer);

  await notify(customer.id, 'Arrived while closed');
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
  // A closed panel holding the text makes a page's getByText of a message the notice repeats ambiguous.
  await expect(page.locator('.bell-panel .bell-item')).toHaveCount(0);

  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('.bell-item').first()).toContainText('Arrived while closed');
  await customer.api.dispose();
});
