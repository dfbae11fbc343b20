import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../server/trading/auth/login';
import { auditLog, outbox, users, verificationDocuments } from '../../server/trading/db/schema';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/** Personal information over the API (docs/customer-area.md#personal-information). */

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading({ uploadMaxBytes: 6 * 1024 * 1024 });
});
afterAll(() => stack.database.close());

const sessionOf = async (person: TestPerson) => (await startSession({ database: stack.database, tokenTtlHours: 1 }, person.user, { ip: null, userAgent: null })).token;
const userRow = async (id: number) => (await stack.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = (to: string) => stack.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
const linkIn = (text: string) => /http:\/\/site\.test\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const fullForm = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '12 St James Square, London',
  country: 'united-kingdom',
  birth_date: '1990-12-10',
  email: '',
  phone: '+44 20 7946 0958',
};

async function customer() {
  const person = await makeUser(stack.database.db);
  return { person, token: await sessionOf(person) };
}

async function approveIdentity(userId: number) {
  for (const kind of ['identity', 'proof_of_address'] as const) {
    await stack.database.db.insert(verificationDocuments).values({ userId, kind, fileId: randomUUID(), fileName: `${kind}.png`, mime: 'image/png', size: 10, status: 'approved' });
  }
}

const image = (format: 'png' | 'jpeg' | 'gif', width = 600, height = 400) => {
  const picture = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).withMetadata({ exif: { IFD0: { Artist: 'Someone', Copyright: 'secret-location' } } });
  return (format === 'png' ? picture.png() : format === 'jpeg' ? picture.jpeg() : picture.gif()).toBuffer();
};

describe('the account details', () => {
  it('saves the fields with the original message and answers the profile; refuses each field with the spec’s text', async () => {
    const { person, token } = await customer();
    const saved = await request(stack.app)
      .post('/api/v1/update')
      .set(bearer(token))
      .send({ ...fullForm, email: person.email });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Profile updated successfully');
    expect(saved.body.data).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'united-kingdom',
      birth_date: '1990-12-10',
      phone: '+44 20 7946 0958',
      identity_locked: false,
      pending_email: null,
    });
    const user = await request(stack.app).get('/api/v1/user').set(bearer(token));
    expect(user.body.data).toMatchObject({ first_name: 'Ada', address: '12 St James Square, London', birth_date: '1990-12-10' });

    const bad = await request(stack.app)
      .post('/api/v1/update')
      .set(bearer(token))
      .send({ first_name: 'A', last_name: ' ', address: 'abc', country: 'maldives', birth_date: '', email: 'nope', phone: '123' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      first_name: ['First name must be at least 2 characters'],
      last_name: ['Last name must be at least 2 characters'],
      address: ['Address must be at least 5 characters'],
      country: ['Please select a country'],
      birth_date: ['Date of birth is required'],
      email: ['Please enter a valid email address'],
      phone: ['Phone number must be at least 5 characters'],
    });
    const minor = await request(stack.app)
      .post('/api/v1/update')
      .set(bearer(token))
      .send({ birth_date: `${new Date().getUTCFullYear() - 10}-01-01` });
    expect(minor.body.errors.birth_date).toEqual(['You must be at least 18 years old']);
    expect((await userRow(person.user.id)).firstName).toBe('Ada');
  });

  it('locks names, date of birth and country once the identity is approved, but lets the rest change', async () => {
    const { person, token } = await customer();
    await request(stack.app)
      .post('/api/v1/update')
      .set(bearer(token))
      .send({ ...fullForm, email: person.email })
      .expect(200);
    await approveIdentity(person.user.id);
    expect((await request(stack.app).get('/api/v1/profile').set(bearer(token))).body.data.identity_locked).toBe(true);

    const changed = await request(stack.app)
      .post('/api/v1/update')
      .set(bearer(token))
      .send({ ...fullForm, email: person.email, last_name: 'Byron', country: 'france' });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toEqual({
      last_name: ['Your last name is verified and cannot be changed here. Contact support with a new identity document.'],
      country: ['Your country is verified and cannot be changed here. Contact support with a new identity document.'],
    });
    expect((await userRow(person.user.id)).lastName).toBe('Lovelace');

    // The original sends every field back unchanged with the ones it changed.
    const same = await request(stack.app)
      .post('/api/v1/update')
      .set(bearer(token))
      .send({ ...fullForm, email: person.email, phone: '+44 20 0000 0000', address: '1 New Street, London' });
    expect(same.status).toBe(200);
    expect(await userRow(person.user.id)).toMatchObject({ phone: '+44 20 0000 0000', address: '1 New Street, London', lastName: 'Lovelace' });
  });
});

