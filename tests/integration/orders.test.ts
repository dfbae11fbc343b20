import { ratesAt } from '../../server/trading/db/financing.repo';
import { financingRatesFor } from '../../server/trading/financing/rates';
import request from 'supertest';
import * as z from 'zod/mini';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tradePage } from '../../shared/api/trades.schema';
import { validationErrorBody } from '../../shared/api/common.schema';
import { assetListResponse } from '../../shared/api/assets.schema';
import { presentAsset } from '../../server/trading/market/asset-view';
import { makeUser } from '../support/factories';
import { auditLedger, deposit, liveAccount } from '../support/money';
import { fundedTrader, startTrading, tokenFor, type TradingStack, withoutPlanConditions } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  await withoutPlanConditions(stack);
  stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('USDJPY')]: '150.000', [idOf('AAPL')]: '190.00' });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

const order = (overrides: Record<string, unknown> = {}) => ({ type: 'buy', id: idOf('EURUSD'), volume: '100000', leverage: 20, take_profit: 0, stop_loss: 0, ...overrides });

describe('GET /api/v1/assets', () => {
  it('lists the catalogue with live prices in the contract shape', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    const res = await request(stack.app).get('/api/v1/assets').set(bearer(token));
    expect(res.status).toBe(200);
    const { data } = assetListResponse.parse(res.body);
    expect(data.length).toBeGreaterThanOrEqual(200);
    // On the wire, as the original client reads it: figures are numbers (docs/api-conventions.md#wire-types).
    const eurusd = (res.body.data as Record<string, unknown>[]).find((a) => a.symbol === 'EURUSD')!;
    expect(eurusd).toMatchObject({
      symbol_display: 'EUR/USD',
      type: 'forex',
      category: 'Forex',
      rate: 1.1,
      buy_price: 1.10005,
      sell_price: 1.09995,
      position: 1000,
      max_leverage: 20,
      market_open: true,
    });
    expect(new Set(data.map((a) => a.type))).toEqual(new Set(['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals']));
    expect(data.find((a) => a.type === 'indices')?.category).toBe('ETFs');
  });

  it('answers each asset as its schema encodes it now, also after a tick (encoded assets are kept only while their quote is)', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    const list = async () => (await request(stack.app).get('/api/v1/assets').set(bearer(token))).body as unknown;
    const rates = await ratesAt(stack.database.db, stack.market.now());
    const fresh = () =>
      z.encode(assetListResponse, {
        data: stack.market.instruments
          .filter((i) => i.enabled)
          .map((i) => presentAsset(stack.market, i, { leverage: 20, financing: financingRatesFor(rates, i, null), group: stack.market.groupOf(null) })),
      });
    const eurusd = (body: unknown) => (body as { data: { symbol: string; rate: number; leverage: number }[] }).data.find((a) => a.symbol === 'EURUSD')!;

    const first = await list();
    expect(await list()).toEqual(first);
    stack.prices.set({ [idOf('EURUSD')]: '1.10200' });
    const after = await list();
    expect(eurusd(after).rate).toBe(1.102);
    // Every asset but leverage (the customer's, checked under leverage) as a fresh encoding gives it.
    const withoutLeverage = (body: unknown) => (body as { data: Record<string, unknown>[] }).data.map(({ leverage: _l, max_leverage: _m, ...rest }) => rest);
    expect(withoutLeverage(after)).toEqual(withoutLeverage(fresh()));
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
    expect(eurusd(await list()).rate).toBe(1.1);
  });
});

describe('leverage', () => {
  it('advertises only what the engine applies: the original client’s lookup leverage[asset.category] is accepted on every asset', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    const site = (await request(stack.app).get('/api/v1/data').set(bearer(token))).body.data as { leverage: Record<string, number> };
    const assets = (await request(stack.app).get('/api/v1/assets').set(bearer(token))).body.data as { id: number; symbol: string; category: string; leverage: number; max_leverage: number }[];
    const user = (await request(stack.app).get('/api/v1/user').set(bearer(token))).body.data as { account_type: { leverage: number } };
    for (const asset of assets) {
      expect(site.leverage[asset.category], asset.symbol).toBeGreaterThanOrEqual(1);
      expect(site.leverage[asset.category]!, asset.symbol).toBeLessThanOrEqual(asset.leverage);
      expect(asset.leverage, asset.symbol).toBe(asset.max_leverage);
      expect(asset.leverage, asset.symbol).toBeLessThanOrEqual(user.account_type.leverage);
    }
    // The default plan (Basic, 1:20) on a major pair: 20 everywhere it is asked.
    const eurusd = assets.find((a) => a.symbol === 'EURUSD')!;
    expect([site.leverage.forex, site.leverage.Forex, eurusd.leverage]).toEqual([20, 20, 20]);
    const placed = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ volume: '1000', leverage: site.leverage[eurusd.category] }));
    expect(placed.status).toBe(201);
    expect(placed.body.data.leverage).toBe(20);
    // Less is the customer's choice and is kept; more is a ceiling: applied at the maximum, the answer saying so.
    const lower = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ volume: '1000', leverage: 5 }));
    expect([lower.status, lower.body.data?.leverage]).toEqual([201, 5]);
    const higher = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ volume: '1000', leverage: 21 }));
    expect([higher.status, higher.body.data?.leverage]).toEqual([201, 20]);
    expect(higher.body.data.margin).toBe(placed.body.data.margin);
  });
});

