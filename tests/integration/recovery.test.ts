import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueOneTimeToken } from '../../server/trading/db/one-time-tokens.repo';
import { outbox } from '../../server/trading/db/schema';
import { createMailer } from '../../server/trading/mail/mailer';
import { makeUser } from '../support/factories';
import { silentLogger, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { csrfFrom, startWebStack, type WebStack } from '../support/web';

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading();
});
afterAll(() => stack.database.close());

const mailsTo = (to: string) => stack.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
/** The reset mail is written just after the answer: wait for it (a second at most). */
const mailTo = (to: string) => vi.waitUntil(async () => (await mailsTo(to))[0], { timeout: 1_000, interval: 10 });
const linkIn = (text: string) => /http:\/\/site\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('forgotten passwords', () => {
  it('answers the same whether or not the address is registered, and mails a link only to a registered one', async () => {
    const person = await makeUser(stack.database.db);
    const known = await request(stack.app).post('/api/v1/auth/forgot-password').send({ email: person.email });
    const unknown = await request(stack.app).post('/api/v1/auth/forgot-password').send({ email: 'nobody-here@example.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('If an account exists for that address, we have sent a link to reset its password.');
    const mail = await mailTo(person.email);
    expect(await mailsTo('nobody-here@example.test')).toEqual([]);
    expect(mail.subject).toMatch(/^Reset your .+ password$/);
    expect(linkIn(mail!.text)).toBeDefined();
  });

  it('resets the password once with the mailed link, ends every session, and refuses the link a second time', async () => {
    const person = await makeUser(stack.database.db);
    const session = await tokenFor(stack.app, person);
    await request(stack.app).post('/api/v1/auth/forgot-password').send({ email: person.email });
    const token = linkIn((await mailTo(person.email)).text)!;

    const mismatch = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: 'a-new-password', password_confirmation: 'another-one' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['Passwords do not match']);
    const short = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: 'short', password_confirmation: 'short' });
    expect(short.body.errors.password).toEqual(['Password must be at least 8 characters']);
    const long = 'x'.repeat(129);
    const tooLong = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: long, password_confirmation: long });
    expect(tooLong.body.errors.password).toEqual(['The password may not be greater than 128 characters.']);

    const reset = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: 'a-new-password', password_confirmation: 'a-new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been reset. You can sign in now.');
    expect((await request(stack.app).get('/api/v1/user').set('Authorization', `Bearer ${session}`)).status).toBe(401);
    const old = await request(stack.app).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
    expect(old.body.message).toBe('These credentials do not match our records.');
    expect((await request(stack.app).post('/api/v1/auth/login').send({ email: person.email, password: 'a-new-password' })).status).toBe(200);

    const again = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: 'third-password', password_confirmation: 'third-password' });
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual(['This password reset link is invalid or has expired.']);
  });

  it('lets staff, and only staff, read the outbox', async () => {
    const person = await makeUser(stack.database.db);
    await request(stack.app).post('/api/v1/auth/forgot-password').send({ email: person.email });
    await mailTo(person.email);
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const asStaff = await request(stack.app)
      .get(`/api/v1/admin/outbox?to=${encodeURIComponent(person.email)}`)
      .set('Authorization', `Bearer ${await tokenFor(stack.app, staff)}`);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.data).toHaveLength(1);
    expect(asStaff.body.data[0].text).toContain('/reset-password?token=');
    const asCustomer = await request(stack.app)
      .get('/api/v1/admin/outbox')
      .set('Authorization', `Bearer ${await tokenFor(stack.app, person)}`);
    expect(asCustomer.status).toBe(403);
    // A colleague's reset link is never shown to staff: it would hand them the colleague's account.
    const colleague = await makeUser(stack.database.db, { role: 'staff' });
    await request(stack.app).post('/api/v1/auth/forgot-password').send({ email: colleague.email });
    await mailTo(colleague.email);
    const hidden = await request(stack.app)
      .get(`/api/v1/admin/outbox?to=${encodeURIComponent(colleague.email)}`)
      .set('Authorization', `Bearer ${await tokenFor(stack.app, staff)}`);
    expect(hidden.body.data).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const person = await makeUser(stack.database.db);
    const { token } = await issueOneTimeToken(stack.database.db, { userId: person.user.id, purpose: 'password_reset', ttlMs: -1_000 });
    const res = await request(stack.app).post('/api/v1/auth/reset-password').send({ token, password: 'a-new-password', password_confirmation: 'a-new-password' });
    expect(res.status).toBe(422);
    expect(res.body.errors.token).toEqual(['This password reset link is invalid or has expired.']);
  });
});

describe('the mailer', () => {
  it('keeps every mail in the outbox, marks what its transport delivered, and keeps the error of what it could not', async () => {
    const sent: string[] = [];
    let failing = false;
    const mailer = createMailer({
      db: stack.database.db,
      from: 'desk@example.test',
      logger: silentLogger,
      transport: {
        async sendMail(mail) {
          if (failing) throw new Error('connection refused');
          sent.push(`${mail.from} → ${mail.to}: ${mail.subject}`);
        },
      },
    });
    await mailer.send({ to: 'one@example.test', subject: 'Hello', text: 'First' });
    failing = true;
    await mailer.send({ to: 'two@example.test', subject: 'Hello', text: 'Second' });
    expect(sent).toEqual(['desk@example.test → one@example.test: Hello']);
    const [delivered] = await mailsTo('one@example.test');
    const [failed] = await mailsTo('two@example.test');
    expect(delivered?.sentAt).toBeInstanceOf(Date);
    expect(failed).toMatchObject({ sentAt: null, error: 'connection refused' });
  });
});

