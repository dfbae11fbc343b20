import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, trades } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { auditLedger, balanceOf, deposit, liveAccount } from '../support/money';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  stack = await startTrading();
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

/** Moves prices and waits until the engine has acted on them. */
async function tick(mids: Record<string, string>) {
  stack.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])));
  await stack.engine.idle();
}

async function trader(amount: string) {
  const person = await makeUser(stack.database.db);
  const account = await liveAccount(stack.database.db, person.user.id);
  await deposit(stack.database.db, account.id, amount);
  return { ...person, account, token: await tokenFor(stack.app, person) };
}

async function open(token: string, body: Record<string, unknown>) {
  const res = await request(stack.app).post('/api/v1/trades/store').set(bearer(token)).send({ leverage: 20, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await stack.engine.idle();
  return res.body.data as { id: number };
}

const tradeRow = async (id: number) => (await stack.database.db.select().from(trades).where(eq(trades.id, id)))[0]!;
const noticesOf = async (userId: number) => stack.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('take profit', () => {
  it('when the bid reaches a buy’s take profit, then it closes at that tick’s bid and books the profit', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token, account, user } = await trader('10000');
    const trade = await open(token, { type: 'buy', id: idOf('EURUSD'), volume: '10000', take_profit: '1.10200' });
    await tick({ EURUSD: '1.10150' });
    expect((await tradeRow(trade.id)).status).toBe('open');
    await tick({ EURUSD: '1.10210' }); // bid 1.10205 ≥ 1.10200
    const row = await tradeRow(trade.id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'take_profit', closePrice: '1.1020500000', realizedPnl: '20.00' });
    expect(await balanceOf(stack.database.db, account.id)).toBe('10020.00');
    expect((await noticesOf(user.id)).map((n) => n.title)).toContain('Take profit hit');
  });
});

describe('stop loss', () => {
  it('when the ask reaches a sell’s stop loss, then it closes at that tick’s ask', async () => {
    await tick({ USDJPY: '150.000' });
    const { token, account } = await trader('10000');
    const trade = await open(token, { type: 'sell', id: idOf('USDJPY'), volume: '10000', stop_loss: '150.500' });
    await tick({ USDJPY: '150.600' }); // ask 150.607 ≥ 150.500
    const row = await tradeRow(trade.id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'stop_loss', closePrice: '150.6070000000' });
    // (149.994 − 150.607) × 10,000 = −6,130 JPY at 150.600 = −40.70 USD
    expect(row.realizedPnl).toBe('-40.70');
    expect(await balanceOf(stack.database.db, account.id)).toBe('9959.30');
  });

  it('when the customer moves the stop before it is hit, then the old level no longer fires', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await trader('10000');
    const trade = await open(token, { type: 'buy', id: idOf('EURUSD'), volume: '10000', stop_loss: '1.09500' });
    await request(stack.app).patch(`/api/v1/trades/${trade.id}`).set(bearer(token)).send({ stop_loss: '1.09000' });
    await tick({ EURUSD: '1.09400' });
    expect((await tradeRow(trade.id)).status).toBe('open');
    await tick({ EURUSD: '1.08900' });
    expect(await tradeRow(trade.id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    await tick({ EURUSD: '1.10000' });
  });
});

describe('a gap through the stop loss', () => {
  it('when the price gaps past the stop and the loss exceeds the balance, then the balance is written off to zero', async () => {
    await tick({ XAUUSD: '2000.00' });
    const { token, account } = await trader('1000');
    // 0.1 lot = 10 oz; margin 10 × 2000.40 / 20 = 1,000.20 — too much; use 0.09 lots = 9 oz (900.18).
    const trade = await open(token, { type: 'buy', id: idOf('XAUUSD'), volume: '9', stop_loss: '1990.00' });
    await tick({ XAUUSD: '1800.00' }); // bid 1799.64: loss (1799.64 − 2000.40) × 9 = −1,806.84
    const row = await tradeRow(trade.id);
    expect(row.status).toBe('closed');
    expect(['stop_loss', 'stop_out']).toContain(row.closeReason);
    expect(row.realizedPnl).toBe('-1806.84');
    expect(await balanceOf(stack.database.db, account.id)).toBe('0.00');
    const writeOff = await stack.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, account.id));
    expect(writeOff.filter((e) => e.kind === 'negative_balance_correction').map((e) => e.amount)).toEqual(['806.84']);
    await tick({ XAUUSD: '2000.00' });
  });
});

describe('stop-out', () => {
  it('when the margin level falls to 50 %, then the most losing position closes first until the level recovers', async () => {
    await tick({ EURUSD: '1.00000', GBPUSD: '1.00000' });
    const { token, user } = await trader('1000');
    // Two buys, 5,000 units each at 1:20: margin 250.01 each, 500.02 in all.
    const eur = await open(token, { type: 'buy', id: idOf('EURUSD'), volume: '5000' });
    const gbp = await open(token, { type: 'buy', id: idOf('GBPUSD'), volume: '5000' });
    await tick({ EURUSD: '0.90000' }); // EUR −500: equity ≈ 500, level ≈ 100 % → margin call
    expect((await noticesOf(user.id)).map((n) => n.title)).toContain('Margin call');
    expect((await tradeRow(eur.id)).status).toBe('open');
    await tick({ EURUSD: '0.85000', GBPUSD: '0.99000' }); // EUR −750, GBP −50: equity ≈ 200 → 40 %
    expect(await tradeRow(eur.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out' });
    expect((await tradeRow(gbp.id)).status).toBe('open');
    expect((await noticesOf(user.id)).map((n) => n.title)).toContain('Stop-out');
    await request(stack.app).post(`/api/v1/trade/${gbp.id}/close`).set(bearer(token));
    await tick({ EURUSD: '1.10000', GBPUSD: '1.27000' });
  });
});
