import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { twoFactorTexts } from '../../shared/api/two-factor.schema';
import { auditLog, oneTimeTokens, recoveryCodes, users } from '../../server/trading/db/schema';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/** A code the authenticator app would show `stepsAhead` periods from now. */
const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading();
});
afterAll(() => stack.trading.close().then(() => stack.database.close()));
afterEach(() => {
  vi.useRealTimers();
});

/** A user with two-factor sign-in on: their secret and recovery codes; the clock moved a minute on so the enrolment's step is past. */
async function enrolled(options: Parameters<typeof makeUser>[1] = {}) {
  const person = await makeUser(stack.database.db, options);
  const token = await tokenFor(stack.app, person);
  const setup = await request(stack.app).post('/api/v1/two-factor/setup').set(bearer(token));
  expect(setup.status).toBe(200);
  const secret = setup.body.data.secret as string;
  const confirmed = await request(stack.app)
    .post('/api/v1/two-factor/confirm')
    .set(bearer(token))
    .send({ code: await codeFor(secret) });
  expect(confirmed.status).toBe(200);
  return { ...person, token, secret, codes: confirmed.body.data.recovery_codes as string[] };
}

/** Moves Date (only) on by `seconds`, so the next TOTP step is current: a code is never accepted twice. */
function later(seconds: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + seconds * 1000);
}

async function step1(person: Pick<TestPerson, 'email' | 'password'>) {
  return request(stack.app).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
}