describe('changing the e-mail address', () => {
  it('changes it only when the link mailed to the new address is followed, tells the old address, once', async () => {
    const { person, token } = await customer();
    const newEmail = `moved-${randomUUID().slice(0, 8)}@example.test`;
    // A session alone cannot move the account to another address: the password is asked for.
    const without = await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ email: newEmail });
    expect([without.status, without.body.errors.current_password]).toEqual([422, ['Enter your current password to change your e-mail address.']]);
    const wrongPassword = await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ email: newEmail, current_password: 'not-the-password' });
    expect([wrongPassword.status, wrongPassword.body.errors.current_password]).toEqual([422, ['The current password is incorrect.']]);
    expect(await mailsTo(newEmail)).toEqual([]);
    const asked = await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ email: newEmail.toUpperCase(), current_password: person.password });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(`Profile updated successfully. We sent a confirmation link to ${newEmail}. Your e-mail address changes once you follow it.`);
    expect(asked.body.data).toMatchObject({ email: person.email, pending_email: newEmail });
    expect((await userRow(person.user.id)).email).toBe(person.email);

    const [link] = await mailsTo(newEmail);
    const [notice] = await mailsTo(person.email);
    expect(notice!.text).toContain(newEmail);
    expect(linkIn(notice!.text)).toBeUndefined();
    const token2 = linkIn(link!.text)!;
    expect(token2).toBeDefined();

    const wrong = await request(stack.app)
      .post('/api/v1/profile/email/confirm')
      .send({ token: 'x'.repeat(43) });
    expect([wrong.status, wrong.body.errors.token]).toEqual([422, ['This confirmation link is invalid or has expired.']]);
    const confirmed = await request(stack.app).post('/api/v1/profile/email/confirm').send({ token: token2 });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(`Your e-mail address is now ${newEmail}. Use it to sign in from now on.`);
    expect((await userRow(person.user.id)).email).toBe(newEmail);
    expect((await mailsTo(person.email))[0]!.subject).toMatch(/was changed$/);
    expect((await request(stack.app).post('/api/v1/profile/email/confirm').send({ token: token2 })).status).toBe(422);
    expect((await request(stack.app).get('/api/v1/profile').set(bearer(token))).body.data).toMatchObject({ email: newEmail, pending_email: null });
  });

  it('refuses an address someone else has, and a cancelled change’s link', async () => {
    const { person, token } = await customer();
    const other = await makeUser(stack.database.db);
    const taken = await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ email: other.email, current_password: person.password });
    expect([taken.status, taken.body.errors.email]).toEqual([422, ['Email is already registered']]);

    const newEmail = `cancel-${randomUUID().slice(0, 8)}@example.test`;
    await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ email: newEmail, current_password: person.password }).expect(200);
    const link = linkIn((await mailsTo(newEmail))[0]!.text)!;
    const cancelled = await request(stack.app).delete('/api/v1/profile/email').set(bearer(token));
    expect(cancelled.body.data.pending_email).toBeNull();
    expect((await request(stack.app).post('/api/v1/profile/email/confirm').send({ token: link })).status).toBe(422);
  });
});

describe('the profile photo', () => {
  it('takes a JPG, GIF or PNG by its bytes, stores a 256 px WebP without metadata, shows it to its owner and staff only, and removes the old one', async () => {
    const { person, token } = await customer();
    const first = await request(stack.app)
      .post('/api/v1/profile/photo')
      .set(bearer(token))
      .attach('file', await image('jpeg'), 'me.jpg');
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Profile photo updated');
    const url = first.body.data.avatar as string;
    expect(url).toMatch(/^\/api\/v1\/profile\/photos\/[0-9a-f-]{36}\.webp$/);

    const mine = await request(stack.app).get(url).set(bearer(token)).buffer(true);
    expect([mine.status, mine.headers['content-type']]).toEqual([200, 'image/webp']);
    const meta = await sharp(mine.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);

    const staff = await makeUser(stack.database.db, { role: 'staff' });
    expect(
      (
        await request(stack.app)
          .get(url)
          .set(bearer(await sessionOf(staff)))
      ).status,
    ).toBe(200);
    const stranger = await customer();
    expect((await request(stack.app).get(url).set(bearer(stranger.token))).status).toBe(404);
    expect((await request(stack.app).get(url)).status).toBe(401);

    const second = await request(stack.app)
      .post('/api/v1/profile/photo')
      .set(bearer(token))
      .attach('file', await image('gif', 50, 50), 'me.gif');
    expect(second.status).toBe(201);
    expect((await request(stack.app).get(url).set(bearer(token))).status).toBe(404);
    expect(await stack.files.open(url.slice(-41, -5))).toBeNull();
    expect((await userRow(person.user.id)).avatar).toBe(second.body.data.avatar);

    const removed = await request(stack.app).delete('/api/v1/profile/photo').set(bearer(token));
    expect([removed.body.message, removed.body.data.avatar]).toEqual(['Profile photo removed', null]);
  });

  it('refuses what is not a JPG, GIF or PNG whatever its name, and more than 5 MB', async () => {
    const { token } = await customer();
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'me.png'],
      [
        await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
        'me.jpg',
      ],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'me.gif'],
    ] as const) {
      const res = await request(stack.app).post('/api/v1/profile/photo').set(bearer(token)).attach('file', bytes, name);
      expect([res.status, res.body.errors?.file], name).toEqual([422, ['The photo must be a JPG, GIF or PNG image.']]);
    }
    const big = Buffer.concat([await image('png', 10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await request(stack.app).post('/api/v1/profile/photo').set(bearer(token)).attach('file', big, 'big.png');
    expect([tooBig.status, tooBig.body.message]).toEqual([413, 'The photo must not be larger than 5 MB.']);
  });

  it('takes the original’s avatar data URL through the same checks, and leaves the photo it sends back alone', async () => {
    const { person, token } = await customer();
    const dataUrl = `data:image/png;base64,${(await image('png', 40, 40)).toString('base64')}`;
    const saved = await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ avatar: dataUrl });
    expect(saved.status).toBe(200);
    const avatar = saved.body.data.avatar as string;
    expect(avatar).toMatch(/\.webp$/);
    expect((await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ avatar, phone: '+1 555 0100' })).status).toBe(200);
    expect((await userRow(person.user.id)).avatar).toBe(avatar);
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    for (const bad of [svg, 'https://elsewhere.example/me.png']) {
      const res = await request(stack.app).post('/api/v1/update').set(bearer(token)).send({ avatar: bad });
      expect([res.status, res.body.errors?.avatar]).toEqual([422, ['The photo must be a JPG, GIF or PNG image.']]);
    }
  });
});

