import { and, desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedAllSchema, feedEvents, feedUpdateSchema, type FeedItem } from '../../../shared/api/feed.schema';
import { assetListResponse } from '../../../shared/api/assets.schema';
import { auditLog, ledgerEntries, planConditions, plans, trades } from '../../../server/trading/db/schema';
import { auditLedger, balanceOf } from '../../support/money';
import { fundedTrader, startTrading, testFeedApiKey, tokenFor, type TradingStack } from '../../support/trading';
import { makeUser } from '../../support/factories';
import { bearer } from '../../support/bearer';

/**
 * Plans as client groups (docs/trading.md#trading-conditions): each plan's spread markup reaches its customers' quotes in
 * `/assets`, the price feed and the fill, and its commission is booked at open and close, every figure worked out by
 * hand; the ledger audited after each test.
 */

let stack: TradingStack;
let feedUrl: string;
const sockets: Socket[] = [];
let admin: string;
const planIds: Record<'basic' | 'pro' | 'premium', number> = { basic: 0, pro: 0, premium: 0 };

const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
async function tick(mids: Record<string, string>) {
  stack.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])));
  await stack.engine.idle();
}
const setConditions = (body: Record<string, unknown>) =>
  request(stack.app)
    .post('/api/v1/admin/conditions')
    .set(bearer(admin))
    .send({ commission_type: 'per_lot', commission_rate: '0', commission_min: '0', ...body });

beforeAll(async () => {
  stack = await startTrading();
  const listening = await stack.trading.listen(0, '127.0.0.1');
  feedUrl = `http://127.0.0.1:${listening.port}`;
  for (const plan of await stack.database.db.select().from(plans)) if (plan.slug in planIds) planIds[plan.slug as keyof typeof planIds] = plan.id;
  admin = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
  // This story's conditions, set as an admin sets them: forex markups 10 (Basic) and 4 (Pro) points, Premium raw with
  // 3.50 USD per lot per side, and stocks on Premium 2 basis points of the notional with a 1 USD minimum.
  for (const [plan, markup, commission] of [
    ['basic', 10, '0'],
    ['pro', 4, '0'],
    ['premium', 0, '3.50'],
  ] as const) {
    expect((await setConditions({ plan_id: planIds[plan], asset_class: 'forex', spread_markup: markup, commission_rate: commission })).status).toBe(200);
  }
  expect((await setConditions({ plan_id: planIds.premium, asset_class: 'stocks', spread_markup: 0, commission_type: 'notional', commission_rate: '2', commission_min: '1' })).status).toBe(200);
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.trading.close();
  await stack.database.close();
});

/** The feed as a signed-in customer's page opens it (the web tier passes the session's token), or anonymous. */
async function feedAs(token?: string): Promise<{ snapshot: FeedItem[]; updates: FeedItem[] }> {
  const socket = connect(feedUrl, { transports: ['websocket'], auth: { key: testFeedApiKey, ...(token ? { token } : {}) }, reconnection: false });
  sockets.push(socket);
  const updates: FeedItem[] = [];
  socket.on(feedEvents.update, (items: unknown) => updates.push(...feedUpdateSchema.parse(items)));
  const all = new Promise<unknown>((resolve) => socket.once(feedEvents.all, resolve));
  socket.emit(feedEvents.subscribeAll);
  return { snapshot: feedAllSchema.parse(await all).data, updates };
}

/**
 * A Basic customer's buy of 10,000 EUR/USD with a mid of 1.10000, at Basic's ask (1.10010), with a take profit at 1.10100;
 * and its status and close price as the database has them.
 */
