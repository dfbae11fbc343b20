import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../shared/api/settings.schema';
import { userResponse, type UserStatus } from '../../shared/api/user.schema';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { makeUser } from '../support/factories';
import { deposit, liveAccount } from '../support/money';
import { moneyStory } from '../support/money-story';
import { tokenFor } from '../support/trading';

/** The fields of GET /user the original client reads (docs/accounts-and-ledger.md#the-user-object) besides `trades_summary` (money/trades-summary.test.ts). */
const story = moneyStory();

async function customer(status: UserStatus) {
  const { db } = story.stack.database;
  const person = await makeUser(db, { status });
  await deposit(db, (await liveAccount(db, person.user.id)).id, '10000.00');
  return { ...person, token: await tokenFor(story.stack.app, person) };
}

async function userOf(token: string) {
  const res = await request(story.stack.app).get('/api/v1/user').set(story.bearer(token));
  expect(res.status).toBe(200);
  return userResponse.parse(res.body).data;
}

/** A small market order as the original sends it: 1,000 EURUSD at 1:20 (margin ≈ 55, well within 10,000). */
const buy = (token: string) =>
  request(story.stack.app)
    .post('/api/v1/trades/store')
    .set(story.bearer(token))
    .send({ type: 'buy', id: story.idOf('EURUSD'), volume: '1000', leverage: 20 });

describe('GET /user: can_open_trade says what the API does with an order', () => {
  const cases: { status: UserStatus; mustVerify: boolean; canOpen: boolean; accountStatus: string }[] = [
    { status: 'active', mustVerify: true, canOpen: true, accountStatus: 'active' },
    { status: 'pending', mustVerify: true, canOpen: false, accountStatus: 'inactive' },
    { status: 'pending', mustVerify: false, canOpen: true, accountStatus: 'active' },
    { status: 'deactivated', mustVerify: false, canOpen: false, accountStatus: 'suspended' },
  ];
  for (const { status, mustVerify, canOpen, accountStatus } of cases) {
    it(`when the customer is ${status} and the site ${mustVerify ? 'requires' : 'does not require'} verification, then can_open_trade is ${canOpen} and an order is ${canOpen ? 'filled' : 'refused'}`, async () => {
      await updateSettings(story.stack.database.db, { must_verify_account: mustVerify });
      try {
        await story.tick({ EURUSD: '1.10000' });
        const { token } = await customer(status);
        const user = await userOf(token);
        expect(user.can_open_trade).toBe(canOpen);
        expect(user.can_close_trade).toBe(true);
        expect(user.accounts.map((a) => a.status)).toEqual([accountStatus, accountStatus]);
        const order = await buy(token);
        expect(order.status, JSON.stringify(order.body)).toBe(canOpen ? 201 : 403);
        if (canOpen) expect((await story.close(token, order.body.data.id)).status).toBe(200);
      } finally {
        await updateSettings(story.stack.database.db, { must_verify_account: true });
      }
    });
  }

  it('when staff later require verification of a pending customer who could trade, then can_open_trade turns false with the refusal', async () => {
    await updateSettings(story.stack.database.db, { must_verify_account: false });
    const { token } = await customer('pending');
    expect((await userOf(token)).can_open_trade).toBe(true);
    await updateSettings(story.stack.database.db, { must_verify_account: true });
    expect((await userOf(token)).can_open_trade).toBe(false);
    expect((await buy(token)).status).toBe(403);
  });

  it('when staff deactivate a customer with an open trade, then can_close_trade holds: the customer can still close it', async () => {
    await story.tick({ EURUSD: '1.10000' });
    const person = await customer('active');
    const order = await buy(person.token);
    expect(order.status).toBe(201);
    const staff = await makeUser(story.stack.database.db, { role: 'staff' });
    const staffToken = await tokenFor(story.stack.app, staff);
    expect((await request(story.stack.app).patch(`/api/v1/admin/users/${person.user.id}`).set(story.bearer(staffToken)).send({ status: 'deactivated', reason: 'Compliance review' })).status).toBe(200);
    // Deactivation signs them out everywhere; signing in again shows them the gate, and closing still works.
    const token = await tokenFor(story.stack.app, person);
    expect(await userOf(token)).toMatchObject({ can_open_trade: false, can_close_trade: true });
    expect((await buy(token)).status).toBe(403);
    expect((await story.close(token, order.body.data.id)).status).toBe(200);
  });

  it('when a customer cannot afford an order, then can_open_trade stays true: that is a refusal of the order, not of the customer', async () => {
    await story.tick({ EURUSD: '1.10000' });
    const { db } = story.stack.database;
    const person = await makeUser(db);
    const token = await tokenFor(story.stack.app, person);
    expect((await userOf(token)).can_open_trade).toBe(true);
    // Live holds 0.00; the margin of 1,000 EURUSD at 1:20 is 1,000 × 1.10005 / 20 = 55.0025: insufficient free margin.
    expect((await buy(token)).status).toBe(422);
  });
});

describe('GET /user: verification and accounts', () => {
  it('when nothing verified the customer, then verification_status is "unverified", never "verified" or "approved"', async () => {
    const { token } = await customer('active');
    expect((await userOf(token)).verification_status).toBe('unverified');
  });

  it('then each account has its type, currency, status and transfer side: Live may receive, Demo takes part in no transfer', async () => {
    const { token } = await customer('active');
    const res = await request(story.stack.app).get('/api/v1/user').set(story.bearer(token));
    // As the original reads them (numbers for the balances).
    const accounts = res.body.data.accounts as Record<string, unknown>[];
    expect(accounts.map(({ type, currency, status, transfer_type, balance }) => ({ type, currency, status, transfer_type, balance }))).toEqual([
      { type: 'live', currency: 'USD', status: 'active', transfer_type: 'to', balance: 10000 },
      { type: 'demo', currency: 'USD', status: 'active', transfer_type: null, balance: 10000 },
    ]);
  });
});

describe('GET /settings: credit_card_deposit', () => {
  it('is false: the card method would send card data to our server', async () => {
    const res = await request(story.stack.app).get('/api/v1/settings');
    expect(res.status).toBe(200);
    expect(res.body.data.credit_card_deposit).toBe(false);
    expect(settingsResponse.parse(res.body).data.credit_card_deposit).toBe(false);
  });

  it.each([
    ['credit_card_deposit', true],
    ['enable_autotrader', true],
    ['livetrader_status', false],
    ['expert_advisor', false],
  ])('an admin cannot flip the switch %s: it says what the product does (docs/site-settings.md)', async (flag, value) => {
    const staff = await makeUser(story.stack.database.db, { role: 'admin' });
    const res = await request(story.stack.app)
      .patch('/api/v1/admin/settings')
      .set(story.bearer(await tokenFor(story.stack.app, staff)))
      .send({ [flag]: value });
    expect(res.status).toBe(422);
    expect((await request(story.stack.app).get('/api/v1/settings')).body.data[flag]).toBe(!value);
  });
});
