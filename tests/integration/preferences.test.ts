import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationTopics, othersRevokedResponse, preferencesResponse, preferencesTexts, sessionsResponse, systemStatusResponse, type NotificationTopic } from '../../shared/api/preferences.schema';
import { userResponse } from '../../shared/api/user.schema';
import { auditLog, outbox, plans } from '../../server/trading/db/schema';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { makeUser } from '../support/factories';
import { approveIdentity, tinyPng } from '../support/kyc';
import { bankWithdrawal } from '../support/money';
import { fundedTrader, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';
import { sleep } from '../support/wait';

/** Settings (docs/customer-area.md#settings): preferences stored on the user, the devices signed in, e-mail choices that really stop mail; the system status call. */

let stack: TradingStack;
let staffToken: string;
const patch = (token: string, body: unknown) =>
  request(stack.app)
    .patch('/api/v1/user/preferences')
    .set(bearer(token))
    .send(body as object);
const loginAs = (person: { email: string; password: string }, userAgent: string) =>
  request(stack.app)
    .post('/api/v1/auth/login')
    .set('User-Agent', userAgent)
    .send({ email: person.email, password: person.password })
    .then((res) => (res.body as { data: { token: string } }).data.token);
const mailsTo = (email: string) => stack.database.db.select().from(outbox).where(eq(outbox.to, email));
const auditOf = (userId: number, action: string) =>
  stack.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, String(userId)), eq(auditLog.action, action)));

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const safariOnIphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  stack = await startTrading();
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

