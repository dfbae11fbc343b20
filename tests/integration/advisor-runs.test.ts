import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationAnswer, advisorList } from '../../shared/api/advisors.schema';
import { tradeSchema } from '../../shared/api/trades.schema';
import { advisorActivations, auditLog, expertAdvisors, trades, users } from '../../server/trading/db/schema';
import type { Automation } from '../../server/trading/engine/automation';
import { closeTradeForCustomer } from '../../server/trading/engine/close';
import { executeMarketOrders } from '../../server/trading/engine/market-orders';
import { AdvisorRunner } from '../../server/trading/ea/runner';
import { auditLedger } from '../support/money';
import { fundedTrader, silentLogger, startTrading, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
/** A runner whose clock moves one bar each time it is read (once per step), as fast as the test feeds bars. */
const runner = () => {
  let now = Date.now();
  return new AdvisorRunner({ db: stack.database.db, market: stack.market, bus: stack.bus, logger: silentLogger, barMs: 1_000, clock: () => (now += 1_000) });
};
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
});
afterAll(async () => {
  await auditLedger(stack.database.db);
  await stack.engine.stop();
  await stack.database.close();
});

type Trader = Awaited<ReturnType<typeof fundedTrader>>;
const advisorNamed = async (trader: Trader, name: string) =>
  advisorList.parse((await request(stack.app).get('/api/v1/expert_advisors').set(bearer(trader.token)).expect(200)).body).data.find((a) => a.name === name)!;
const call = (trader: Trader, path: string, body: object = {}) => request(stack.app).post(`/api/v1${path}`).set(bearer(trader.token)).send(body);
const eaTrades = (trader: Trader) =>
  stack.database.db
    .select()
    .from(trades)
    .where(and(eq(trades.accountId, trader.account.id), eq(trades.placedBy, 'expert_advisor')))
    .orderBy(trades.id);

/** Starts `name` for a new customer (buying it first when it is not free) on `symbol`. */
async function running(name: string, symbol: string, funds = '10000') {
  const trader = await fundedTrader(stack, funds);
  const advisor = await advisorNamed(trader, name);
  if (advisor.status !== 'purchased') await call(trader, '/purchase/ea', { expert_advisor_id: advisor.id }).expect(200);
  await call(trader, `/expert_advisors/${advisor.id}/activate`).expect(200);
  await call(trader, `/expert_advisors/${advisor.id}/start`, { account_id: trader.account.id, asset_id: idOf(symbol) }).expect(200);
  return { trader, advisor };
}

/** Feeds closes to the market one bar at a time, letting the runner act on each. */
async function bars(run: AdvisorRunner, symbol: string, closes: readonly number[]) {
  for (const close of closes) {
    stack.prices.set({ [idOf(symbol)]: close.toFixed(2) });
    await run.step();
  }
}
const ramp = (from: number, to: number, n: number) => Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));

describe('activating and starting an expert advisor', () => {
  it('when a customer activates, starts, stops and deactivates, then each step answers with its own text and is audited', async () => {
    const trader = await fundedTrader(stack, '1000');
    const trend = await advisorNamed(trader, 'Trend Rider');
    const rsi = await advisorNamed(trader, 'RSI Reverter');
    expect((await call(trader, `/expert_advisors/${rsi.id}/activate`).expect(403)).body.message).toBe('This Expert Advisor is not available for your plan');
    expect((await call(trader, '/expert_advisors/999999/activate').expect(404)).body.message).toBe('Expert Advisor not found');
    const target = { account_id: trader.account.id, asset_id: idOf('BTCUSD') };
    expect((await call(trader, `/expert_advisors/${trend.id}/start`, target).expect(409)).body.message).toBe('Please activate the EA before starting automated trading.');

    const activated = activationAnswer.parse((await call(trader, `/expert_advisors/${trend.id}/activate`).expect(200)).body);
    expect(activated.message).toBe('Trend Rider has been activated.');
    expect(activated.data).toMatchObject({ running: false, expert_advisor: { name: 'Trend Rider' }, stats: { trades: 0, win_rate: '0.0' } });
    const started = activationAnswer.parse((await call(trader, `/expert_advisors/${trend.id}/start`, target).expect(200)).body);
    expect(started).toMatchObject({ message: 'Expert Advisor started', data: { running: true, account_id: trader.account.id, asset_symbol: 'BTCUSD' } });
    const someoneElse = await fundedTrader(stack, '1');
    await call(trader, `/expert_advisors/${trend.id}/start`, { ...target, account_id: someoneElse.account.id }).expect(404);
    expect((await call(trader, `/expert_advisors/${trend.id}/stop`).expect(200)).body).toMatchObject({ message: 'Expert Advisor stopped', data: { running: false } });
    expect((await call(trader, `/expert_advisors/${rsi.id}/stop`).expect(409)).body.message).toBe('This Expert Advisor is not active.');
    expect((await call(trader, '/expert_advisors/deactivate').expect(200)).body).toEqual({ data: null, message: 'Trend Rider has been deactivated.' });
    expect(activationAnswer.parse((await request(stack.app).get('/api/v1/expert_advisors/active').set(bearer(trader.token)).expect(200)).body).data).toBeNull();
    const actions = (await stack.database.db.select().from(auditLog).where(eq(auditLog.actorId, trader.user.id))).map((a) => a.action);
    expect(actions).toEqual(['ea.activated', 'ea.started', 'ea.stopped', 'ea.deactivated']);
  });
});