describe('enrolling', () => {
  it('when a customer starts, then a secret, its otpauth URI and an SVG QR come back, and nothing is on until a code confirms', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const setup = await request(stack.app).post('/api/v1/two-factor/setup').set(bearer(token));
    expect(setup.status).toBe(200);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(setup.body.data.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.data.qr_svg.split(',')[1], 'base64').toString()).toContain('<svg');

    // Stored sealed: the secret is nowhere in the row.
    const [row] = await stack.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row!.totpSecret).toMatch(/^v1\./);
    expect(row!.totpSecret).not.toContain(setup.body.data.secret);
    expect(row!.totpEnabledAt).toBeNull();
    expect((await step1(person)).body.data.token).toBeTruthy();

    const status = await request(stack.app).get('/api/v1/two-factor').set(bearer(token));
    expect(status.body.data).toMatchObject({ enabled: false, required: false, setup: { secret: setup.body.data.secret } });

    const wrong = await request(stack.app)
      .post('/api/v1/two-factor/confirm')
      .set(bearer(token))
      .send({ code: '000000' === (await codeFor(setup.body.data.secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([twoFactorTexts.invalidCode]);
    const letters = await request(stack.app).post('/api/v1/two-factor/confirm').set(bearer(token)).send({ code: '12a456' });
    expect(letters.body.errors.code).toEqual([twoFactorTexts.codeDigits]);

    const confirmed = await request(stack.app)
      .post('/api/v1/two-factor/confirm')
      .set(bearer(token))
      .send({ code: await codeFor(setup.body.data.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.body.data.recovery_codes).size).toBe(10);
    for (const code of confirmed.body.data.recovery_codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Only hashes are kept.
    const kept = await stack.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.user.id));
    expect(kept).toHaveLength(10);
    expect(kept.map((k) => k.codeHash)).not.toContain(confirmed.body.data.recovery_codes[0]);

    const after = await request(stack.app).get('/api/v1/two-factor').set(bearer(token));
    expect(after.body.data).toMatchObject({ enabled: true, recovery_codes_left: 10, setup: null });
    const user = await request(stack.app).get('/api/v1/user').set(bearer(token));
    expect(user.body.data.two_factor_enabled).toBe(true);
    const again = await request(stack.app).post('/api/v1/two-factor/setup').set(bearer(token));
    expect(again.status).toBe(409);
    const audit = await stack.database.db.select().from(auditLog).where(eq(auditLog.actorId, person.user.id));
    expect(audit.map((a) => a.action)).toContain('user.two_factor_enabled');
  });
});

describe('signing in once two-factor sign-in is on', () => {
  it('when the password is right, then there is no token but a challenge, and a code from the app answers it once', async () => {
    const person = await enrolled();
    later(30);
    const first = await step1(person);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ require_otp: true });
    expect(first.body.data.token).toBeUndefined();
    const challenge = first.body.data.challenge as string;
    const [stored] = await stack.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, person.user.id));
    expect(stored!.tokenHash).not.toBe(challenge);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const code = await codeFor(person.secret);
    const second = await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge, code });
    expect(second.status).toBe(200);
    expect(second.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.body.data.user.two_factor_enabled).toBe(true);

    // The challenge is used up, and the same code does not open another.
    const reused = await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge, code });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.challenge).toEqual([twoFactorTexts.challengeExpired]);
    const replay = await request(stack.app)
      .post('/api/v1/auth/login/verify')
      .send({ challenge: (await step1(person)).body.data.challenge, code });
    expect(replay.status).toBe(422);
    expect(replay.body.errors.code[0]).toMatch(/^Invalid security code/);
  });

  it("when the original client sends the code with the password (otp), then it signs in, and a wrong otp reads the original's message", async () => {
    const person = await enrolled();
    later(30);
    const wrong = await request(stack.app)
      .post('/api/v1/auth/login')
      .send({ email: person.email, password: person.password, otp: '000000' === (await codeFor(person.secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.otp).toEqual([twoFactorTexts.invalidCode]);
    const right = await request(stack.app)
      .post('/api/v1/auth/login')
      .send({ email: person.email, password: person.password, otp: await codeFor(person.secret) });
    expect(right.status).toBe(200);
    expect(right.body.data.token).toBeTruthy();
    // A wrong password with a code is still a wrong password.
    const badPassword = await request(stack.app)
      .post('/api/v1/auth/login')
      .send({ email: person.email, password: 'nope-nope-1', otp: await codeFor(person.secret) });
    expect(badPassword.status).toBe(422);
    expect(badPassword.body.errors.email).toBeTruthy();
  });

  it('when wrong codes are sent, then each is counted, and the fifth uses the challenge up', async () => {
    const person = await enrolled();
    later(30);
    const { challenge } = (await step1(person)).body.data as { challenge: string };
    const right = await codeFor(person.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let left = 4; left >= 1; left -= 1) {
      const res = await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge, code: wrong });
      expect(res.status).toBe(422);
      expect(res.body.errors.code).toEqual([twoFactorTexts.invalidCodeLeft(left)]);
    }
    const fifth = await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge, code: wrong });
    expect(fifth.body.errors.challenge).toEqual([twoFactorTexts.challengeLocked]);
    const tooLate = await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge, code: right });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.errors.challenge).toEqual([twoFactorTexts.challengeLocked]);
    const audit = await stack.database.db.select().from(auditLog).where(eq(auditLog.actorId, person.user.id));
    expect(audit.filter((a) => a.action === 'user.login_code_failed')).toHaveLength(5);

    // Five more wrong codes on a new challenge reach the account's cooldown: even the right code waits.
    const next = (await step1(person)).body.data.challenge as string;
    for (let i = 0; i < 5; i += 1) await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge: next, code: wrong });
    const cooled = await step1(person);
    expect(cooled.status).toBe(422);
    expect(cooled.body.message).toBe(twoFactorTexts.cooldown);
  });

  it('when a challenge is older than five minutes, then it is refused and the code is not spent', async () => {
    const person = await enrolled();
    later(30);
    const { challenge } = (await step1(person)).body.data as { challenge: string };
    await stack.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.userId, person.user.id));
    const code = await codeFor(person.secret);
    const expired = await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge, code });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.challenge).toEqual([twoFactorTexts.challengeExpired]);
    const fresh = (await step1(person)).body.data.challenge as string;
    expect((await request(stack.app).post('/api/v1/auth/login/verify').send({ challenge: fresh, code })).status).toBe(200);
  });

  it('when a recovery code answers the challenge, then it works once (any case, with or without the hyphen)', async () => {
    const person = await enrolled();
    const [first, second] = person.codes as [string, string];
    const one = await request(stack.app)
      .post('/api/v1/auth/login/verify')
      .send({ challenge: (await step1(person)).body.data.challenge, code: first.toUpperCase() });
    expect(one.status).toBe(200);
    const twice = await request(stack.app)
      .post('/api/v1/auth/login/verify')
      .send({ challenge: (await step1(person)).body.data.challenge, code: first.replace('-', '') });
    expect(twice.status).toBe(422);
    const other = await request(stack.app)
      .post('/api/v1/auth/login/verify')
      .send({ challenge: (await step1(person)).body.data.challenge, code: second });
    expect(other.status).toBe(200);
    const status = await request(stack.app).get('/api/v1/two-factor').set(bearer(other.body.data.token));
    expect(status.body.data.recovery_codes_left).toBe(8);
    const audit = await stack.database.db.select().from(auditLog).where(eq(auditLog.actorId, person.user.id));
    expect(audit.filter((a) => a.action === 'user.recovery_code_used')).toHaveLength(2);
  });
});