describe('changing the password', () => {
  it('needs the current password, signs every other session out, keeps this one, mails a notice, and logs no password', async () => {
    const { person, token } = await customer();
    const other = await sessionOf(person);
    const body = { current_password: person.password, new_password: 'A-much-better-pass-1', confirm_new_password: 'A-much-better-pass-1' };

    const missing = await request(stack.app).post('/api/v1/change/password').set(bearer(token)).send({ current_password: '', new_password: 'short', confirm_new_password: '' });
    expect(missing.body.errors).toEqual({
      current_password: ['Current password is required'],
      new_password: ['Password must be at least 8 characters'],
      confirm_new_password: ['Please confirm your password'],
    });
    const differ = await request(stack.app)
      .post('/api/v1/change/password')
      .set(bearer(token))
      .send({ ...body, confirm_new_password: 'something-else' });
    expect(differ.body.errors).toEqual({ confirm_new_password: ['Passwords do not match'] });
    const wrong = await request(stack.app)
      .post('/api/v1/change/password')
      .set(bearer(token))
      .send({ ...body, current_password: 'not-my-password' });
    expect([wrong.status, wrong.body.errors]).toEqual([422, { current_password: ['The current password is incorrect.'] }]);

    const changed = await request(stack.app).post('/api/v1/change/password').set(bearer(token)).send(body);
    expect([changed.status, changed.body]).toEqual([200, { message: 'Password changed successfully' }]);
    expect((await request(stack.app).get('/api/v1/user').set(bearer(token))).status).toBe(200);
    expect((await request(stack.app).get('/api/v1/user').set(bearer(other))).status).toBe(401);
    expect((await request(stack.app).post('/api/v1/auth/login').send({ email: person.email, password: person.password })).status).toBe(422);
    expect((await request(stack.app).post('/api/v1/auth/login').send({ email: person.email, password: body.new_password })).status).toBe(200);

    const [mail] = await mailsTo(person.email);
    expect(mail!.subject).toMatch(/password was changed$/);
    expect(mail!.text).toContain('1 other session was signed out');
    const audit = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'password.changed'));
    expect(JSON.stringify(audit)).not.toContain(body.new_password);
    expect(JSON.stringify(audit)).not.toContain(person.password);
  });

  it('slows guessing: after ten refused tries in 15 minutes the person gets 429', async () => {
    const { person, token } = await customer();
    const guess = (n: number) => ({ current_password: `guess-${n}`, new_password: 'A-much-better-pass-1', confirm_new_password: 'A-much-better-pass-1' });
    for (let n = 0; n < 10; n += 1) expect((await request(stack.app).post('/api/v1/change/password').set(bearer(token)).send(guess(n))).status).toBe(422);
    const blocked = await request(stack.app)
      .post('/api/v1/change/password')
      .set(bearer(token))
      .send({ current_password: person.password, new_password: 'A-much-better-pass-1', confirm_new_password: 'A-much-better-pass-1' });
    expect([blocked.status, blocked.body.message]).toEqual([429, 'Too many attempts. Please try again later.']);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