describe('preferences', () => {
  it('start as the account currency, English, sounds on, one-click trading off, 3-digit market watch and every e-mail on', async () => {
    const person = await makeUser(stack.database.db);
    const res = await request(stack.app)
      .get('/api/v1/user/preferences')
      .set(bearer(await tokenFor(stack.app, person)));
    expect(res.status).toBe(200);
    expect(preferencesResponse.parse(res.body).data).toEqual({
      display_currency: null,
      language: 'en',
      sounds_enabled: true,
      one_click_trading: false,
      watch_digits: 'fixed',
      terminal: 'classic',
      notifications: { account: true, funding: true },
    });
  });

  it('a display currency the site offers is stored on the user: GET /user on another sign-in reads it; audited with before and after', async () => {
    const person = await makeUser(stack.database.db);
    const here = await tokenFor(stack.app, person);
    const saved = await patch(here, { display_currency: 'EUR', language: 'de', sounds_enabled: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe(preferencesTexts.saved);
    // Another browser: a new sign-in reads the user afresh.
    const elsewhere = await tokenFor(stack.app, person);
    const user = userResponse.parse((await request(stack.app).get('/api/v1/user').set(bearer(elsewhere))).body).data;
    expect(user).toMatchObject({ display_currency: 'EUR', language: 'de', sounds_enabled: false });
    const [entry] = await auditOf(person.user.id, 'user.preferences_changed');
    expect(entry!.details).toEqual({ display_currency: { from: null, to: 'EUR' }, language: { from: 'en', to: 'de' }, sounds_enabled: { from: true, to: false } });
    // Back to each account's own currency; an unchanged save changes and audits nothing.
    expect((await patch(here, { display_currency: null })).body.data.display_currency).toBeNull();
    expect((await patch(here, { display_currency: null })).status).toBe(200);
    expect(await auditOf(person.user.id, 'user.preferences_changed')).toHaveLength(2);
  });

  it('refuses what is not offered or not known with 422 on the field, changing nothing', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    await updateSettings(stack.database.db, { display_currencies: ['EUR'] });
    try {
      // GBP exists but the site does not offer it (the reference data is kept a few seconds: wait for it).
      await vi.waitFor(async () => expect((await patch(token, { display_currency: 'GBP' })).status).toBe(422), { timeout: 8_000, interval: 500 });
      const cases: [unknown, string][] = [
        [{ display_currency: 'GBP' }, 'display_currency'],
        [{ display_currency: 'XYZ' }, 'display_currency'],
        [{ display_currency: 'eur' }, 'display_currency'],
        [{ display_currency: 5 }, 'display_currency'],
        [{ language: 'tlh' }, 'language'],
        [{ sounds_enabled: 'yes' }, 'sounds_enabled'],
        [{ notifications: { marketing: false } }, 'notifications'],
        [{ notifications: { account: 'off' } }, 'notifications.account'],
      ];
      for (const [body, field] of cases) {
        const res = await patch(token, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
      }
      expect((await patch(token, { theme: 'dark' })).status).toBe(422);
      expect((await patch(token, { display_currency: 'EUR' })).status).toBe(200);
      // USD is always offered.
      expect((await patch(token, { display_currency: 'USD', notifications: { funding: false } })).body.data).toMatchObject({
        display_currency: 'USD',
        notifications: { account: true, funding: false },
      });
    } finally {
      await updateSettings(stack.database.db, { display_currencies: null });
    }
  });

  it('are a customer’s own: no token 401, staff 403', async () => {
    expect((await request(stack.app).get('/api/v1/user/preferences')).status).toBe(401);
    expect((await patch(staffToken, { language: 'fr' })).status).toBe(403);
  });
});

describe('sessions', () => {
  it('lists the devices signed in, this one first and marked, in plain words', async () => {
    const person = await makeUser(stack.database.db);
    await loginAs(person, safariOnIphone);
    const here = await loginAs(person, chromeOnWindows);
    const list = sessionsResponse.parse((await request(stack.app).get('/api/v1/user/sessions').set(bearer(here))).body).data;
    expect(list.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Windows', true],
      ['Safari on iPhone', false],
    ]);
    expect(list[0]!.ip).toBeTruthy();
  });

  it('signs out one of mine; someone else’s session, an ended one or a bad id is 404 and stays signed in', async () => {
    const me = await makeUser(stack.database.db);
    const other = await makeUser(stack.database.db);
    const here = await loginAs(me, chromeOnWindows);
    const phone = await loginAs(me, safariOnIphone);
    const theirs = await loginAs(other, chromeOnWindows);
    const theirId = sessionsResponse.parse((await request(stack.app).get('/api/v1/user/sessions').set(bearer(theirs))).body).data[0]!.id;
    const phoneId = sessionsResponse.parse((await request(stack.app).get('/api/v1/user/sessions').set(bearer(phone))).body).data[0]!.id;

    const refused = await request(stack.app).delete(`/api/v1/user/sessions/${theirId}`).set(bearer(here));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(preferencesTexts.sessionNotFound);
    expect((await request(stack.app).get('/api/v1/user').set(bearer(theirs))).status).toBe(200);
    expect((await request(stack.app).delete('/api/v1/user/sessions/abc').set(bearer(here))).status).toBe(404);

    const done = await request(stack.app).delete(`/api/v1/user/sessions/${phoneId}`).set(bearer(here));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ data: { current: false }, message: preferencesTexts.signedOut });
    expect((await request(stack.app).get('/api/v1/user').set(bearer(phone))).status).toBe(401);
    expect((await request(stack.app).delete(`/api/v1/user/sessions/${phoneId}`).set(bearer(here))).status).toBe(404);
    const [entry] = await auditOf(me.user.id, 'session.revoked');
    expect(entry!.details).toEqual({ session_id: phoneId, device: 'Safari on iPhone', current: false });
  });

  it('signing out this device ends this session', async () => {
    const me = await makeUser(stack.database.db);
    const here = await loginAs(me, chromeOnWindows);
    const id = sessionsResponse.parse((await request(stack.app).get('/api/v1/user/sessions').set(bearer(here))).body).data[0]!.id;
    const done = await request(stack.app).delete(`/api/v1/user/sessions/${id}`).set(bearer(here));
    expect(done.body).toEqual({ data: { current: true }, message: preferencesTexts.signedOutHere });
    expect((await request(stack.app).get('/api/v1/user').set(bearer(here))).status).toBe(401);
  });

  it('signing out all others keeps this one, and touches nobody else', async () => {
    const me = await makeUser(stack.database.db);
    const other = await makeUser(stack.database.db);
    const here = await loginAs(me, chromeOnWindows);
    const others = [await loginAs(me, safariOnIphone), await loginAs(me, 'curl/8.5.0')];
    const theirs = await loginAs(other, chromeOnWindows);
    const res = await request(stack.app).post('/api/v1/user/sessions/revoke-others').set(bearer(here));
    expect(othersRevokedResponse.parse(res.body)).toEqual({ data: { revoked: 2 }, message: preferencesTexts.othersSignedOut(2) });
    for (const token of others) expect((await request(stack.app).get('/api/v1/user').set(bearer(token))).status).toBe(401);
    expect((await request(stack.app).get('/api/v1/user').set(bearer(here))).status).toBe(200);
    expect((await request(stack.app).get('/api/v1/user').set(bearer(theirs))).status).toBe(200);
    expect(sessionsResponse.parse((await request(stack.app).get('/api/v1/user/sessions').set(bearer(here))).body).data.map((s) => s.current)).toEqual([true]);
    expect((await auditOf(me.user.id, 'session.revoked_others'))[0]!.details).toEqual({ revoked: 2 });
    const again = await request(stack.app).post('/api/v1/user/sessions/revoke-others').set(bearer(here));
    expect(again.body.message).toBe(preferencesTexts.othersSignedOut(0));
  });
});