describe('managing two-factor sign-in', () => {
  it('when new recovery codes are made, then the old ones stop working; it needs a current code', async () => {
    const person = await enrolled();
    later(30);
    const refused = await request(stack.app).post('/api/v1/two-factor/recovery-codes').set(bearer(person.token)).send({ code: person.codes[0] });
    expect(refused.status).toBe(422);
    const made = await request(stack.app)
      .post('/api/v1/two-factor/recovery-codes')
      .set(bearer(person.token))
      .send({ code: await codeFor(person.secret) });
    expect(made.status).toBe(200);
    expect(made.body.data.recovery_codes).toHaveLength(10);
    const old = await request(stack.app)
      .post('/api/v1/auth/login/verify')
      .send({ challenge: (await step1(person)).body.data.challenge, code: person.codes[0] });
    expect(old.status).toBe(422);
    const fresh = await request(stack.app)
      .post('/api/v1/auth/login/verify')
      .send({ challenge: (await step1(person)).body.data.challenge, code: made.body.data.recovery_codes[0] });
    expect(fresh.status).toBe(200);
  });

  it('when a customer turns it off, then the password and a code are needed, and the next login needs no code', async () => {
    const person = await enrolled();
    later(30);
    const code = await codeFor(person.secret);
    const badPassword = await request(stack.app).post('/api/v1/two-factor/disable').set(bearer(person.token)).send({ password: 'wrong-one-1', code });
    expect(badPassword.status).toBe(422);
    expect(badPassword.body.errors.password).toEqual([twoFactorTexts.passwordWrong]);
    const noCode = await request(stack.app).post('/api/v1/two-factor/disable').set(bearer(person.token)).send({ password: person.password, code: '' });
    expect(noCode.body.errors.code).toEqual([twoFactorTexts.codeRequired]);
    const off = await request(stack.app).post('/api/v1/two-factor/disable').set(bearer(person.token)).send({ password: person.password, code });
    expect(off.status).toBe(200);
    expect((await step1(person)).body.data.token).toBeTruthy();
    expect(await stack.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.user.id))).toHaveLength(0);
  });
});

describe('staff must enrol (STAFF_TWO_FACTOR=required)', () => {
  let strict: TradingStack;
  beforeAll(async () => {
    strict = await startTrading({ staffTwoFactor: 'required' });
  });
  afterAll(() => strict.trading.close().then(() => strict.database.close()));

  it('when staff have not enrolled, then the back office API refuses them with the reason, and once enrolled it answers', async () => {
    const staff = await makeUser(strict.database.db, { role: 'staff' });
    const token = await tokenFor(strict.app, staff);
    const refused = await request(strict.app).get('/api/v1/admin/users').set(bearer(token));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(twoFactorTexts.staffMustEnrolAt('http://site.test/main/security'));
    // Customers' conversations are back-office data too, though their calls are shared with customers.
    const customer = await makeUser(strict.database.db);
    const chat = await request(strict.app).get(`/api/v1/chat/messages?customer_id=${customer.user.id}`).set(bearer(token));
    expect([chat.status, chat.body.message]).toEqual([403, twoFactorTexts.staffMustEnrolAt('http://site.test/main/security')]);
    const status = await request(strict.app).get('/api/v1/two-factor').set(bearer(token));
    expect(status.body.data).toMatchObject({ enabled: false, required: true });

    const setup = await request(strict.app).post('/api/v1/two-factor/setup').set(bearer(token));
    const secret = setup.body.data.secret as string;
    expect(
      (
        await request(strict.app)
          .post('/api/v1/two-factor/confirm')
          .set(bearer(token))
          .send({ code: await codeFor(secret) })
      ).status,
    ).toBe(200);
    // The sign-in cached a moment ago still says "not enrolled": the guard reads the user afresh.
    expect((await request(strict.app).get('/api/v1/admin/users').set(bearer(token))).status).toBe(200);

    later(30);
    const off = await request(strict.app)
      .post('/api/v1/two-factor/disable')
      .set(bearer(token))
      .send({ password: staff.password, code: await codeFor(secret) });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(twoFactorTexts.staffCannotDisable);
  });

  it('when the duty is on, then customers are not asked to enrol and admins are', async () => {
    const customer = await makeUser(strict.database.db);
    const admin = await makeUser(strict.database.db, { role: 'admin' });
    const customerStatus = await request(strict.app)
      .get('/api/v1/two-factor')
      .set(bearer(await tokenFor(strict.app, customer)));
    expect(customerStatus.body.data.required).toBe(false);
    const adminToken = await tokenFor(strict.app, admin);
    expect((await request(strict.app).get('/api/v1/admin/settings').set(bearer(adminToken))).status).toBe(403);
  });
});
