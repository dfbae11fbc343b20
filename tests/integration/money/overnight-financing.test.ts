import { and, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tradePage } from '../../../shared/api/trades.schema';
import { defaultRolloverClock } from '../../../shared/trading/financing';
import { financingTexts, rateTexts } from '../../../shared/api/financing.schema';
import { auditLog, benchmarkRates, ledgerEntries, notifications, planFinancing, plans, rollovers, swapPoints, trades } from '../../../server/trading/db/schema';
import { RolloverJob } from '../../../server/trading/financing/job';
import { runRollover, type RolloverDeps } from '../../../server/trading/financing/rollover';
import { auditLedger, balanceOf } from '../../support/money';
import { runCommand } from '../../../server/commands';
import { fundedTrader, silentLogger, startTrading, testConfig, tokenFor, type TradingStack } from '../../support/trading';
import { makeUser } from '../../support/factories';
import { bearer } from '../../support/bearer';

/**
 * Overnight financing (docs/trading.md#overnight-financing), every figure worked out by hand: a long charged and a short
 * credited, three nights on the triple day, each night once across re-runs, restarts and two leaders, a missed night
 * caught up with the rates of its own day, the ledger audited after each test.
 */

const wednesday = new Date('2026-11-18T15:00:00Z');
let clock = wednesday;
let stack: TradingStack;
let deps: RolloverDeps;
const since = new Date('2026-01-01T00:00:00Z');

const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
async function tick(mids: Record<string, string>) {
  stack.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])));
  await stack.engine.idle();
}
async function open(token: string, body: Record<string, unknown>) {
  const res = await request(stack.app)
    .post('/api/v1/trades/store')
    .set(bearer(token))
    .send({ leverage: 20, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = Number((res.body.data as { id: string }).id);
  // Trades are stamped by the wall clock; here they open at the story's time.
  await stack.database.db.update(trades).set({ openedAt: clock }).where(eq(trades.id, id));
  return id;
}
const swapEntries = (accountId: number) =>
  stack.database.db
    .select({ amount: ledgerEntries.amount, reference: ledgerEntries.reference })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.kind, 'swap')))
    .orderBy(ledgerEntries.id);
const swapOf = async (tradeId: number) => (await stack.database.db.select({ swap: trades.swap }).from(trades).where(eq(trades.id, tradeId)))[0]!.swap;