describe('expert advisors trading on a controlled price source', () => {
  it('Trend Rider buys on the fast average crossing above the slow one, then closes and sells on the cross back', async () => {
    const { trader } = await running('Trend Rider', 'BTCUSD');
    const run = runner();
    await bars(run, 'BTCUSD', ramp(70_000, 66_000, 31));
    expect(await eaTrades(trader)).toEqual([]);
    await bars(run, 'BTCUSD', ramp(66_100, 70_000, 12));
    const [buy] = await eaTrades(trader);
    expect(buy).toMatchObject({ side: 'buy', status: 'open', placedBy: 'expert_advisor' });
    // 1.5 % stop loss and 3 % take profit from the fill.
    expect(Number(buy!.stopLoss) / Number(buy!.openPrice)).toBeCloseTo(0.985, 4);
    expect(Number(buy!.takeProfit) / Number(buy!.openPrice)).toBeCloseTo(1.03, 4);
    await bars(run, 'BTCUSD', ramp(69_950, 69_300, 40));
    const after = await eaTrades(trader);
    expect(after.map((t) => [t.side, t.status, t.closeReason])).toEqual([
      ['buy', 'closed', 'expert_advisor'],
      ['sell', 'open', null],
    ]);
    const listed = (await request(stack.app).get('/api/v1/closed/trades').set(bearer(trader.token)).expect(200)).body.data.map((t: unknown) => tradeSchema.parse(t));
    expect(listed[0]).toMatchObject({ placed_by: 'expert_advisor', expert_advisor_id: after[0]!.expertAdvisorId });
    const figures = activationAnswer.parse((await request(stack.app).get('/api/v1/expert_advisors/active').set(bearer(trader.token)).expect(200)).body).data!.stats;
    expect(figures).toMatchObject({ trades: 2, closed: 1, open_positions: 1, realized_pnl: after[0]!.realizedPnl });
  });

  it('RSI Reverter buys when RSI falls under 30 and closes at the middle band', async () => {
    const { trader } = await running('RSI Reverter', 'ETHUSD');
    const run = runner();
    await bars(run, 'ETHUSD', ramp(3600, 3400, 16));
    const [buy] = await eaTrades(trader);
    expect(buy).toMatchObject({ side: 'buy', status: 'open' });
    await bars(run, 'ETHUSD', ramp(3405, 3500, 10));
    expect((await eaTrades(trader)).map((t) => [t.side, t.status, t.closeReason])).toEqual([['buy', 'closed', 'expert_advisor']]);
  });

  it('Range Breakout trades a break above its range with the stop loss at the range low, and trades again only after the price came back inside a range', async () => {
    const { trader } = await running('Range Breakout', 'BTCUSD');
    const run = runner();
    await bars(
      run,
      'BTCUSD',
      Array.from({ length: 21 }, (_, i) => (i % 2 === 0 ? 67_000 : 67_400)),
    );
    expect(await eaTrades(trader)).toEqual([]);
    await bars(run, 'BTCUSD', [67_800]);
    const [buy] = await eaTrades(trader);
    expect(buy).toMatchObject({ side: 'buy', status: 'open' });
    expect(Number(buy!.stopLoss)).toBe(67_000);
    // TP twice the risk: 67,800 + 2 × 800 from the close it decided on (the order's own levels are from that price).
    expect(Number(buy!.takeProfit)).toBe(69_400);
    await call(trader, `/trade/${buy!.id}/close`).expect(200);
    await bars(run, 'BTCUSD', [68_300]);
    expect(await eaTrades(trader)).toHaveLength(1);
    await bars(run, 'BTCUSD', [68_000, 68_900]);
    expect((await eaTrades(trader)).map((t) => [t.side, t.status])).toEqual([
      ['buy', 'closed'],
      ['buy', 'open'],
    ]);
  });

  it('Capped Grid buys when a line below is crossed and, at its loss limit, closes everything and stops', async () => {
    const { trader } = await running('Capped Grid', 'BTCUSD', '2000');
    const run = runner();
    await bars(run, 'BTCUSD', [60_000, 60_100]);
    expect(await eaTrades(trader)).toEqual([]);
    await bars(run, 'BTCUSD', [59_900]);
    const [first] = await eaTrades(trader);
    expect(first).toMatchObject({ side: 'buy', status: 'open' });
    expect(Number(first!.stopLoss) / Number(first!.openPrice)).toBeCloseTo(0.97, 4);
    // Each further line down buys again, until the open loss passes 2 % of the 2,000 balance (40).
    await bars(run, 'BTCUSD', [59_650, 59_350, 59_050, 58_750, 58_450, 58_150]);
    const all = await eaTrades(trader);
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((t) => t.status === 'closed')).toBe(true);
    const after = activationAnswer.parse((await request(stack.app).get('/api/v1/expert_advisors/active').set(bearer(trader.token)).expect(200)).body).data!;
    expect(after).toMatchObject({ running: false, stopped_reason: 'Stopped at its loss limit of 2 % of the balance; its trades were closed.' });
    await bars(run, 'BTCUSD', [57_000, 56_000]);
    expect(await eaTrades(trader)).toHaveLength(all.length);
  });

  it('when stopped, it trades no more; a new runner (a restart) carries on from the stored memory', async () => {
    const { trader, advisor } = await running('Capped Grid', 'ETHUSD');
    await bars(runner(), 'ETHUSD', [3000]);
    await call(trader, `/expert_advisors/${advisor.id}/stop`).expect(200);
    await bars(runner(), 'ETHUSD', [2980, 2960]);
    expect(await eaTrades(trader)).toEqual([]);
    const [stored] = await stack.database.db.select().from(advisorActivations).where(eq(advisorActivations.userId, trader.user.id));
    expect(stored!.state).toEqual({ anchor: 3000, level: 0 });

    // Started again on the same target, the grid keeps its anchor at 3,000: 2,990 is below its first line.
    await stack.database.db.update(advisorActivations).set({ running: true }).where(eq(advisorActivations.userId, trader.user.id));
    await bars(runner(), 'ETHUSD', [2990]);
    expect((await eaTrades(trader)).map((t) => [t.side, t.status])).toEqual([['buy', 'open']]);
  });

  it('when a run was stopped or moved, then an order or close still carrying it is refused under the account lock', async () => {
    const { trader, advisor } = await running('Trend Rider', 'BTCUSD');
    const run = runner();
    await bars(run, 'BTCUSD', [...ramp(70_000, 66_000, 31), ...ramp(66_100, 70_000, 12)]);
    const [buy] = await eaTrades(trader);
    const [activation] = await stack.database.db.select().from(advisorActivations).where(eq(advisorActivations.userId, trader.user.id));
    const oldRun: Automation = { by: 'expert_advisor', advisorId: advisor.id, assetId: idOf('BTCUSD'), runStartedAt: activation!.startedAt! };
    const deps = { database: stack.database, market: stack.market, bus: stack.bus };
    const order = (automation: Automation) =>
      executeMarketOrders(deps, [
        { userId: trader.user.id, order: { side: 'buy', assetId: idOf('BTCUSD'), units: '0.01', leverage: 1, accountId: trader.account.id }, orderId: undefined, classLeverage: 100, automation },
      ]);

    // Moved to ETH: the BTC run may no longer act.
    await call(trader, `/expert_advisors/${advisor.id}/start`, { account_id: trader.account.id, asset_id: idOf('ETHUSD') }).expect(200);
    expect((await order(oldRun))[0]).toEqual({ ok: false, refusal: { kind: 'conflict', message: 'This automated order was not placed: its automation has been switched off.' } });
    expect(await closeTradeForCustomer(deps, { userId: trader.user.id, tradeId: buy!.id, reason: 'expert_advisor', automation: oldRun })).toMatchObject({ ok: false, refusal: { kind: 'conflict' } });

    // Stopped: neither may the current run.
    const [moved] = await stack.database.db.select().from(advisorActivations).where(eq(advisorActivations.userId, trader.user.id));
    const current: Automation = { ...oldRun, assetId: idOf('ETHUSD'), runStartedAt: moved!.startedAt! };
    await call(trader, `/expert_advisors/${advisor.id}/stop`).expect(200);
    expect((await order(current))[0]).toMatchObject({ ok: false, refusal: { kind: 'conflict' } });
    expect((await eaTrades(trader)).map((t) => [t.id, t.status])).toEqual([[buy!.id, 'open']]);
  });

  it('when an EA trade is closed in parts, then its figures count one position and one win or loss', async () => {
    const { trader, advisor } = await running('Trend Rider', 'BTCUSD');
    await stack.database.db
      .update(expertAdvisors)
      .set({ params: { fast: 10, slow: 30, stopLossPercent: 1.5, takeProfitPercent: 3, lots: 0.04 } })
      .where(eq(expertAdvisors.id, advisor.id));
    try {
      await bars(runner(), 'BTCUSD', [...ramp(70_000, 66_000, 31), ...ramp(66_100, 70_000, 12)]);
    } finally {
      await stack.database.db
        .update(expertAdvisors)
        .set({ params: { fast: 10, slow: 30, stopLossPercent: 1.5, takeProfitPercent: 3, lots: 0.01 } })
        .where(eq(expertAdvisors.id, advisor.id));
    }
    const [buy] = await eaTrades(trader);
    for (let part = 0; part < 3; part += 1) await call(trader, `/trade/${buy!.id}/close`, { volume: '0.01' }).expect(200);
    await call(trader, `/trade/${buy!.id}/close`).expect(200);
    const stats = activationAnswer.parse((await request(stack.app).get('/api/v1/expert_advisors/active').set(bearer(trader.token)).expect(200)).body).data!.stats;
    expect(stats).toMatchObject({ trades: 1, closed: 1, open_positions: 0 });
    expect(stats.wins).toBeLessThanOrEqual(1);
  });

  it('the customer can close an EA trade by hand: it is booked as their own close', async () => {
    const { trader } = await running('Trend Rider', 'BTCUSD');
    const run = runner();
    await bars(run, 'BTCUSD', [...ramp(70_000, 66_000, 31), ...ramp(66_100, 70_000, 12)]);
    const [buy] = await eaTrades(trader);
    await call(trader, `/trade/${buy!.id}/close`).expect(200);
    expect((await eaTrades(trader)).map((t) => [t.assetId, t.closeReason])).toEqual([[idOf('BTCUSD'), 'manual']]);
  });

  it('when its customer is deactivated, then it stops by itself without trading and says why', async () => {
    const { trader } = await running('Trend Rider', 'BTCUSD');
    await stack.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, trader.user.id));
    const run = runner();
    await bars(run, 'BTCUSD', [...ramp(70_000, 66_000, 31), ...ramp(66_100, 70_000, 12)]);
    expect(await eaTrades(trader)).toEqual([]);
    const [activation] = await stack.database.db.select().from(advisorActivations).where(eq(advisorActivations.userId, trader.user.id));
    expect(activation).toMatchObject({ running: false, stoppedReason: 'Stopped: the account can no longer trade.' });
  });

  it('when two leaders act on the same bar (a handover), then the EA opens its trade once', async () => {
    const { trader } = await running('Capped Grid', 'BTCUSD');
    const bar = Date.now();
    const leader = (at: number) => new AdvisorRunner({ db: stack.database.db, market: stack.market, bus: stack.bus, logger: silentLogger, barMs: 1_000, clock: () => at });
    await bars(leader(bar), 'BTCUSD', [60_000]);
    stack.prices.set({ [idOf('BTCUSD')]: '59900.00' });
    const [old, next] = [leader(bar + 1_000), leader(bar + 1_000)];
    await old.step();
    // The new leader has not seen the old one's trade in its own reading: it decides the same and sends the same order.
    await stack.database.db
      .update(advisorActivations)
      .set({ state: { anchor: 60_000, level: 0 } })
      .where(eq(advisorActivations.userId, trader.user.id));
    await next.step();
    expect((await eaTrades(trader)).map((t) => [t.side, t.status])).toEqual([['buy', 'open']]);
  });
});
