import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminInstrumentPage } from '../../shared/api/instruments-admin.schema';
import { auditLog } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { auditLedger } from '../support/money';
import { fundedTrader, startTrading, tokenFor, type TradingStack, withoutPlanConditions } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let adminToken: string;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
const patch = (id: number, body: object, token = adminToken) => request(stack.app).patch(`/api/v1/admin/instruments/${id}`).set(bearer(token)).send(body);

beforeAll(async () => {
  stack = await startTrading();
  await withoutPlanConditions(stack);
  adminToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
  stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('GBPUSD')]: '1.25000' });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

describe('instruments in the back office', () => {
  it('only admins list and change them', async () => {
    for (const role of ['customer', 'staff'] as const) {
      const token = await tokenFor(stack.app, await makeUser(stack.database.db, { role }));
      expect((await request(stack.app).get('/api/v1/admin/instruments').set(bearer(token))).status, role).toBe(403);
      expect((await patch(idOf('EURUSD'), { enabled: false }, token)).status, role).toBe(403);
    }
    expect(stack.market.instrument(idOf('EURUSD'))!.enabled).toBe(true);
  });

  it('lists by symbol or name and by class; refuses bad changes with the field’s message', async () => {
    const page = adminInstrumentPage.parse((await request(stack.app).get('/api/v1/admin/instruments?q=eurusd').set(bearer(adminToken))).body);
    expect(page.data.map((i) => i.symbol)).toContain('EURUSD');
    const crypto = adminInstrumentPage.parse((await request(stack.app).get('/api/v1/admin/instruments?class=crypto').set(bearer(adminToken))).body);
    expect(new Set(crypto.data.map((i) => i.asset_class))).toEqual(new Set(['crypto']));
    for (const [bad, field] of [
      [{ buy_spread: '0.06' }, 'buy_spread'],
      [{ buy_spread: '-0.001' }, 'buy_spread'],
      [{ sell_spread: '0.000000001' }, 'sell_spread'],
      [{ schedule: 'moon' }, 'schedule'],
      [{ colour: 'red' }, ''],
    ] as const) {
      const res = await patch(idOf('EURUSD'), bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      if (field) expect(res.body.errors[field], JSON.stringify(res.body)).toBeDefined();
    }
    expect((await patch(999_999, { enabled: false })).status).toBe(404);
  });

  it('when the search form is sent with Class "All" and no text (blank fields), then every instrument is listed, as with no filter', async () => {
    const everything = adminInstrumentPage.parse((await request(stack.app).get('/api/v1/admin/instruments').set(bearer(adminToken)).expect(200)).body);
    const blank = await request(stack.app).get('/api/v1/admin/instruments?q=&class=').set(bearer(adminToken));
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(adminInstrumentPage.parse(blank.body).meta.total).toBe(everything.meta.total);
  });

  it('a new spread reaches the quotes and the catalogue, audited with before and after', async () => {
    const id = idOf('GBPUSD');
    const res = await patch(id, { buy_spread: '0.0002', sell_spread: '0.0001' });
    expect([res.status, res.body.data.changed]).toEqual([200, true]);
    await vi.waitFor(() => expect(String(stack.market.instrument(id)!.spread.buySpread)).toBe('0.00020000'));
    stack.prices.set({ [id]: '1.26000' });
    // ask = ⌈1.26 × 1.0002⌉ = 1.26026, bid = ⌊1.26 × 0.9999⌋ = 1.25987 (5 digits).
    expect([stack.market.quotes.get(id)!.ask, stack.market.quotes.get(id)!.bid]).toEqual(['1.26026', '1.25987']);
    const token = (await fundedTrader(stack, '100')).token;
    const asset = ((await request(stack.app).get('/api/v1/assets').set(bearer(token))).body.data as { id: number; buy_spread: number; buy_price: number }[]).find((a) => a.id === id)!;
    expect([asset.buy_spread, asset.buy_price]).toEqual([0.0002, 1.26026]);
    const [entry] = (await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.instrument_updated'))).filter((e) => e.subjectId === String(id));
    expect(entry!.details).toMatchObject({ symbol: 'GBPUSD', after: { buy_spread: '0.00020000' } });
    expect((await patch(id, { buy_spread: '0.0002' })).body.data.changed).toBe(false);
  });

  it('an unlisted instrument takes no new orders and leaves the catalogue, while an open trade on it still closes', async () => {
    const id = idOf('EURUSD');
    const trader = await fundedTrader(stack, '5000');
    const order = (volume: string) => request(stack.app).post('/api/v1/trades/store').set(bearer(trader.token)).send({ type: 'buy', id, volume, leverage: 20, order_id: randomUUID() });
    const open = await order('1000');
    expect(open.status).toBe(201);
    try {
      expect((await patch(id, { enabled: false })).status).toBe(200);
      await vi.waitFor(() => expect(stack.market.instrument(id)!.enabled).toBe(false));
      expect((await order('1000')).status).toBe(404);
      const listed = (await request(stack.app).get('/api/v1/assets').set(bearer(trader.token))).body.data as { id: number }[];
      expect(listed.some((a) => a.id === id)).toBe(false);
      expect((await request(stack.app).post(`/api/v1/trade/${open.body.data.id}/close`).set(bearer(trader.token))).status).toBe(200);
    } finally {
      await patch(id, { enabled: true });
      await vi.waitFor(() => expect(stack.market.instrument(id)!.enabled).toBe(true));
    }
  });

  it('new trading hours apply to the market at once', async () => {
    const id = idOf('AAPL');
    expect((await patch(id, { schedule: 'crypto' })).status).toBe(200);
    await vi.waitFor(() => expect(stack.market.instrument(id)!.schedule.id).toBe('crypto'));
    expect(stack.market.isOpen(stack.market.instrument(id)!)).toBe(true);
    await patch(id, { schedule: 'us-stocks' });
    await vi.waitFor(() => expect(stack.market.instrument(id)!.schedule.id).toBe('us-stocks'));
  });
});