describe('checks before a fill', () => {
  it('refuses each invalid field with its own message and never opens a trade', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'hold' }, 'type', 'Choose buy or sell.'],
      [{ id: undefined }, 'id', 'No asset selected for trading'],
      [{ volume: '-5' }, 'volume', 'Volume must be a positive number'],
      [{ volume: '500' }, 'volume', 'Volume must be between 0.01 and 50 lots'],
      [{ volume: '100500.5' }, 'volume', 'Volume must be in steps of 0.01 lots'],
      [{ volume: '6000000' }, 'volume', 'Volume must be between 0.01 and 50 lots'],
      [{ leverage: 0 }, 'leverage', 'Leverage must be a whole number of at least 1.'],
      [{ take_profit: 'lots' }, 'take_profit', 'Take profit must be a non-negative number'],
      [{ stop_loss: -1 }, 'stop_loss', 'Stop loss must be a non-negative number'],
      [{ take_profit: '1.05' }, 'take_profit', 'Take profit must be above the current sell price'],
      [{ stop_loss: '1.2' }, 'stop_loss', 'Stop loss must be below the current sell price'],
      // Between bid (1.09995) and ask (1.10005): it would close the buy on the next tick.
      [{ stop_loss: '1.10000' }, 'stop_loss', 'Stop loss must be below the current sell price'],
      [{ type: 'sell', take_profit: '1.2' }, 'take_profit', 'Take profit must be below the current buy price'],
      [{ type: 'sell', stop_loss: '1.10000' }, 'stop_loss', 'Stop loss must be above the current buy price'],
      [{ volume: '5000000' }, 'volume', 'Insufficient free margin'],
      [{ take_profit: '99999999999999999999' }, 'take_profit', 'Take profit must be a non-negative number'],
      [{ opening_price: '1.12345678901' }, 'opening_price', 'The price you saw must be a positive number.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await request(stack.app).post('/api/v1/trades/store').set(bearer(token)).send(order(change));
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(validationErrorBody.parse(res.body).errors[field], JSON.stringify(change)).toEqual([message]);
    }
    const open = tradePage.parse((await request(stack.app).get('/api/v1/open/trades').set(bearer(token))).body);
    expect(open.meta.total).toBe(0);
  });

  it('answers 404 for an unknown instrument and 409 with the new price when it moved against the customer', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    expect(
      (
        await request(stack.app)
          .post('/api/v1/trades/store')
          .set(bearer(token))
          .send(order({ id: 99999 }))
      ).status,
    ).toBe(404);
    const requote = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ opening_price: '1.09900' }));
    expect(requote.status).toBe(409);
    expect(requote.body).toEqual({ message: 'The price has changed. Please check the new price and try again.', price: '1.10005' });
    const better = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ opening_price: '1.11000' }));
    expect(better.status).toBe(201);
    await request(stack.app).post(`/api/v1/trade/${better.body.data.id}/close`).set(bearer(token));
  });

  it('refuses orders and closes while the market is closed', async () => {
    const weekend = await startTrading({ database: stack.database, now: () => new Date('2026-11-21T12:00:00Z') });
    const person = await makeUser(stack.database.db);
    await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, '1000');
    const token = await tokenFor(weekend.app, person);
    const res = await request(weekend.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ volume: '1000' }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Market is closed');
    const crypto = await request(weekend.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ id: idOf('BTCUSD'), volume: '0.01', leverage: 2 }));
    expect(crypto.status).toBe(201);
  });
});

describe('trade lists', () => {
  it('pages open and closed trades newest first with Laravel links', async () => {
    const { token } = await fundedTrader(stack, '100000');
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      const res = await request(stack.app)
        .post('/api/v1/trades/store')
        .set(bearer(token))
        .send(order({ volume: '1000' }));
      ids.push(Number(res.body.data.id));
    }
    const first = tradePage.parse((await request(stack.app).get('/api/v1/open/trades?page=1').set(bearer(token))).body);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]!.id).toBe(ids.at(-1));
    expect(first.meta).toEqual({ current_page: 1, per_page: 20, last_page: 2, total: 23 });
    expect(first.links.next).toBe('/api/v1/open/trades?page=2');
    const second = tradePage.parse((await request(stack.app).get('/api/v1/open/trades?page=2').set(bearer(token))).body);
    expect(second.data).toHaveLength(3);
    expect(second.links.next).toBeNull();
    for (const id of ids) await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
    const closed = tradePage.parse((await request(stack.app).get('/api/v1/closed/trades').set(bearer(token))).body);
    expect(closed.meta.total).toBe(23);
  });

  it('shows a customer only their own trades and refuses to close someone else’s', async () => {
    const owner = await fundedTrader(stack, '10000.00');
    const other = await fundedTrader(stack, '10000.00');
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(owner.token))
      .send(order({ volume: '1000' }));
    expect((await request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(other.token))).status).toBe(404);
    expect(tradePage.parse((await request(stack.app).get('/api/v1/open/trades').set(bearer(other.token))).body).meta.total).toBe(0);
    expect((await request(stack.app).get(`/api/v1/open/trades?account_id=${owner.account.id}`).set(bearer(other.token))).status).toBe(404);
    await request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(owner.token));
  });
});

describe('take profit and stop loss on an open trade', () => {
  it('changes them on the right side of the current price and refuses the wrong side', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send(order({ volume: '1000' }));
    const id = opened.body.data.id;
    const ok = await request(stack.app).patch(`/api/v1/trades/${id}`).set(bearer(token)).send({ take_profit: '1.12', stop_loss: '1.08' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ take_profit: 1.12, stop_loss: 1.08 });
    const wrong = await request(stack.app).patch(`/api/v1/trades/${id}`).set(bearer(token)).send({ stop_loss: '1.2' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.stop_loss).toEqual(['Stop loss must be below the current sell price']);
    const cleared = await request(stack.app).patch(`/api/v1/trades/${id}`).set(bearer(token)).send({ take_profit: 0 });
    expect(cleared.body.data).toMatchObject({ take_profit: null, stop_loss: 1.08 });
    await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
  });
});
