import { expect, type Browser, type Page } from '@playwright/test';
import { samePicture } from '../support/images';
import { demo, freshCustomer, openSignedIn, test } from './support';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function person(browser: Browser, who: { email: string; password: string }, options: { realtime?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Without the live channel (its websocket refused), the page has to fall back to polling.
  if (options.realtime === false) await page.routeWebSocket(/\/app\//, (ws) => ws.close());
  await openSignedIn(page, who);
  await expect(page).toHaveURL(/\/(main\/dashboard|admin)$/);
  return page;
}

async function openStaffConversation(staff: Page, email: string) {
  await staff.goto('/admin/chat');
  await expect(staff.getByRole('heading', { name: 'Admin Chat' })).toBeVisible();
  await expect(staff.locator('app-island[name="chat-room"][hydrated]')).toBeAttached();
  await staff.getByRole('searchbox', { name: 'Search users...' }).fill(email.toUpperCase());
  await staff.locator('.chat-users li button', { hasText: email }).click();
}

test('when a customer and staff chat, then messages, files and read receipts travel live, and the notifier leads to the chat', async ({ browser }) => {
  const who = await freshCustomer();
  const customer = await person(browser, who);
  const staff = await person(browser, demo.staff);

  await customer.goto('/main/chat');
  await expect(customer.locator('app-island[name="chat-room"][hydrated]')).toBeAttached();
  await expect(customer.getByText('No messages yet')).toBeVisible();
  await expect(customer.locator('.connection-indicator')).toHaveText('Connected');
  await customer.getByRole('textbox', { name: 'Message' }).fill('My deposit has not arrived');
  await customer.getByRole('textbox', { name: 'Message' }).press('Shift+Enter');
  await customer.getByRole('textbox', { name: 'Message' }).pressSequentially('(card ending 4242)');
  await customer.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(customer.locator('.bubble.mine')).toContainText('My deposit has not arrived\n(card ending 4242)');

  await openStaffConversation(staff, who.email);
  await expect(staff.locator('.bubble')).toContainText('My deposit has not arrived');
  await expect(customer.locator('.bubble.mine small')).toContainText('• Read');

  await staff.locator('.chat-input input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  await staff.getByRole('textbox', { name: 'Message' }).fill('Here is the receipt');
  // Send waits for the upload to finish.
  await expect(staff.getByRole('button', { name: 'Send' })).toBeEnabled();
  await staff.getByRole('button', { name: 'Send' }).click();
  const reply = customer.locator('.bubble', { hasText: 'Here is the receipt' });
  await expect(reply).toBeVisible();
  await expect(reply.locator('.staff-mark')).toHaveText('A (staff)');
  await expect(reply.locator('.staff-mark')).toHaveAttribute('title', 'Staff');
  await expect(reply.locator('img')).toHaveAttribute('alt', 'receipt.png');
  await expect.poll(() => reply.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await customer.locator('.chat-input input[type=file]').setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(customer.getByRole('button', { name: 'Send' })).toBeEnabled();
  await customer.getByRole('button', { name: 'Send' }).click();
  await expect(staff.locator('.attachment-file', { hasText: 'statement.pdf' })).toBeVisible();

  await customer.locator('.chat-input input[type=file]').setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(customer.locator('.chat-uploads .failed')).toContainText('Only images, PDF, Word and Excel files can be sent.');

  await customer.goto('/main/dashboard');
  await staff.getByRole('textbox', { name: 'Message' }).fill('It is in your account now');
  await staff.getByRole('textbox', { name: 'Message' }).press('Enter');
  const notifier = customer.getByRole('status').filter({ hasText: 'New Messages' });
  await expect(notifier).toContainText('You have 1 unread message(s), TAP TO VIEW');
  // The count comes with the page: with its endpoint refused to the browser, a page loaded afresh still shows it.
  await customer.route('**/api/v1/chat/unread-count', (route) => route.abort());
  await customer.reload();
  await expect(notifier).toContainText('You have 1 unread message(s), TAP TO VIEW');
  await customer.unroute('**/api/v1/chat/unread-count');
  await notifier.getByRole('link').click();
  await expect(customer).toHaveURL(/\/main\/chat$/);
  await expect(customer.locator('.bubble', { hasText: 'It is in your account now' })).toBeVisible();
  await expect(customer.getByRole('status').filter({ hasText: 'New Messages' })).toHaveCount(0);
});

test('when the live channel cannot connect, then both sides show the backup banner and messages still arrive by polling', async ({ browser }) => {
  const who = await freshCustomer();
  const customer = await person(browser, who, { realtime: false });
  const staff = await person(browser, demo.staff, { realtime: false });
  await customer.goto('/main/chat');
  await expect(customer.getByText('Using backup connection - messages may be slightly delayed')).toBeVisible();
  await customer.getByRole('textbox', { name: 'Message' }).fill('Anyone there?');
  await customer.getByRole('textbox', { name: 'Message' }).press('Enter');
  await openStaffConversation(staff, who.email);
  await expect(staff.getByText('Using backup connection - messages may be slightly delayed')).toBeVisible();
  await expect(staff.locator('.bubble')).toContainText('Anyone there?');
  await staff.getByRole('textbox', { name: 'Message' }).fill('Yes, how can we help?');
  await staff.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(customer.locator('.bubble', { hasText: 'Yes, how can we help?' })).toBeVisible({ timeout: 12_000 });
  await expect(customer.locator('.bubble')).toHaveCount(2);
});

test('when the live channel drops and comes back, then the backup banner shows meanwhile and no message is lost or shown twice', async ({ browser }) => {
  // Its own waits (the backup banner, the polled message, the reconnection) add up to more than the default 30 s.
  test.setTimeout(60_000);
  const who = await freshCustomer();
  const context = await browser.newContext();
  const customer = await context.newPage();
  let down = false;
  const open: { close(): Promise<void> }[] = [];
  await customer.routeWebSocket(/\/app\//, (ws) => {
    if (down) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });
  await openSignedIn(customer, who, '/main/chat');
  await expect(customer.locator('.connection-indicator')).toHaveText('Connected');
  await customer.getByRole('textbox', { name: 'Message' }).fill('Before the drop');
  await customer.getByRole('textbox', { name: 'Message' }).press('Enter');
  const staff = await person(browser, demo.staff);
  await openStaffConversation(staff, who.email);
  await expect(staff.locator('.bubble')).toContainText('Before the drop');

  down = true;
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  await expect(customer.getByText('Using backup connection - messages may be slightly delayed')).toBeVisible({ timeout: 15_000 });
  await staff.getByRole('textbox', { name: 'Message' }).fill('Sent while you were offline');
  await staff.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(customer.locator('.bubble', { hasText: 'Sent while you were offline' })).toBeVisible({ timeout: 12_000 });

  down = false;
  await expect(customer.locator('.connection-indicator')).toHaveText('Connected', { timeout: 30_000 });
  await expect(customer.getByText('Using backup connection - messages may be slightly delayed')).toHaveCount(0);
  await staff.getByRole('textbox', { name: 'Message' }).fill('Back live');
  await staff.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(customer.locator('.bubble', { hasText: 'Back live' })).toBeVisible();
  await expect(customer.locator('.bubble')).toHaveCount(3);
});

test('when staff filter their customers, then search and the tabs narrow the list, and customers cannot open the admin chat', async ({ browser }) => {
  const who = await freshCustomer();
  const customer = await person(browser, who);
  await customer.goto('/main/chat');
  await customer.getByRole('textbox', { name: 'Message' }).fill('Question about leverage');
  await customer.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(customer.locator('.bubble.mine')).toBeVisible();
  const denied = await customer.goto('/admin/chat');
  expect(denied?.status()).toBe(404);

  const staff = await person(browser, demo.staff);
  await staff.goto('/admin/chat');
  await expect(staff.getByText('Select a user to start chatting')).toBeVisible();
  await staff.getByRole('tab', { name: 'Unread' }).click();
  await expect(staff.locator('.chat-users li', { hasText: who.email })).toBeVisible();
  await expect(staff.locator('.chat-users li', { hasText: 'pending@demo.test' })).toHaveCount(0);
  // The customer's page holds a live connection, which keeps them online; the pending demo customer is not.
  await staff.getByRole('tab', { name: 'Online' }).click();
  await expect(staff.locator('.chat-users li', { hasText: who.email })).toBeVisible();
  await expect(staff.locator('.chat-users li', { hasText: 'pending@demo.test' })).toHaveCount(0);
  await staff.getByRole('tab', { name: 'All' }).click();
  await expect(staff.locator('.chat-users li', { hasText: 'pending@demo.test' })).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Search users...' }).fill('nobody-by-this-name');
  await expect(staff.getByText('No users found')).toBeVisible();
  await staff.getByRole('searchbox', { name: 'Search users...' }).fill('ada');
  await expect(staff.locator('.chat-users li', { hasText: who.email })).toBeVisible();
});

test('when a chat page stays open for hours, then it renews its attachment links, which open without any session', async ({ browser }) => {
  const who = await freshCustomer();
  const customer = await person(browser, who);
  await customer.clock.install();
  await customer.goto('/main/chat');
  await expect(customer.locator('app-island[name="chat-room"][hydrated]')).toBeAttached();
  await expect(customer.locator('.connection-indicator')).toHaveText('Connected');
  await customer.locator('.chat-input input[type=file]').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png });
  await expect(customer.getByRole('button', { name: 'Send' })).toBeEnabled();
  const sent = customer.waitForResponse((res) => res.url().endsWith('/api/v1/chat/messages') && res.request().method() === 'POST');
  await customer.getByRole('button', { name: 'Send' }).click();
  const { data } = (await (await sent).json()) as { data: { created_at: string } };
  const image = customer.locator('.bubble.mine img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const src = await image.getAttribute('src');
  expect(src).toMatch(/^\/api\/v1\/chat\/files\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]{43}$/);

  // The link is the permission: a browser with no session opens it.
  const stranger = await browser.newContext();
  const opened = await stranger.request.get(src!);
  expect(opened.status()).toBe(200);
  // Re-encoded when it was taken (docs/files.md#what-is-taken): the same picture, not the same bytes.
  expect(await samePicture(Buffer.from(await opened.body()), png)).toBe(true);
  await stranger.close();

  // An hour on, the page fetches its messages afresh (from the oldest held) for new links; the image still shows.
  const renewed = customer.waitForRequest((req) => new URL(req.url()).pathname === '/api/v1/chat/messages' && new URL(req.url()).searchParams.get('after') === data.created_at);
  await customer.clock.fastForward('01:01:00');
  await renewed;
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});

test('when a file is attached while a message is on its way, then it stays attached after that message is sent', async ({ browser }) => {
  const customer = await person(browser, await freshCustomer());
  await customer.goto('/main/chat');
  await expect(customer.locator('app-island[name="chat-room"][hydrated]')).toBeAttached();
  await expect(customer.locator('.connection-indicator')).toHaveText('Connected');
  // The message's answer is held until the file has been attached.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await customer.route('**/api/v1/chat/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.fallback();
  });
  await customer.getByRole('textbox', { name: 'Message' }).fill('First this');
  await customer.getByRole('textbox', { name: 'Message' }).press('Enter');
  await customer.locator('.chat-input input[type=file]').setInputFiles({ name: 'later.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(customer.locator('.chat-uploads li', { hasText: 'later.pdf' })).toBeVisible();
  release();
  await expect(customer.locator('.bubble.mine')).toContainText('First this');
  await expect(customer.locator('.chat-uploads li', { hasText: 'later.pdf' })).toBeVisible();
  await customer.context().close();
});