/**
 * Every e-mail the Settings page promises (notificationTopics' descriptions), each made to happen: sent while its
 * topic is on, and not once the customer switched it off.
 */
describe('every promised e-mail', () => {
  const staffPost = (path: string, body: object = {}) => request(stack.app).post(`/api/v1${path}`).set(bearer(staffToken)).send(body);
  const planIds = async () => Object.fromEntries((await stack.database.db.select().from(plans)).map((p) => [p.slug, p.id])) as Record<string, number>;
  /** Each promise: its topic, what the description says, and the action that keeps it for a new customer. */
  const promises: { topic: NotificationTopic; event: string; act: (person: Awaited<ReturnType<typeof fundedTrader>>) => Promise<void> }[] = [
    {
      topic: 'account',
      event: 'a document you sent is decided',
      act: async (person) => {
        const sent = await request(stack.app).post('/api/v1/verification/documents').set(bearer(person.token)).field('kind', 'selfie').attach('file', tinyPng, 'me.png');
        expect(sent.status, JSON.stringify(sent.body)).toBe(201);
        expect((await staffPost(`/admin/queues/documents/${sent.body.data.id}/reject`, { reason: 'unreadable' })).status).toBe(200);
      },
    },
    {
      topic: 'account',
      event: 'your plan changes (by staff)',
      act: async (person) => {
        const res = await staffPost(`/admin/customers/${person.user.id}/plan`, { plan_id: (await planIds()).pro, reason: 'Loyalty' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      },
    },
    {
      topic: 'account',
      event: 'your plan changes (a request decided)',
      act: async (person) => {
        expect(
          (
            await request(stack.app)
              .post('/api/v1/plans/subscribe')
              .set(bearer(person.token))
              .send({ plan_id: (await planIds()).premium })
          ).status,
        ).toBe(200);
        const list = (await request(stack.app).get('/api/v1/admin/plan-requests').query({ q: person.email }).set(bearer(staffToken))).body as { data: { id: number }[] };
        expect((await staffPost(`/admin/plan-requests/${list.data[0]!.id}/approve`)).status).toBe(200);
      },
    },
    {
      topic: 'funding',
      event: 'a deposit is credited',
      act: async (person) => {
        await updateSettings(stack.database.db, {
          bank_details: { account_name: 'Example Markets Ltd', bank_name: 'Barclays Bank UK PLC', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22', bank_address: '1 Churchill Place, London' },
        });
        const asked = await request(stack.app).post('/api/v1/funding/deposits/bank').set(bearer(person.token)).send({ amount: '100' });
        expect(asked.status, JSON.stringify(asked.body)).toBe(201);
        expect((await staffPost(`/admin/queues/deposits/${asked.body.data.id}/confirm`, { amount_received: '100' })).status).toBe(200);
      },
    },
  ];

  it('the promises are the Settings page’s words', () => {
    expect(notificationTopics.account.description).toBe('When your account is approved or reactivated, a document you sent is decided, or your plan changes.');
    expect(notificationTopics.funding.description).toContain('When a deposit is credited');
  });

  for (const { topic, event, act } of promises) {
    it(`${topic}: “${event}” is mailed while the topic is on, and not once it is off`, async () => {
      const wants = await fundedTrader(stack, '10.00');
      await act(wants);
      await vi.waitFor(async () => expect((await mailsTo(wants.email)).length).toBe(1), { timeout: 5_000 });

      const declines = await fundedTrader(stack, '10.00');
      expect((await patch(declines.token, { notifications: { [topic]: false } })).status).toBe(200);
      await act(declines);
      // The mail goes after the answer: give it the same time to (not) arrive.
      await sleep(500);
      expect(await mailsTo(declines.email)).toEqual([]);
    });
  }
});

describe('e-mail choices', () => {
  const approve = (id: number) => request(stack.app).patch(`/api/v1/admin/users/${id}`).set(bearer(staffToken)).send({ status: 'active' });

  it('account status: an approval is mailed while the topic is on, and not at all once the customer switched it off', async () => {
    const wants = await makeUser(stack.database.db, { status: 'pending' });
    expect((await approve(wants.user.id)).status).toBe(200);
    expect((await mailsTo(wants.email)).map((m) => m.subject)).toEqual(['Account approved']);

    const declines = await makeUser(stack.database.db, { status: 'pending' });
    // Pending customers may not use the API while the site requires verification: their choice is stored as they left it.
    await updateSettings(stack.database.db, { must_verify_account: false });
    try {
      expect((await patch(await tokenFor(stack.app, declines), { notifications: { account: false } })).status).toBe(200);
    } finally {
      await updateSettings(stack.database.db, { must_verify_account: true });
    }
    expect((await approve(declines.user.id)).status).toBe(200);
    expect(await mailsTo(declines.email)).toEqual([]);
  });

  it('a restriction is mailed whatever the choice', async () => {
    const person = await makeUser(stack.database.db);
    expect((await patch(await tokenFor(stack.app, person), { notifications: { account: false } })).status).toBe(200);
    const res = await request(stack.app).patch(`/api/v1/admin/users/${person.user.id}`).set(bearer(staffToken)).send({ status: 'deactivated', reason: 'Documents expired' });
    expect(res.status).toBe(200);
    expect((await mailsTo(person.email)).map((m) => m.subject)).toEqual(['Account deactivated']);
  });

  it('funding: a declined withdrawal is mailed while on, and not once switched off', async () => {
    const bank = bankWithdrawal;
    const decline = async (choice: boolean) => {
      const trader = await fundedTrader(stack, '500.00');
      await approveIdentity(stack.database.db, trader.user.id, stack.files);
      expect((await patch(trader.token, { notifications: { funding: choice } })).status).toBe(200);
      const asked = await request(stack.app)
        .post('/api/v1/funding/withdrawals')
        .set(bearer(trader.token))
        .send({ ...bank, amount: '100' });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const res = await request(stack.app).post(`/api/v1/admin/queues/withdrawals/${asked.body.data.id}/reject`).set(bearer(staffToken)).send({ reason: 'Name does not match the account' });
      expect(res.status).toBe(200);
      return trader;
    };
    const wants = await decline(true);
    await vi.waitFor(async () => expect((await mailsTo(wants.email)).length).toBe(1), { timeout: 5_000 });
    const declines = await decline(false);
    // The mail goes after the answer: give it the same time to (not) arrive.
    await sleep(500);
    expect(await mailsTo(declines.email)).toEqual([]);
  });
});

describe('system status', () => {
  it('answers the server time, the database and the newest price, and nothing about anyone', async () => {
    const person = await makeUser(stack.database.db);
    const before = Date.now();
    const res = await request(stack.app)
      .get('/api/v1/status')
      .set(bearer(await tokenFor(stack.app, person)));
    expect(res.status).toBe(200);
    const { data } = systemStatusResponse.parse(res.body);
    expect(Object.keys(data).sort()).toEqual(['database', 'price_feed', 'server_time']);
    expect(Math.abs(new Date(data.server_time).getTime() - before)).toBeLessThan(5_000);
    expect(data.database).toBe('ok');
    expect(data.price_feed.instruments).toBeGreaterThan(0);
    expect(data.price_feed.last_price_at).not.toBeNull();
    expect((await request(stack.app).get('/api/v1/status')).status).toBe(401);
  });
});
