import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertLedgerEntry } from '../../server/trading/db/ledger.repo';
import { candles } from '../../server/trading/db/schema';
import { utcDay } from '../../server/trading/api/dashboard.presenter';
import { makeUser } from '../support/factories';
import { auditLedger, liveAccount } from '../support/money';
import { marketsOpenAt, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/** The dashboard's figures (docs/customer-area.md#dashboard): from the ledger, the open totals and our own candles, never samples. */

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
const dayMs = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * dayMs);

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('GBPUSD')]: '1.30000', [idOf('BTCUSD')]: '60000.00' });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

/** A customer whose Live account got 1,000.00 forty days ago and 500.00 ten days ago. */
async function customerWithHistory() {
  const person = await makeUser(stack.database.db);
  const account = await liveAccount(stack.database.db, person.user.id);
  await stack.database.db.transaction(async (tx) => {
    await insertLedgerEntry(tx, { accountId: account.id, kind: 'deposit', amount: '1000.00', reference: 'old', createdAt: daysAgo(40) });
    await insertLedgerEntry(tx, { accountId: account.id, kind: 'deposit', amount: '500.00', reference: 'recent', createdAt: daysAgo(10) });
  });
  return { ...person, account, token: await tokenFor(stack.app, person) };
}

describe('GET /api/v1/dashboard/performance', () => {
  it('for a new customer, then the Live account has no P/L and no balance line (the empty state), and the Demo account its opening balance', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const live = await request(stack.app).get('/api/v1/dashboard/performance').set(bearer(token));
    expect(live.status).toBe(200);
    expect(live.body.data).toMatchObject({ range: '1M', pnl: [], balance: [], closes: 0, total: 0, account: { type: 'live', title: 'Live Account' } });
    expect(live.body.data.to).toBe(utcDay(new Date()));
    expect(live.body.data.from).toBe(utcDay(daysAgo(29)));

    const accounts = await request(stack.app).get('/api/v1/accounts').set(bearer(token));
    const demo = accounts.body.data.find((a: { type: string }) => a.type === 'demo');
    const demoSeries = await request(stack.app).get(`/api/v1/dashboard/performance?range=1W&account_id=${demo.id}`).set(bearer(token));
    expect(demoSeries.body.data.account).toMatchObject({ id: demo.id, type: 'demo' });
    expect(demoSeries.body.data.pnl).toEqual([]);
    expect(demoSeries.body.data.balance).toEqual([{ day: utcDay(new Date()), balance: 10000 }]);
  });

  it('gives the realised P/L of each day from the ledger and the balance at every day end, carried over days without entries', async () => {
    const trader = await customerWithHistory();
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(trader.token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20 });
    expect(opened.status).toBe(201);
    stack.prices.set({ [idOf('EURUSD')]: '1.10500' });
    await request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(trader.token)).expect(200);
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
    const [closed] = (await request(stack.app).get('/api/v1/closed/trades').set(bearer(trader.token))).body.data;
    const pnl = closed.pnl as number;
    expect(pnl).toBeGreaterThan(0);

    const month = (await request(stack.app).get('/api/v1/dashboard/performance?range=1M').set(bearer(trader.token))).body.data;
    expect(month.pnl).toEqual([{ day: utcDay(new Date()), amount: pnl, closes: 1 }]);
    expect(month.closes).toBe(1);
    expect(month.total).toBe(pnl);
    // Thirty days, the first opening at the 1,000.00 booked before the range.
    expect(month.balance).toHaveLength(30);
    expect(month.balance[0]).toEqual({ day: utcDay(daysAgo(29)), balance: 1000 });
    expect(month.balance[19]).toEqual({ day: utcDay(daysAgo(10)), balance: 1500 });
    expect(month.balance[28]).toEqual({ day: utcDay(daysAgo(1)), balance: 1500 });
    expect(month.balance[29]).toEqual({ day: utcDay(new Date()), balance: Number((1500 + pnl).toFixed(2)) });

    const week = (await request(stack.app).get('/api/v1/dashboard/performance?range=1W').set(bearer(trader.token))).body.data;
    expect(week.balance).toHaveLength(7);
    expect(week.balance[0]).toEqual({ day: utcDay(daysAgo(6)), balance: 1500 });
    const year = (await request(stack.app).get('/api/v1/dashboard/performance?range=1Y').set(bearer(trader.token))).body.data;
    // The account's first entry is 40 days old: the line starts there.
    expect(year.balance[0]).toEqual({ day: utcDay(daysAgo(40)), balance: 1000 });
    expect(year.balance).toHaveLength(41);
  });

  it('refuses another customer’s account (404) and a range it does not know (422)', async () => {
    const owner = await customerWithHistory();
    const other = await makeUser(stack.database.db);
    const otherToken = await tokenFor(stack.app, other);
    const theirs = await request(stack.app).get(`/api/v1/dashboard/performance?account_id=${owner.account.id}`).set(bearer(otherToken));
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Account not found.');
    const range = await request(stack.app).get('/api/v1/dashboard/performance?range=5Y').set(bearer(otherToken));
    expect(range.status).toBe(422);
    expect(range.body.message).toBe('The range must be 1W, 1M, 3M or 1Y.');
    expect((await request(stack.app).get('/api/v1/dashboard/performance')).status).toBe(401);
  });

  it('is for customers: staff are refused', async () => {
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const res = await request(stack.app)
      .get('/api/v1/dashboard')
      .set(bearer(await tokenFor(stack.app, staff)));
    expect(res.status).toBe(403);
  });
});