async function basicBuyWithTakeProfit() {
  await tick({ EURUSD: '1.10000' });
  const customer = await fundedTrader(stack, '10000.00', { plan: 'basic' });
  const opened = await request(stack.app)
    .post('/api/v1/trades/store')
    .set(bearer(customer.token))
    .send({ type: 'buy', id: idOf('EURUSD'), volume: '10000', leverage: 20, take_profit: '1.10100' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const statusOf = async () =>
    (
      await stack.database.db
        .select({ status: trades.status, closePrice: trades.closePrice })
        .from(trades)
        .where(eq(trades.id, Number(opened.body.data.id)))
    )[0]!;
  return { customer, statusOf };
}

const eurusdIn = async (token: string) => {
  const res = await request(stack.app).get('/api/v1/assets').set(bearer(token));
  expect(res.status).toBe(200);
  assetListResponse.parse(res.body);
  // As the wire has it: numbers for the figures.
  return (
    res.body as { data: { symbol: string; sell_price: number; buy_price: number; spread: number; spread_markup: number; commission_type: string; commission_rate: number; commission_min: number }[] }
  ).data.find((a) => a.symbol === 'EURUSD')!;
};

describe('plans as client groups', () => {
  it('when the raw EUR/USD is 1.09995/1.10005, then Basic sees 1.09990/1.10010 and Pro 1.09993/1.10007: narrower by exactly the 6 points between their markups, in /assets, the feed and the fill', async () => {
    // A mid of 1.10000 with EUR/USD's own half-spread (0.00004 of the mid each side): raw bid 1.09995, ask 1.10005.
    await tick({ EURUSD: '1.10000' });
    const raw = stack.market.quotes.get(idOf('EURUSD'))!;
    expect([raw.bid, raw.ask]).toEqual(['1.09995', '1.10005']);
    const basic = await fundedTrader(stack, '10000.00', { plan: 'basic' });
    const pro = await fundedTrader(stack, '10000.00', { plan: 'pro' });

    // /assets: Basic's 10 points are 5 below the bid and 5 above the ask; Pro's 4 are 2 and 2.
    const basicAsset = await eurusdIn(basic.token);
    const proAsset = await eurusdIn(pro.token);
    expect([basicAsset.sell_price, basicAsset.buy_price, basicAsset.spread_markup]).toEqual([1.0999, 1.1001, 10]);
    expect([proAsset.sell_price, proAsset.buy_price, proAsset.spread_markup]).toEqual([1.09993, 1.10007, 4]);
    expect(basicAsset.spread - proAsset.spread).toBeCloseTo(0.00006, 10);

    // The feed: each group gets its own quotes, snapshot and updates; an anonymous socket the default plan's (Basic).
    const basicFeed = await feedAs(basic.token);
    const proFeed = await feedAs(pro.token);
    const anonymous = await feedAs();
    const inSnapshot = (feed: { snapshot: FeedItem[] }) => feed.snapshot.find((item) => item.id === 'EURUSD')!;
    expect([inSnapshot(basicFeed).bid, inSnapshot(basicFeed).ask]).toEqual([1.0999, 1.1001]);
    expect([inSnapshot(proFeed).bid, inSnapshot(proFeed).ask]).toEqual([1.09993, 1.10007]);
    expect([inSnapshot(anonymous).bid, inSnapshot(anonymous).ask]).toEqual([1.0999, 1.1001]);
    await tick({ EURUSD: '1.20000' });
    const latest = (feed: { updates: FeedItem[] }) => feed.updates.filter((item) => item.id === 'EURUSD').at(-1);
    await vi.waitFor(() => expect(latest(proFeed)?.price).toBe(1.2));
    await vi.waitFor(() => expect(latest(basicFeed)?.price).toBe(1.2));
    // Raw 1.19995/1.20005 at a mid of 1.20000.
    expect([latest(basicFeed)!.bid, latest(basicFeed)!.ask]).toEqual([1.1999, 1.2001]);
    expect([latest(proFeed)!.bid, latest(proFeed)!.ask]).toEqual([1.19993, 1.20007]);

    // The fill: a buy opens at the group's ask, and is worth the group's bid at once.
    const open = async (token: string) => {
      const res = await request(stack.app)
        .post('/api/v1/trades/store')
        .set(bearer(token))
        .send({ type: 'buy', id: idOf('EURUSD'), volume: '100000', leverage: 20 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: string; opening_price: number; closing_price: number; pnl: number };
    };
    const basicTrade = await open(basic.token);
    const proTrade = await open(pro.token);
    expect([basicTrade.opening_price, basicTrade.closing_price, basicTrade.pnl]).toEqual([1.2001, 1.1999, -20]);
    expect([proTrade.opening_price, proTrade.closing_price, proTrade.pnl]).toEqual([1.20007, 1.19993, -14]);
    for (const [person, trade] of [
      [basic, basicTrade],
      [pro, proTrade],
    ] as const) {
      const closed = await request(stack.app).post(`/api/v1/trade/${trade.id}/close`).set(bearer(person.token)).send({});
      expect(closed.status).toBe(200);
    }
    expect(await balanceOf(stack.database.db, basic.account.id)).toBe('9980.00');
    expect(await balanceOf(stack.database.db, pro.account.id)).toBe('9986.00');
  });

  it('when staff move a Basic customer to Pro, then their open feed socket is sent a fresh snapshot at Pro’s quotes and Pro’s updates after', async () => {
    await tick({ EURUSD: '1.10000' });
    const customer = await fundedTrader(stack, '100.00', { plan: 'basic' });
    const feed = await feedAs(customer.token);
    const socket = sockets.at(-1)!;
    expect(feed.snapshot.find((item) => item.id === 'EURUSD')).toMatchObject({ bid: 1.0999, ask: 1.1001 });
    const snapshot = new Promise<unknown>((resolve) => socket.once(feedEvents.all, resolve));
    const moved = await request(stack.app).post(`/api/v1/admin/customers/${customer.user.id}/plan`).set(bearer(admin)).send({ plan_id: planIds.pro });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(feedAllSchema.parse(await snapshot).data.find((item) => item.id === 'EURUSD')).toMatchObject({ bid: 1.09993, ask: 1.10007 });
    feed.updates.length = 0;
    await tick({ EURUSD: '1.20000' });
    await vi.waitFor(() => expect(feed.updates.filter((item) => item.id === 'EURUSD').at(-1)).toMatchObject({ bid: 1.19993, ask: 1.20007 }));
  });

  it('when a Premium customer trades 2 lots of EUR/USD, then 7.00 USD is charged at the open and 7.00 at the close, each its own ledger entry, and the closed trade shows 14.00 paid beside its price P/L', async () => {
    await tick({ EURUSD: '1.10000' });
    const premium = await fundedTrader(stack, '20000.00', { plan: 'premium' });
    const asset = await eurusdIn(premium.token);
    expect([asset.sell_price, asset.buy_price, asset.commission_type, asset.commission_rate, asset.commission_min]).toEqual([1.09995, 1.10005, 'per_lot', 3.5, 0]);
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(premium.token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '200000', leverage: 30 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.data.paid_commission).toBe(7);
    expect(await balanceOf(stack.database.db, premium.account.id)).toBe('19993.00');

    await tick({ EURUSD: '1.10100' });
    // Raw bid at a mid of 1.10100: 1.10100 × (1 − 0.00004) = 1.100955…, down to 1.10095: (1.10095 − 1.10005) × 200,000 = 180.00.
    const closed = await request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(premium.token)).send({});
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ pnl: 180, paid_commission: 14, swap: 0 });
    expect(await balanceOf(stack.database.db, premium.account.id)).toBe('20166.00');
    const entries = await stack.database.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, reference: ledgerEntries.reference })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, premium.account.id), eq(ledgerEntries.kind, 'commission')))
      .orderBy(ledgerEntries.id);
    const id = Number(opened.body.data.id);
    expect(entries).toEqual([
      { kind: 'commission', amount: '-7.00', reference: `open:${id}` },
      { kind: 'commission', amount: '-7.00', reference: `close:${id}` },
    ]);
    // Staff see it in the financing and commissions report, by day and by instrument and plan.
    const today = new Date().toISOString().slice(0, 10);
    const report = await request(stack.app).get(`/api/v1/admin/financing/report?day=${today}`).set(bearer(admin));
    expect(report.status).toBe(200);
    expect(report.body.data.commissions).toContainEqual({ day: today, currency: 'USD', charged: 14, sides: 2 });
    expect(report.body.data.commission_instruments).toEqual([{ symbol: 'EURUSD', plan: 'Premium', currency: 'USD', charged: 14, sides: 2 }]);
    // Asked for no day, the report details the latest day of each: no night is booked here, so none is named.
    const latest = await request(stack.app).get('/api/v1/admin/financing/report').set(bearer(admin));
    expect(latest.body.data).toMatchObject({ day: null, instruments: [], commission_day: today });
    expect(latest.body.data.commission_instruments).toEqual(report.body.data.commission_instruments);
  });

  it('when a Premium customer closes half a stock position, then each side is 2 basis points of its notional or 1 USD at least, and the closed half carries its share of the opening commission', async () => {
    await tick({ AAPL: '200.00' });
    const premium = await fundedTrader(stack, '10000.00', { plan: 'premium' });
    // 100 shares at Premium's raw ask (about 200): 2 basis points of the notional, about 4 USD.
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(premium.token))
      .send({ type: 'buy', id: idOf('AAPL'), volume: '100', leverage: 5 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const ask = opened.body.data.opening_price as number;
    const openCharge = Math.max(1, Math.round(ask * 100 * 0.0002 * 100) / 100);
    expect(opened.body.data.paid_commission).toBe(openCharge);
    // Half (50 shares) closed: its closing side is 2 bp of 50 × bid, at least 1 USD; it takes half the opening commission.
    const half = await request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(premium.token)).send({ volume: '50' });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    const bid = half.body.data.closing_price as number;
    const closeCharge = Math.max(1, Math.round(bid * 50 * 0.0002 * 100) / 100);
    expect(half.body.data.paid_commission).toBeCloseTo(Math.floor((openCharge / 2) * 100) / 100 + closeCharge, 2);
    expect(half.body.remaining.paid_commission).toBeCloseTo(openCharge - Math.floor((openCharge / 2) * 100) / 100, 2);
    const [row] = await stack.database.db
      .select({ paid: trades.paidCommission })
      .from(trades)
      .where(eq(trades.id, Number(opened.body.data.id)));
    expect(Number(row!.paid)).toBeCloseTo(openCharge - Math.floor((openCharge / 2) * 100) / 100, 2);
  });

  it('when the raw bid reaches a Basic customer’s take profit, then nothing closes until Basic’s own bid does, and it closes there', async () => {
    const { statusOf } = await basicBuyWithTakeProfit();
    // A mid of 1.10105: raw bid 1.10100 (the level), Basic's 1.10095.
    await tick({ EURUSD: '1.10105' });
    expect((await statusOf()).status).toBe('open');
    // A mid of 1.10110: raw bid 1.10105, Basic's 1.10100.
    await tick({ EURUSD: '1.10110' });
    expect(await statusOf()).toEqual({ status: 'closed', closePrice: '1.1010000000' });
  });

  it('when staff move a Basic customer with a take profit waiting to Pro, then the engine moves only their levels to Pro’s book, without reading the whole book again, and the take profit fires at Pro’s bid', async () => {
    const { customer, statusOf } = await basicBuyWithTakeProfit();
    const readBook = vi.spyOn(stack.engine as unknown as { readBook: (reason: string) => Promise<void> }, 'readBook');
    try {
      const moved = await request(stack.app).post(`/api/v1/admin/customers/${customer.user.id}/plan`).set(bearer(admin)).send({ plan_id: planIds.pro });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      await stack.engine.idle();
      // A mid of 1.10107: raw bid 1.10102, Basic's 1.10097 (short of the level), Pro's 1.10100.
      await tick({ EURUSD: '1.10107' });
      expect(await statusOf()).toEqual({ status: 'closed', closePrice: '1.1010000000' });
      expect(readBook).not.toHaveBeenCalled();
    } finally {
      readBook.mockRestore();
    }
  });

  it('when an admin changes a markup, then the next quote uses it, the change is audited with before and after, and bad input is a 422 with the form’s message', async () => {
    const pro = await fundedTrader(stack, '100.00', { plan: 'pro' });
    await tick({ EURUSD: '1.10000' });
    expect((await setConditions({ plan_id: planIds.pro, asset_class: 'forex', spread_markup: 7 })).status).toBe(200);
    const asset = await eurusdIn(pro.token);
    // 7 points: 3 below the raw bid, 4 above the raw ask.
    expect([asset.sell_price, asset.buy_price]).toEqual([1.09992, 1.10009]);
    const [audit] = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'conditions.set')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit!.details).toMatchObject({ plan: 'Pro', asset_class: 'forex', before: { spread_markup: 4 }, after: { spread_markup: 7 } });
    const bad = await setConditions({ plan_id: planIds.pro, asset_class: 'forex', spread_markup: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.spread_markup).toEqual(['A spread markup is a whole number of points from 0 to 100,000.']);
    const wrongClass = await setConditions({ plan_id: planIds.pro, asset_class: 'stocks', asset_id: idOf('EURUSD'), spread_markup: 1 });
    expect(wrongClass.status).toBe(422);
    const rows = await stack.database.db.select().from(planConditions).where(eq(planConditions.planId, planIds.pro));
    expect(rows.filter((r) => r.assetId !== null)).toEqual([]);
    const customer = await request(stack.app).post('/api/v1/admin/conditions').set(bearer(pro.token)).send({ plan_id: planIds.pro, asset_class: 'forex', spread_markup: 0 });
    expect(customer.status).toBe(403);
    // Back to the story's markup for the other tests.
    expect((await setConditions({ plan_id: planIds.pro, asset_class: 'forex', spread_markup: 4 })).status).toBe(200);
  });
});