describe('single-use sign-in links', () => {
  let web: WebStack;
  beforeAll(async () => {
    web = await startWebStack();
  });
  afterAll(() => web.close());

  const linkFor = async (staffToken: string, userId: number) => {
    const res = await request(web.apiUrl).post(`/api/v1/admin/users/${userId}/login-link`).set('Authorization', `Bearer ${staffToken}`);
    expect(res.status).toBe(201);
    return new URL(res.body.data.url as string);
  };

  it('staff make one for a customer; it signs the browser in once, to a path of this site only', async () => {
    const staff = await makeUser(web.database.db, { role: 'staff' });
    const customer = await makeUser(web.database.db);
    const staffToken = (await request(web.apiUrl).post('/api/v1/auth/login').send({ email: staff.email, password: staff.password })).body.data.token as string;

    const link = await linkFor(staffToken, customer.user.id);
    expect(link.pathname).toBe('/auto-login');
    const token = link.searchParams.get('token')!;
    const agent = request.agent(web.web);
    // Opening the link (as a mail scanner would) uses nothing up: it asks first.
    const asked = await agent.get(`/auto-login?token=${token}&path=${encodeURIComponent('/main/dashboard')}`);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('Continue to your account');
    await request(web.web).get(`/auto-login?token=${token}`);
    const withoutCsrf = await agent.post('/auto-login').type('form').send({ token, path: '/main/dashboard' });
    expect(withoutCsrf.status).toBe(403);
    const opened = await agent
      .post('/auto-login')
      .type('form')
      .send({ _csrf: csrfFrom(asked.text), token, path: '/main/dashboard' });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/main/dashboard');
    expect((await agent.get('/main/dashboard')).text).toContain(customer.user.firstName);

    const other = request.agent(web.web);
    const otherCsrf = csrfFrom((await other.get(`/auto-login?token=${token}`)).text);
    const again = await other.post('/auto-login').type('form').send({ _csrf: otherCsrf, token });
    expect(again.status).toBe(422);
    expect(again.text).toContain('This sign-in link is invalid or has expired.');

    const elsewhere = (await linkFor(staffToken, customer.user.id)).searchParams.get('token')!;
    const third = request.agent(web.web);
    const thirdCsrf = csrfFrom((await third.get('/auto-login')).text);
    const away = await third.post('/auto-login').type('form').send({ _csrf: thirdCsrf, token: elsewhere, path: '//evil.example/steal' });
    expect(away.status).toBe(303);
    expect(away.headers.location).toBe('/main');
  });

  it('only staff make them, only for customers, and the API never hands them out through the web proxy', async () => {
    const customer = await makeUser(web.database.db);
    const other = await makeUser(web.database.db, { role: 'staff' });
    const customerToken = (await request(web.apiUrl).post('/api/v1/auth/login').send({ email: customer.email, password: customer.password })).body.data.token as string;
    expect((await request(web.apiUrl).post(`/api/v1/admin/users/${customer.user.id}/login-link`).set('Authorization', `Bearer ${customerToken}`)).status).toBe(403);
    const staffToken = (await request(web.apiUrl).post('/api/v1/auth/login').send({ email: other.email, password: other.password })).body.data.token as string;
    expect((await request(web.apiUrl).post(`/api/v1/admin/users/${other.user.id}/login-link`).set('Authorization', `Bearer ${staffToken}`)).status).toBe(404);
    const agent = request.agent(web.web);
    const csrf = csrfFrom((await agent.get('/')).text);
    expect(
      (
        await agent
          .post('/api/v1/auth/auto-login')
          .set('X-CSRF-Token', csrf)
          .send({ token: 'x'.repeat(43) })
      ).status,
    ).toBe(404);
  });
});

describe('password recovery through the web tier (plain form posts)', () => {
  let web: WebStack;
  beforeAll(async () => {
    web = await startWebStack();
  });
  afterAll(() => web.close());

  it('when the forms are posted, then the page says the link was sent, a bad new password comes back with its message, and a good one leads to sign in saying so', async () => {
    const person = await makeUser(web.database.db);
    const agent = request.agent(web.web);
    const page = await agent.get('/forgot-password');
    const refused = await agent
      .post('/forgot-password')
      .type('form')
      .send({ _csrf: csrfFrom(page.text), email: 'not-an-address' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Please enter a valid email address');
    const sent = await agent
      .post('/forgot-password')
      .type('form')
      .send({ _csrf: csrfFrom(refused.text), email: person.email });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('<p class="notice notice-info">If an account exists for that address, we have sent a link to reset its password.</p>');

    const mail = await vi.waitUntil(async () => (await web.database.db.select().from(outbox).where(eq(outbox.to, person.email)))[0], { timeout: 1_000, interval: 10 });
    const token = linkIn(mail.text)!;
    const resetPage = await agent.get(`/reset-password?token=${token}`);
    const mismatch = await agent
      .post('/reset-password')
      .type('form')
      .send({ _csrf: csrfFrom(resetPage.text), token, password: 'a-new-password', password_confirmation: 'another-one' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.text).toContain('Passwords do not match');
    const reset = await agent
      .post('/reset-password')
      .type('form')
      .send({ _csrf: csrfFrom(mismatch.text), token, password: 'a-new-password', password_confirmation: 'a-new-password' });
    expect(reset.status).toBe(303);
    expect(reset.headers.location).toBe('/');
    const login = await agent.get('/');
    expect(login.text).toContain('Your password has been reset. You can sign in now.');
    expect((await agent.get('/')).text).not.toContain('Your password has been reset.');

    const spent = await agent
      .post('/reset-password')
      .type('form')
      .send({ _csrf: csrfFrom(login.text), token, password: 'third-password', password_confirmation: 'third-password' });
    expect(spent.status).toBe(422);
    expect(spent.text).toContain('This password reset link is invalid or has expired.');
  });
});