describe('GET /api/v1/dashboard', () => {
  it('for a new customer, then nothing is allocated and no transaction is listed (the demo funding is not one)', async () => {
    const person = await makeUser(stack.database.db);
    const res = await request(stack.app)
      .get('/api/v1/dashboard')
      .set(bearer(await tokenFor(stack.app, person)));
    expect(res.status).toBe(200);
    expect(res.body.data.allocation).toEqual({ basis: 'margin', currency: 'USD', total: 0, positions: 0, classes: [] });
    expect(res.body.data.recent).toEqual([]);
  });

  it('splits the Live account’s open margin by asset class, and lists its latest movements newest first', async () => {
    const trader = await customerWithHistory();
    const buy = (id: number, volume: string) => request(stack.app).post('/api/v1/trades/store').set(bearer(trader.token)).send({ type: 'buy', id, volume, leverage: 2 });
    expect((await buy(idOf('EURUSD'), '1000')).status).toBe(201);
    expect((await buy(idOf('EURUSD'), '1000')).status).toBe(201);
    expect((await buy(idOf('BTCUSD'), '0.01')).status).toBe(201);
    const accounts = (await request(stack.app).get('/api/v1/accounts').set(bearer(trader.token))).body.data;
    const live = accounts.find((a: { type: string }) => a.type === 'live');

    const { allocation, recent } = (await request(stack.app).get('/api/v1/dashboard').set(bearer(trader.token))).body.data;
    expect(allocation.positions).toBe(3);
    expect(allocation.total).toBe(live.margin);
    expect(allocation.classes.map((c: { asset_class: string }) => c.asset_class).sort()).toEqual(['crypto', 'forex']);
    const forex = allocation.classes.find((c: { asset_class: string }) => c.asset_class === 'forex');
    expect(forex).toMatchObject({ label: 'Forex', positions: 2 });
    const shares = allocation.classes.reduce((sum: number, c: { share: number }) => sum + c.share, 0);
    expect(shares).toBeCloseTo(100, 1);

    expect(recent.map((m: { label: string; amount: number }) => [m.label, m.amount])).toEqual([
      ['Deposit', 500],
      ['Deposit', 1000],
    ]);
    expect(recent[0]).toMatchObject({ account_number: trader.account.number, bucket: 'balance', currency: 'USD' });
    await request(stack.app).post('/api/v1/trades/close-all').set(bearer(trader.token)).send({});
  });

  it('prices the market strip from our feed, its change against our last recorded daily close (else our first price today), never a synthetic one', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const yesterday = new Date(Date.UTC(marketsOpenAt.getUTCFullYear(), marketsOpenAt.getUTCMonth(), marketsOpenAt.getUTCDate() - 1));
    const candle = (assetId: number, close: string, synthetic: boolean) => ({ assetId, timeframe: 'D1' as const, openTime: yesterday, open: close, high: close, low: close, close, synthetic });
    await stack.database.db
      .insert(candles)
      .values([candle(idOf('EURUSD'), '1.0900000000', false), candle(idOf('GBPUSD'), '1.2000000000', true)])
      .onConflictDoNothing();
    // GBP/USD has no recorded daily close, but a price of ours today (after the synthetic history's minutes): the change is against it.
    const today = new Date(yesterday.getTime() + 86_400_000);
    const firstToday = new Date(Math.max(today.getTime() + 60_000, marketsOpenAt.getTime() - 10 * 60_000));
    await stack.database.db
      .insert(candles)
      .values({ assetId: idOf('GBPUSD'), timeframe: 'M1', openTime: firstToday, open: '1.2500000000', high: '1.25', low: '1.25', close: '1.2500000000', synthetic: false })
      .onConflictDoUpdate({ target: [candles.assetId, candles.timeframe, candles.openTime], set: { open: '1.2500000000', synthetic: false } });
    stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('GBPUSD')]: '1.30000' });
    stack.prices.set({ [idOf('BTCUSD')]: '60100.00' }, marketsOpenAt.getTime() - 5 * 60_000);

    const { market } = (await request(stack.app).get('/api/v1/dashboard').set(bearer(token))).body.data;
    expect(market.map((t: { symbol: string }) => t.symbol)).toEqual(['EURUSD', 'GBPUSD', 'BTCUSD', 'US100', 'US30', 'US500', 'NKE']);
    const [eur, gbp, btc] = market;
    expect(eur).toMatchObject({ symbol_display: 'EUR/USD', price: 1.1, previous_close: 1.09, change: 0.01, change_percent: 0.92, market_open: true, stale: false });
    expect(eur).toMatchObject({ change_basis: 'previous_close', basis_price: 1.09, basis_at: null });
    expect(gbp).toMatchObject({ price: 1.3, previous_close: null, change_basis: 'first_today', basis_price: 1.25, basis_at: firstToday.toISOString(), change: 0.05, change_percent: 4 });
    // Crypto trades around the clock: a price five minutes old is marked stale.
    expect(btc).toMatchObject({ price: 60100, market_open: true, stale: true });
    stack.prices.set({ [idOf('BTCUSD')]: '60000.00' });
  });

  it('keeps an instrument’s basis for the day once read, and reads again only those without one', async () => {
    const { token } = await customerWithHistory();
    const strip = async () => (await request(stack.app).get('/api/v1/dashboard').set(bearer(token))).body.data.market as { symbol: string; previous_close: number | null }[];
    const closeOf = async (symbol: string) => (await strip()).find((t) => t.symbol === symbol)!.previous_close;
    const yesterday = new Date(Date.UTC(marketsOpenAt.getUTCFullYear(), marketsOpenAt.getUTCMonth(), marketsOpenAt.getUTCDate() - 1));
    const recordClose = (symbol: string, close: string) =>
      stack.database.db
        .insert(candles)
        .values({ assetId: idOf(symbol), timeframe: 'D1', openTime: yesterday, open: close, high: close, low: close, close, synthetic: false })
        .onConflictDoUpdate({ target: [candles.assetId, candles.timeframe, candles.openTime], set: { close, synthetic: false } });

    expect(await closeOf('EURUSD')).toBe(1.09);
    expect(await closeOf('NKE')).toBeNull();
    await recordClose('EURUSD', '1.0800000000');
    await recordClose('NKE', '95.00');
    expect(await closeOf('EURUSD')).toBe(1.09);
    expect(await closeOf('NKE')).toBe(95);
  });
});
