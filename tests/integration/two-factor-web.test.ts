import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Lifecycle } from '../../server/compose/lifecycle';
import type { Database } from '../../server/trading/db/database';
import { twoFactorTexts } from '../../shared/api/two-factor.schema';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading } from '../support/trading';
import { csrfFrom, webAppFor } from '../support/web';
import type { WebApp } from '../../server/web/app';

/** The web tier in front of an API that requires staff to enrol (STAFF_TWO_FACTOR=required). */
let web: WebApp;
let database: Database;
const lifecycle = new Lifecycle();

beforeAll(async () => {
  const stack = await startTrading({ lifecycle, staffTwoFactor: 'required' });
  database = stack.database;
  const { port } = await stack.trading.listen(0, '127.0.0.1');
  web = webAppFor(`http://127.0.0.1:${port}`);
});
afterAll(async () => {
  await lifecycle.stop({ graceMs: 100 });
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** Moves Date (only) on by `seconds`, so a new TOTP step is current. */
function later(seconds: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + seconds * 1000);
}

/** A browser that posts the login form (no JavaScript): the answer to step 1, and its CSRF token. */
async function postLogin(person: Pick<TestPerson, 'email' | 'password'>) {
  const agent = request.agent(web);
  const csrf = csrfFrom((await agent.get('/').expect(200)).text);
  const res = await agent.post('/session').type('form').send({ _csrf: csrf, email: person.email, password: person.password });
  return { agent, csrf, res };
}

/** Turns two-factor sign-in on through the Security page's forms; the secret read from the page and the codes it showed. */
async function enrolThroughPages(person: TestPerson) {
  const { agent, res } = await postLogin(person);
  expect(res.status).toBe(303);
  const page = await agent.get('/main/security');
  // Signing in made a new CSRF token.
  const csrf = csrfFrom(page.text);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Security Settings');
  expect(page.text).toContain('Set up two-factor sign-in');
  // Customers get links to their sessions and password; staff, whose customer pages send them away, do not.
  if (person.user.role === 'customer') expect(page.text).toContain('href="/main/settings"');
  else expect(page.text).not.toContain('href="/main/settings"');
  const started = await agent.post('/main/security/setup').type('form').send({ _csrf: csrf });
  expect(started.status).toBe(303);
  const setup = await agent.get('/main/security');
  expect(setup.text).toMatch(/<img class="security-qr" src="data:image\/svg\+xml;base64,/);
  const secret = /data-secret="([A-Z2-7]+)"/.exec(setup.text)![1]!;

  const letters = await agent.post('/main/security/confirm').type('form').send({ _csrf: csrf, code: '12ab56' });
  expect(letters.status).toBe(422);
  expect(letters.text).toContain(twoFactorTexts.codeDigits);

  const confirmed = await agent
    .post('/main/security/confirm')
    .type('form')
    .send({ _csrf: csrf, code: await codeFor(secret) });
  expect(confirmed.status).toBe(200);
  const codes = [...confirmed.text.matchAll(/<code>([a-z0-9]{5}-[a-z0-9]{5})<\/code>/g)].map((m) => m[1]!);
  expect(codes).toHaveLength(10);
  expect(confirmed.text).toContain('download="recovery-codes.txt"');
  // Shown once: the page opened again has them no more.
  const again = await agent.get('/main/security');
  expect(again.text).not.toContain(codes[0]);
  expect(again.text).toContain('10 recovery codes left.');
  await agent.post('/session/logout').type('form').send({ _csrf: csrf });
  return { secret, codes };
}

describe('signing in through the web tier with two-factor sign-in', () => {
  it('when the password is right, then the Verify Login step asks for the code, and the right code signs in', async () => {
    const person = await makeUser(database.db);
    const { secret } = await enrolThroughPages(person);
    later(30);

    const { agent, res } = await postLogin(person);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login/verify');
    // Nothing but the sealed challenge waits in the cookie: not the password, not the challenge readable.
    const cookie = String(res.headers['set-cookie']);
    const session = Buffer.from(/session=([^;]+)/.exec(cookie)![1]!, 'base64').toString('utf8');
    expect(session).not.toContain(person.password);
    expect((await agent.get('/main/dashboard')).status).toBe(302);

    const verify = await agent.get('/login/verify');
    expect(verify.status).toBe(200);
    expect(verify.text).toContain(twoFactorTexts.verifyTitle);
    expect(verify.text).toContain('Verify &amp; Login');
    expect(verify.text).toContain('data-busy-label="Verifying..."');
    expect(verify.text).toContain('Exit');
    expect(verify.text).toContain('href="/login/verify?method=recovery"');
    const csrf = csrfFrom(verify.text);

    const empty = await agent.post('/session/verify').type('form').send({ _csrf: csrf, code: '' });
    expect(empty.status).toBe(422);
    expect(empty.text).toContain(twoFactorTexts.codeRequired);
    const right = await codeFor(secret);
    const wrong = await agent
      .post('/session/verify')
      .type('form')
      .send({ _csrf: csrf, code: right === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain(twoFactorTexts.invalidCodeLeft(4));

    const ok = await agent.post('/session/verify').type('form').send({ _csrf: csrf, code: right });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/main');
    expect((await agent.get('/main/dashboard')).status).toBe(200);
    // The challenge is gone from the session once used.
    expect((await agent.get('/login/verify')).status).toBe(302);
  });

  it('when a recovery code is used instead, then it signs in once; Exit ends the half-done sign-in', async () => {
    const person = await makeUser(database.db);
    const { codes } = await enrolThroughPages(person);
    const first = await postLogin(person);
    const page = await first.agent.get('/login/verify?method=recovery');
    expect(page.text).toContain('Recovery code');
    const used = await first.agent.post('/session/verify?method=recovery').type('form').send({ _csrf: first.csrf, method: 'recovery', code: codes[0]!.toUpperCase() });
    expect(used.status).toBe(303);

    const second = await postLogin(person);
    const reused = await second.agent.post('/session/verify').type('form').send({ _csrf: second.csrf, method: 'recovery', code: codes[0] });
    expect(reused.status).toBe(422);
    expect(reused.text).toContain(twoFactorTexts.invalidCodeLeft(4));
    const exit = await second.agent.post('/session/logout').type('form').send({ _csrf: second.csrf });
    expect(exit.status).toBe(303);
    expect((await second.agent.get('/login/verify')).status).toBe(302);
  });

  it('when a script signs in (JSON), then step 1 says a code is needed and step 2 takes it', async () => {
    const person = await makeUser(database.db);
    const { secret } = await enrolThroughPages(person);
    later(30);
    const agent = request.agent(web);
    const csrf = csrfFrom((await agent.get('/')).text);
    const step1 = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send({ email: person.email, password: person.password });
    expect(step1.status).toBe(200);
    expect(step1.body.data).toEqual({ require_otp: true, redirect: '/login/verify' });
    const step2 = await agent
      .post('/session/verify')
      .set('X-CSRF-Token', csrf)
      .set('Accept', 'application/json')
      .send({ code: await codeFor(secret) });
    expect(step2.status).toBe(200);
    expect(step2.body.data.redirect).toBe('/main');
  });

  it('when staff have not enrolled, then every back-office page sends them to the Security page, which they can use', async () => {
    const staff = await makeUser(database.db, { role: 'staff' });
    const { agent, res } = await postLogin(staff);
    expect(res.status).toBe(303);
    const office = await agent.get('/admin');
    expect(office.status).toBe(302);
    expect(office.headers.location).toBe('/main/security');
    const security = await agent.get('/main/security');
    expect(security.status).toBe(200);
    expect(security.text).toContain('Staff must turn on two-factor sign-in before using the back office.');
    expect(security.text).toContain(twoFactorTexts.staffMustEnrol);

    const { secret } = await enrolThroughPages(staff);
    later(30);
    const signed = await postLogin(staff);
    const verified = await signed.agent
      .post('/session/verify')
      .type('form')
      .send({ _csrf: signed.csrf, code: await codeFor(secret) });
    expect(verified.status).toBe(303);
    expect((await signed.agent.get('/admin')).status).toBe(200);
    // While it is required, staff have no "Turn off".
    expect((await signed.agent.get('/main/security')).text).not.toContain('Turn off two-factor sign-in');
  });
});
