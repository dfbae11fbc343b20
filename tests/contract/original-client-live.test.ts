import type Echo from 'laravel-echo';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestPerson } from '../support/factories';
import { deposit, liveAccount } from '../support/money';
import { echoWithBearer, nextEvent, startRealtimeStack, type RealtimeStack } from '../support/realtime';

/**
 * The original client's realtime and marketplace calls, as it makes them (docs/compatibility.md):
 * straight to the API with its Bearer token, pusher-js signing private channels at
 * `/api/v1/broadcasting/auth` with that header, and the EA marketplace and AutoTrader calls it sends.
 */

let stack: RealtimeStack;
const open: Echo<'pusher'>[] = [];

beforeAll(async () => {
  stack = await startRealtimeStack();
});
afterEach(() => {
  for (const client of open.splice(0)) client.disconnect();
});
afterAll(() => stack.close());

/** Its axios instance: JSON, the Bearer header, straight to the API. */
async function call(token: string | null, method: 'GET' | 'POST', path: string, body?: object) {
  const res = await fetch(`${stack.apiUrl}/api/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the wire as the original reads it, like supertest's body
  return { status: res.status, body: (await res.json()) as any };
}

async function signedIn(person: TestPerson): Promise<string> {
  const res = await call(null, 'POST', '/auth/login', { email: person.email, password: person.password });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

/** Resolves once pusher-js's subscription succeeded (the signature was accepted). */
const subscribed = (channel: { subscribed(callback: () => void): unknown }) => nextEvent<void>((deliver) => void channel.subscribed(() => deliver()));

describe('the original client, live', () => {
  it('signs its private channels with the Bearer token, buys an EA from the marketplace and hears its user refreshed', async () => {
    const person = await makeUser(stack.database.db);
    await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, '5000.00');
    const token = await signedIn(person);
    const echo = echoWithBearer(stack, token);
    open.push(echo);
    const user = echo.private(`user.${person.user.id}`);
    const notices = echo.private(`notification.${person.user.id}`);
    await Promise.all([subscribed(user), subscribed(notices), subscribed(echo.private(`trade.${person.user.id}`)), subscribed(echo.private(`chat.customer.${person.user.id}`))]);

    // Someone else's channel is refused: the signature endpoint answers 403 to this token.
    const stranger = await makeUser(stack.database.db);
    const refused = await fetch(`${stack.apiUrl}/api/v1/broadcasting/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${token}` },
      body: new URLSearchParams({ socket_id: echo.socketId()!, channel_name: `private-user.${stranger.user.id}` }),
    });
    expect(refused.status).toBe(403);

    // The marketplace: data.data, each EA with the fields it shows; price from amount_val as a number.
    const list = await call(token, 'GET', '/expert_advisors');
    expect(list.status).toBe(200);
    const advisors = list.body.data as Record<string, unknown>[];
    expect(advisors.length).toBeGreaterThan(0);
    for (const advisor of advisors) {
      expect(advisor).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        description: expect.any(String),
        amount_val: expect.any(Number),
        amount: expect.any(String),
        type: expect.any(String),
        rating: expect.any(Number),
        downloads: expect.any(Number),
      });
      expect(['purchased', 'available']).toContain(advisor.status);
    }
    const forSale = advisors.find((a) => a.status === 'available' && (a.amount_val as number) > 0 && (a.amount_val as number) <= 5000)!;
    expect(forSale, 'an EA this customer can buy').toBeDefined();

    const refreshed = nextEvent<{ user_id: number }>((deliver) => user.listen('.user.updated', deliver));
    const bought = await call(token, 'POST', '/purchase/ea', { expert_advisor_id: forSale.id });
    expect(bought.status).toBe(200);
    expect(bought.body.status).toBe('success');
    expect((await refreshed).user_id).toBe(person.user.id);
    const again = await call(token, 'POST', '/purchase/ea', { expert_advisor_id: forSale.id });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(typeof again.body.message).toBe('string');

    // Its user now lists the EA among eas, and the balance it shows fell by the price.
    const after = (await call(token, 'GET', '/user')).body.data;
    expect(after.eas).toContain(forSale.id);
    expect(after.balance).toBe(5000 - (forSale.amount_val as number));

    // The heartbeat it sends every minute.
    expect((await call(token, 'POST', '/user/heartbeat')).status).toBe(200);
  });

  it('asks for AutoTrader with autotrader_type and reads a message on refusal', async () => {
    const basic = await signedIn(await makeUser(stack.database.db, { plan: 'basic' }));
    const notInPlan = await call(basic, 'POST', '/update/autotrader', { autotrader_type: 'low' });
    expect([notInPlan.status, typeof notInPlan.body.message]).toEqual([403, 'string']);

    const person = await makeUser(stack.database.db, { plan: 'pro' });
    await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, '5000.00');
    const token = await signedIn(person);

    const asked = await call(token, 'POST', '/update/autotrader', { autotrader_type: 'medium' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(typeof asked.body.message).toBe('string');
    const twice = await call(token, 'POST', '/update/autotrader', { autotrader_type: 'high' });
    expect(twice.status).toBeGreaterThanOrEqual(400);
    expect(typeof twice.body.message).toBe('string');
    const wrong = await call(token, 'POST', '/update/autotrader', { autotrader_type: 'extreme' });
    expect(wrong.status).toBe(422);
    expect(typeof wrong.body.message).toBe('string');
  });
});
