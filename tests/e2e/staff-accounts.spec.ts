import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { demo, openSignedIn, startServer, test, type StartedServer } from './support';

/**
 * The smallest SMTP server nodemailer will talk to: it takes every mail and keeps its text. The invite goes
 * to a staff member, and the API's outbox never shows staff mail (it may hold their links), so this test
 * runs a server of its own with `SMTP_URL` pointing here and reads the mail as it is delivered.
 */
function mailCatcher(): Promise<{ port: number; mails: string[]; server: Server }> {
  const mails: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let message: string[] | null = null;
    socket.write('220 catcher\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message) {
          if (line === '.') {
            mails.push(message.join('\n'));
            message = null;
            socket.write('250 queued\r\n');
          } else message.push(line.startsWith('..') ? line.slice(1) : line);
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 catcher\r\n');
        else if (/^DATA/i.test(line)) {
          message = [];
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, mails, server })));
}

/** A mail's text as written (undoing quoted-printable's soft breaks and escapes). */
const decoded = (raw: string) => (/quoted-printable/i.test(raw) ? raw.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw);

test('an admin invites a staff member by e-mail; the mailed link sets their password and they sign in to the back office', async ({ browser }) => {
  test.setTimeout(120_000);
  const catcher = await mailCatcher();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-staff-accounts-'));
  let server: StartedServer | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, LOGIN_RATE_LIMIT: '1000', SETTINGS_CACHE_MS: '0' });
    const admin = await (await browser.newContext({ baseURL: server.web })).newPage();
    await openSignedIn(admin, demo.admin);
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(admin.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeVisible();
    await expect(admin.locator('app-island[name="staff-accounts"][hydrated]').first()).toBeAttached();

    const email = `nia-${Date.now().toString(36)}@example.test`;
    await admin.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite staff member' });
    // An address already registered is refused at its field.
    await dialog.getByLabel('E-mail').fill(demo.trader.email);
    await dialog.getByLabel('First name').fill('Nia');
    await dialog.getByLabel('Last name').fill('Newcomer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('A user with this e-mail address exists already')).toBeVisible();
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const row = admin.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Nia Newcomer');
    await expect(row).toContainText('Never');

    await expect.poll(() => catcher.mails.find((mail) => mail.includes(`To: ${email}`)), { timeout: 10_000 }).toBeTruthy();
    const mail = decoded(catcher.mails.find((m) => m.includes(`To: ${email}`))!);
    expect(mail).toMatch(/You have been invited to the .+ back office/);
    const { pathname, search } = new URL(/(http\S+\/reset-password\?token=[\w-]+)/.exec(mail)![1]!);

    const newcomer = await (await browser.newContext({ baseURL: server.web })).newPage();
    await newcomer.goto(`${pathname}${search}`);
    await newcomer.getByLabel('New password', { exact: true }).fill('nia-own-password');
    await newcomer.getByLabel('Confirm new password').fill('nia-own-password');
    await newcomer.getByRole('button', { name: 'Set new password' }).click();
    await expect(newcomer).toHaveURL(/\/$/);
    await openSignedIn(newcomer, { email, password: 'nia-own-password' });
    await expect(newcomer).toHaveURL(/\/admin$/);
    // Staff, not an admin: the staff accounts page is not theirs.
    expect((await newcomer.goto('/admin/staff'))?.status()).toBe(404);
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server!.process.once('exit', resolve));
      server.process.kill('SIGTERM');
      await exited;
    }
    catcher.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('staff get the not-found page at /admin/staff', async ({ page }) => {
  await openSignedIn(page, demo.staff);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  expect((await page.goto('/admin/staff'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
