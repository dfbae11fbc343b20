import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autotraderStatusSchema, staffAutotraderRequestSchema } from '../../shared/api/autotrader.schema';
import { auditLog, trades } from '../../server/trading/db/schema';
import { AdvisorRunner, autotraderPlan } from '../../server/trading/ea/runner';
import { makeUser } from '../support/factories';
import { auditLedger } from '../support/money';
import { fundedTrader, silentLogger, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let staffToken: string;

beforeAll(async () => {
  stack = await startTrading();
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterAll(async () => {
  await auditLedger(stack.database.db);
  await stack.engine.stop();
  await stack.database.close();
});

type Trader = Awaited<ReturnType<typeof fundedTrader>>;
const ask = (trader: Trader, level: string) => request(stack.app).post('/api/v1/update/autotrader').set(bearer(trader.token)).send({ autotrader_type: level });
const status = async (trader: Trader) => autotraderStatusSchema.parse((await request(stack.app).get('/api/v1/autotrader').set(bearer(trader.token)).expect(200)).body.data);
const decide = (id: number, action: 'approve' | 'refuse', body: object = {}, token = staffToken) =>
  request(stack.app).post(`/api/v1/admin/autotrader/requests/${id}/${action}`).set(bearer(token)).send(body);
const openAutotraderTrades = (trader: Trader) =>
  stack.database.db
    .select()
    .from(trades)
    .where(and(eq(trades.accountId, trader.account.id), eq(trades.placedBy, 'autotrader'), eq(trades.status, 'open')));

/** Moves every basket instrument up by `step` per bar for `n` bars, letting the runner act on each. */
async function trend(run: AdvisorRunner, n: number, step: number) {
  const basket = stack.market.instruments.filter((i) => autotraderPlan.symbols.includes(i.symbol));
  for (let bar = 0; bar < n; bar += 1) {
    const mids: Record<number, string> = {};
    for (const i of basket) mids[i.id] = (Number(stack.market.quotes.get(i.id)!.mid) * (1 + step)).toFixed(i.digits);
    stack.prices.set(mids);
    await run.step();
  }
}

describe('AutoTrader', () => {
  it('follows the plan: a Basic customer (no AutoTrader in the plans table) is refused, a Pro one may ask; approval needs the plan still to include it', async () => {
    const basic = await fundedTrader(stack, '5000', { plan: 'basic' });
    const refused = await ask(basic, 'low').expect(403);
    expect(refused.body.message).toBe('AutoTrader is not included in your plan. Upgrade your plan to request it.');
    const plans = (await request(stack.app).get('/api/v1/data').set(bearer(basic.token)).expect(200)).body.data.plans as { slug: string; autotrader: boolean }[];
    expect(Object.fromEntries(plans.map((p) => [p.slug, p.autotrader]))).toEqual({ basic: false, pro: true, premium: true });

    const pro = await fundedTrader(stack, '5000', { plan: 'pro' });
    const asked = await ask(pro, 'low').expect(201);
    const basicId = plans.findIndex((p) => p.slug === 'basic');
    const basicPlanId = ((await request(stack.app).get('/api/v1/data').set(bearer(pro.token))).body.data.plans as { id: number }[])[basicId]!.id;
    await request(stack.app).post(`/api/v1/admin/customers/${pro.user.id}/plan`).set(bearer(staffToken)).send({ plan_id: basicPlanId }).expect(200);
    expect((await decide(asked.body.data.id, 'approve').expect(409)).body.message).toContain('no longer includes AutoTrader');
    await decide(asked.body.data.id, 'refuse', { reason: 'Your plan does not include AutoTrader.' }).expect(200);
  });

  it('when a customer asks twice, then the second gets the pending message; a customer cannot decide; staff refuse with a reason the customer reads', async () => {
    const trader = await fundedTrader(stack, '5000', { plan: 'pro' });
    const first = await ask(trader, 'medium').expect(201);
    expect(first.body.message).toBe('Your AutoTrader request was sent. Our team will review it.');
    expect((await ask(trader, 'high').expect(409)).body.message).toBe('You already have a pending auto trader request.');
    expect((await ask(trader, 'extreme').expect(422)).body.message).toBe('Choose a level: low, medium or high.');
    await decide(first.body.data.id, 'approve', {}, trader.token).expect(403);
    await request(stack.app).get('/api/v1/admin/autotrader/requests').set(bearer(trader.token)).expect(403);

    const listed = (await request(stack.app).get('/api/v1/admin/autotrader/requests').set(bearer(staffToken)).expect(200)).body.data.map((r: unknown) => staffAutotraderRequestSchema.parse(r));
    expect(listed.find((r: { id: number }) => r.id === first.body.data.id)).toMatchObject({ level: 'medium', status: 'pending', user: { email: trader.email } });
    expect((await decide(first.body.data.id, 'refuse', { reason: '  ' }).expect(422)).body.message).toBe('Give the customer a reason.');
    const refused = await decide(first.body.data.id, 'refuse', { reason: 'Please verify your identity first.' }).expect(200);
    expect(refused.body.data).toMatchObject({ status: 'refused', reason: 'Please verify your identity first.' });
    expect((await decide(first.body.data.id, 'approve').expect(409)).body.message).toBe('This request has already been decided.');
    expect(await status(trader)).toMatchObject({ active: false, latest_request: { status: 'refused', reason: 'Please verify your identity first.' } });
    const notices = (await request(stack.app).get('/api/v1/user').set(bearer(trader.token))).body.data.notifications;
    expect(notices).toContainEqual(expect.objectContaining({ title: 'AutoTrader request refused', message: 'Your AutoTrader request was refused: Please verify your identity first.' }));
  });

  it('when staff approve a low-level request, then it trades for the customer with never more than two trades open, until the customer turns it off', async () => {
    const trader = await fundedTrader(stack, '20000', { plan: 'pro' });
    const asked = await ask(trader, 'low').expect(201);
    let now = Date.now();
    const run = new AdvisorRunner({ db: stack.database.db, market: stack.market, bus: stack.bus, logger: silentLogger, barMs: 1_000, clock: () => (now += 1_000) });
    await trend(run, 5, 0.0005);
    expect(await openAutotraderTrades(trader)).toEqual([]);

    await decide(asked.body.data.id, 'approve').expect(200);
    expect(await status(trader)).toMatchObject({ active: true, level: 'low', open_limit: 2, account_id: trader.account.id });
    expect((await ask(trader, 'high').expect(409)).body.message).toBe('AutoTrader is already active on your account.');
    for (let i = 0; i < 36; i += 1) {
      await trend(run, 1, 0.0005);
      expect((await openAutotraderTrades(trader)).length).toBeLessThanOrEqual(2);
    }
    expect((await openAutotraderTrades(trader)).length).toBe(2);
    const active = (await request(stack.app).get('/api/v1/admin/autotrader/active').set(bearer(staffToken)).expect(200)).body.data;
    expect(active.find((a: { user: { id: number } }) => a.user.id === trader.user.id)).toMatchObject({ level: 'low', open_positions: 2, account_title: `Live Account #${trader.account.number}` });
    // Manual trading stays possible beside it.
    const btc = stack.market.instruments.find((i) => i.symbol === 'BTCUSD')!;
    await request(stack.app).post('/api/v1/trades/store').set(bearer(trader.token)).send({ type: 'sell', id: btc.id, volume: '0.01', leverage: 1 }).expect(201);

    expect((await request(stack.app).post('/api/v1/autotrader/off').set(bearer(trader.token)).expect(200)).body.message).toBe('AutoTrader turned off.');
    const before = (await openAutotraderTrades(trader)).length;
    await trend(run, 5, -0.003);
    const after = await stack.database.db
      .select()
      .from(trades)
      .where(and(eq(trades.accountId, trader.account.id), eq(trades.placedBy, 'autotrader')));
    expect(after.length).toBe(before);
    const actions = (
      await stack.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(trader.user.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['autotrader.approved', 'autotrader.turned_off']));
  });

  it('when staff revoke it, the customer is told why and it stops', async () => {
    const trader = await fundedTrader(stack, '1000', { plan: 'pro' });
    const asked = await ask(trader, 'high').expect(201);
    await decide(asked.body.data.id, 'approve').expect(200);
    const active = (await request(stack.app).get('/api/v1/admin/autotrader/active').set(bearer(staffToken)).expect(200)).body.data;
    expect(active.find((a: { user: { id: number } }) => a.user.id === trader.user.id)).toMatchObject({ level: 'high' });
    await request(stack.app).post(`/api/v1/admin/users/${trader.user.id}/autotrader/revoke`).set(bearer(staffToken)).send({ reason: 'Unusual losses.' }).expect(200);
    expect(await status(trader)).toMatchObject({ active: false });
    const notices = (await request(stack.app).get('/api/v1/user').set(bearer(trader.token))).body.data.notifications;
    expect(notices).toContainEqual(expect.objectContaining({ title: 'AutoTrader turned off', message: 'Our team turned AutoTrader off: Unusual losses.' }));
    await request(stack.app).post('/api/v1/autotrader/off').set(bearer(trader.token)).expect(409);
  });
});