beforeAll(async () => {
  stack = await startTrading({ now: () => clock });
  deps = { db: stack.database.db, market: stack.market, bus: stack.bus, logger: silentLogger, clock: defaultRolloverClock };
  const db = stack.database.db;
  const [basic] = await db.select().from(plans).where(eq(plans.isDefault, true));
  // Rates of this story, newer than the seeded ones.
  await db.insert(swapPoints).values({ assetId: idOf('EURUSD'), longPoints: '-6.5', shortPoints: '1.2', effectiveFrom: since });
  await db.insert(benchmarkRates).values({ currency: 'USD', ratePercent: '4.33', effectiveFrom: since });
  await db.insert(planFinancing).values([
    { planId: basic!.id, assetClass: 'forex', markup: '0.5', effectiveFrom: since },
    { planId: basic!.id, assetClass: 'stocks', markup: '2.5', effectiveFrom: since },
  ]);
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

describe('overnight financing', () => {
  it('charges a long and credits a short at the rollover, three nights on forex’s Wednesday, once however often it runs', async () => {
    clock = wednesday;
    await tick({ EURUSD: '1.10000', AAPL: '200.00' });
    const long = await fundedTrader(stack, '10000.00');
    const short = await fundedTrader(stack, '10000.00');
    const longFx = await open(long.token, { type: 'buy', id: idOf('EURUSD'), volume: '100000' });
    const shortFx = await open(short.token, { type: 'sell', id: idOf('EURUSD'), volume: '100000' });
    const longStock = await open(long.token, { type: 'buy', id: idOf('AAPL'), volume: '10', leverage: 5 });
    const shortStock = await open(short.token, { type: 'sell', id: idOf('AAPL'), volume: '10', leverage: 5 });
    const longBalance = await balanceOf(stack.database.db, long.account.id);
    const shortBalance = await balanceOf(stack.database.db, short.account.id);
    const job = new RolloverJob(deps);

    // What the customer is shown before: the plan's net rates, signed, and the triple day.
    const assets = (await request(stack.app).get('/api/v1/assets').set(bearer(long.token))).body.data as { symbol: string }[];
    expect(assets.find((a) => a.symbol === 'EURUSD')).toMatchObject({ swap_type: 'points', swap_long: -7, swap_short: 0.7, swap_triple_day: 'Wednesday' });
    expect(assets.find((a) => a.symbol === 'AAPL')).toMatchObject({ swap_type: 'percent', swap_long: -6.83, swap_short: 1.83, swap_triple_day: 'Friday' });
    expect(assets.find((a) => a.symbol === 'BTCUSD')).toMatchObject({ swap_type: 'percent', swap_triple_day: null });

    // Before 17:00 New York (22:00 UTC in November) nothing is due.
    clock = new Date('2026-11-18T21:59:00Z');
    await job.runNow();
    expect(await swapEntries(long.account.id)).toEqual([]);

    clock = new Date('2026-11-18T22:00:30Z');
    await Promise.all([job.runNow(), runRollover(deps, '2026-11-18', { trigger: 'staff' }), runRollover(deps, '2026-11-18', { trigger: 'command' })]);
    // EURUSD: (−6.5 − 0.5) points × 0.00001 × 100,000 × 3 nights = −21.00; short (1.2 − 0.5) × 1 × 3 = +2.10.
    // AAPL (Friday is its triple day): 10 × 200 × (4.33 + 2.5) % / 365 = 0.3742… → −0.38; short 2,000 × 1.83 % / 365 = 0.1002… → +0.10.
    expect(await swapEntries(long.account.id)).toEqual([
      { amount: '-21.00', reference: `swap:${longFx}:2026-11-18` },
      { amount: '-0.38', reference: `swap:${longStock}:2026-11-18` },
    ]);
    expect(await swapEntries(short.account.id)).toEqual([
      { amount: '2.10', reference: `swap:${shortFx}:2026-11-18` },
      { amount: '0.10', reference: `swap:${shortStock}:2026-11-18` },
    ]);
    expect(await balanceOf(stack.database.db, long.account.id)).toBe((Number(longBalance) - 21.38).toFixed(2));
    expect(await balanceOf(stack.database.db, short.account.id)).toBe((Number(shortBalance) + 2.2).toFixed(2));
    expect(await swapOf(longFx)).toBe('-21.00');

    // The position shows its swap so far; the customer is told.
    const page = tradePage.parse((await request(stack.app).get('/api/v1/open/trades').set(bearer(long.token))).body);
    expect(page.data.find((t) => Number(t.id) === longFx)).toMatchObject({ swap: '-21' });
    const told = await stack.database.db.select().from(notifications).where(eq(notifications.userId, long.user.id));
    expect(told.map((n) => [n.title, n.message])).toContainEqual(['Overnight financing', 'At the rollover of 2026-11-18: -21.38 USD on 2 open positions.']);

    // Again, and after a restart (a new job on the same database): nothing more.
    await job.runNow();
    await new RolloverJob(deps).runNow();
    expect(await runRollover(deps, '2026-11-18', { trigger: 'staff' })).toEqual({ day: '2026-11-18', booked: 0, alreadyDone: true });
    expect(await swapEntries(long.account.id)).toHaveLength(2);
  });

  it('catches up a missed night with the rates of its own day', async () => {
    clock = new Date('2026-11-19T12:00:00Z');
    const trader = await fundedTrader(stack, '10000.00');
    const tradeId = await open(trader.token, { type: 'buy', id: idOf('EURUSD'), volume: '100000' });
    const job = new RolloverJob(deps);
    // New points from after Thursday's rollover (22:00 UTC).
    await stack.database.db.insert(swapPoints).values({ assetId: idOf('EURUSD'), longPoints: '-10', shortPoints: '2', effectiveFrom: new Date('2026-11-19T23:00:00Z') });

    // Nothing ran on Thursday night; on Friday after its rollover both nights are booked, oldest first.
    clock = new Date('2026-11-20T22:01:00Z');
    await job.runNow();
    // Thursday: (−6.5 − 0.5) × 1 night = −7.00; Friday: (−10 − 0.5) × 1 = −10.50 (forex's triple day is Wednesday).
    expect(await swapEntries(trader.account.id)).toEqual([
      { amount: '-7.00', reference: `swap:${tradeId}:2026-11-19` },
      { amount: '-10.50', reference: `swap:${tradeId}:2026-11-20` },
    ]);
    expect(await swapOf(tradeId)).toBe('-17.50');

    // The weekend's rollovers charge forex nothing; Monday's one night.
    clock = new Date('2026-11-23T22:00:00Z');
    await job.runNow();
    expect((await swapEntries(trader.account.id)).map((e) => e.amount)).toEqual(['-7.00', '-10.50', '-10.50']);
  });

  it('lets an admin see the rollovers and run a day by hand, once, never one still to come', async () => {
    clock = new Date('2026-11-24T12:00:00Z');
    const admin = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
    const customer = await fundedTrader(stack, '100.00');
    const list = await request(stack.app).get('/api/v1/admin/rollovers').set(bearer(admin));
    expect(list.status).toBe(200);
    expect(list.body.clock).toEqual({ time: '17:00', time_zone: 'America/New_York', scheduled: true });
    expect(list.body.data.map((r: { day: string }) => r.day)).toEqual(expect.arrayContaining(['2026-11-18', '2026-11-23']));
    expect(list.body.data.find((r: { day: string }) => r.day === '2026-11-18')).toMatchObject({ trigger: expect.any(String), positions: 4 });

    const run = (day: string, token = admin) => request(stack.app).post('/api/v1/admin/rollovers').set(bearer(token)).send({ day });
    expect((await run('2026-11-18', customer.token)).status).toBe(403);
    const notYet = await run('2026-11-24');
    expect([notYet.status, notYet.body.errors?.day]).toEqual([422, [financingTexts.notYet('2026-11-24')]]);
    expect((await run('24/11/2026')).body.errors?.day).toEqual([financingTexts.dayRequired]);
    const again = await run('2026-11-18');
    expect([again.status, again.body.message]).toEqual([409, financingTexts.alreadyBooked('2026-11-18')]);

    // A night no job reached (before any position here was open): booked by hand, with nothing to charge.
    const byHand = await run('2026-11-17');
    expect(byHand.status).toBe(200);
    expect(byHand.body).toMatchObject({ data: { rollover: { day: '2026-11-17', trigger: 'staff' }, booked: 0 }, message: financingTexts.booked('2026-11-17', 0) });
    // What the nights booked, from the ledger: the story's Wednesday per instrument and plan, and per night.
    const report = (await request(stack.app).get('/api/v1/admin/financing/report?day=2026-11-18').set(bearer(admin))).body.data;
    expect(report.day).toBe('2026-11-18');
    expect(report.instruments).toEqual([
      { symbol: 'AAPL', plan: 'Basic', currency: 'USD', charged: 0.38, credited: 0.1, positions: 2 },
      { symbol: 'EURUSD', plan: 'Basic', currency: 'USD', charged: 21, credited: 2.1, positions: 2 },
    ]);
    expect(report.nights.find((n: { day: string }) => n.day === '2026-11-18')).toEqual({ day: '2026-11-18', currency: 'USD', charged: 21.38, credited: 2.2, positions: 4 });
    expect(report.nights.map((n: { day: string }) => n.day)).toEqual(['2026-11-23', '2026-11-20', '2026-11-19', '2026-11-18']);

    const audited = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'financing.rollover_run'));
    expect(audited.map((a) => a.details)).toEqual([{ day: '2026-11-17', booked: 0 }]);
  });

  it('books a day by the operator command too, once', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await runCommand('rollover', ['2026-11-16'], testConfig(), stack.database);
      await runCommand('rollover', ['2026-11-16'], testConfig(), stack.database);
      expect(log.mock.calls.map((call) => call[0])).toEqual([financingTexts.booked('2026-11-16', 0), financingTexts.alreadyBooked('2026-11-16')]);
      const [row] = await stack.database.db.select().from(rollovers).where(eq(rollovers.day, '2026-11-16'));
      expect(row).toMatchObject({ trigger: 'command', positions: 0 });
      await expect(runCommand('rollover', ['16/11/2026'], testConfig(), stack.database)).rejects.toThrow('Usage: rollover <YYYY-MM-DD>');
    } finally {
      log.mockRestore();
    }
  });

  it('lets an admin set a benchmark, an instrument’s swap points and a plan’s markup, each in force from now and audited', async () => {
    clock = new Date('2026-11-25T12:00:00Z');
    const admin = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
    const customer = await fundedTrader(stack, '100.00');
    const post = (path: string, body: object, token = admin) => request(stack.app).post(`/api/v1/admin/financing/${path}`).set(bearer(token)).send(body);
    const [basic] = await stack.database.db.select().from(plans).where(eq(plans.isDefault, true));

    expect((await post('benchmarks', { currency: 'USD', rate_percent: '4.5' }, customer.token)).status).toBe(403);
    const refused = [
      [await post('benchmarks', { currency: 'usd', rate_percent: '4.5' }), 'currency', rateTexts.currency],
      [await post('benchmarks', { currency: 'USD', rate_percent: '101' }), 'rate_percent', rateTexts.benchmark],
      [await post('swap-points', { asset_id: idOf('AAPL'), long_points: '-1', short_points: '1' }), 'asset_id', rateTexts.instrument],
      [await post('swap-points', { asset_id: idOf('EURUSD'), long_points: '-1.23456', short_points: '1' }), 'long_points', rateTexts.points],
      [await post('markups', { plan_id: basic!.id, asset_class: 'forex', markup: '-1' }), 'markup', rateTexts.markup],
      [await post('markups', { plan_id: 999_999, asset_class: 'forex', markup: '1' }), 'plan_id', rateTexts.plan],
    ] as const;
    for (const [res, field, message] of refused) expect([res.status, res.body.errors?.[field]], message).toEqual([422, [message]]);

    expect((await post('benchmarks', { currency: 'USD', rate_percent: '4.5' })).body.message).toBe(rateTexts.set('The USD benchmark'));
    expect((await post('swap-points', { asset_id: idOf('EURUSD'), long_points: '-8', short_points: '2.5' })).status).toBe(200);
    expect((await post('markups', { plan_id: basic!.id, asset_class: 'forex', markup: '0.75' })).status).toBe(200);
    const rates = (await request(stack.app).get('/api/v1/admin/financing/rates').set(bearer(admin))).body.data;
    expect(rates.benchmarks.find((b: { currency: string }) => b.currency === 'USD')).toMatchObject({ rate_percent: 4.5, effective_from: clock.toISOString() });
    expect(rates.swap_points.find((p: { symbol: string }) => p.symbol === 'EURUSD')).toMatchObject({ long_points: -8, short_points: 2.5 });
    expect(rates.markups.find((m: { plan_id: number; asset_class: string }) => m.plan_id === basic!.id && m.asset_class === 'forex')).toMatchObject({ markup: 0.75 });
    const audited = await stack.database.db.select().from(auditLog).where(like(auditLog.action, 'financing.%_set'));
    expect(audited.map((a) => a.action).sort()).toEqual(['financing.benchmark_set', 'financing.markup_set', 'financing.swap_points_set']);
  });
});
