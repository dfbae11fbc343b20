import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetListResponse } from '../../shared/api/assets.schema';
import { candleResponse } from '../../shared/api/candles.schema';
import { Money } from '../../shared/money';
import { LocalBus } from '../../server/trading/bus';
import { upsertCandles } from '../../server/trading/db/candles.repo';
import { candles } from '../../server/trading/db/schema';
import { ManualPriceSource } from '../../server/trading/market/price-source';
import { CandleRecorder } from '../../server/trading/market/recorder';
import { openMarket } from '../../server/trading/market/start';
import { makeUser } from '../support/factories';
import { marketsOpenAt, silentLogger, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let token: string;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

beforeAll(async () => {
  stack = await startTrading({ dayFigures: true });
  token = await tokenFor(stack.app, await makeUser(stack.database.db));
});
afterAll(() => stack.database.close());

const get = (path: string) => request(stack.app).get(path).set(bearer(token));

describe('GET /api/v1/assets/{id}/candles', () => {
  it('when a chart asks for history, then it gets well-formed candles oldest first that end at the current price', async () => {
    const res = await get(`/api/v1/assets/${idOf('EURUSD')}/candles?timeframe=H1&limit=200`);
    expect(res.status).toBe(200);
    const { data } = candleResponse.parse(res.body);
    expect(data.length).toBeGreaterThan(100);
    for (let i = 0; i < data.length; i += 1) {
      const c = data[i]!;
      expect(new Money(c.low).lte(c.open) && new Money(c.low).lte(c.close) && new Money(c.high).gte(c.open) && new Money(c.high).gte(c.close)).toBe(true);
      if (i > 0) expect(c.time).toBeGreaterThan(data[i - 1]!.time);
    }
    expect(data.at(-1)!.close).toBe(new Money(stack.market.quotes.get(idOf('EURUSD'))!.mid).toFixed());
    // A fresh database's history is made up, and says so (the chart greys it).
    expect(data.every((c) => c.synthetic)).toBe(true);
  });

  it('when the market was closed, then there are no candles for that time (the weekend before)', async () => {
    const from = seconds(new Date('2026-11-14T00:00:00Z'));
    const to = seconds(new Date('2026-11-15T21:00:00Z'));
    const { data } = candleResponse.parse((await get(`/api/v1/assets/${idOf('EURUSD')}/candles?timeframe=H1&from=${from}&to=${to}`)).body);
    expect(data).toEqual([]);
    const crypto = candleResponse.parse((await get(`/api/v1/assets/${idOf('BTCUSD')}/candles?timeframe=H1&from=${from}&to=${to}`)).body);
    expect(crypto.data.length).toBeGreaterThan(40);
  });

  it('when prices move, then the candle being built shows them before it is written', async () => {
    const id = idOf('XAGUSD');
    stack.prices.set({ [id]: '31.000' }, marketsOpenAt.getTime());
    stack.prices.set({ [id]: '31.500' }, marketsOpenAt.getTime() + 1000);
    stack.prices.set({ [id]: '30.900' }, marketsOpenAt.getTime() + 2000);
    const { data } = candleResponse.parse((await get(`/api/v1/assets/${id}/candles?timeframe=M1&limit=5`)).body);
    // The candle being built is real prices.
    expect(data.at(-1)).toMatchObject({ time: seconds(marketsOpenAt), open: '31', high: '31.5', low: '30.9', close: '30.9', volume: 3, synthetic: false });
    const recorder = new CandleRecorder({ db: stack.database.db, market: stack.market, logger: silentLogger });
    await recorder.flush();
    const stored = await stack.database.db
      .select()
      .from(candles)
      .where(and(eq(candles.assetId, id), eq(candles.timeframe, 'M1'), eq(candles.openTime, marketsOpenAt)));
    expect(stored[0]).toMatchObject({ high: '31.5000000000', close: '30.9000000000', synthetic: false });
  });

  it('refuses an unknown timeframe or instrument', async () => {
    const bad = await get(`/api/v1/assets/${idOf('EURUSD')}/candles?timeframe=W1`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.timeframe).toEqual(['The timeframe must be one of M1, M5, M15, H1, D1.']);
    expect((await get('/api/v1/assets/99999/candles')).status).toBe(404);
    expect((await get(`/api/v1/assets/${idOf('EURUSD')}/candles?from=200&to=100`)).status).toBe(422);
    expect((await get(`/api/v1/assets/${idOf('EURUSD')}/candles?to=99999999999999`)).status).toBe(422);
  });
});

describe('prices across a restart', () => {
  it('when the market opens again, then each instrument resumes at its last stored close with 24-hour figures', async () => {
    const id = idOf('USDCHF');
    await upsertCandles(stack.database.db, [
      { assetId: id, timeframe: 'M1', openTime: new Date(marketsOpenAt.getTime() + 60_000), open: '0.91000', high: '0.91100', low: '0.90900', close: '0.91050', ticks: 4 },
    ]);
    const reopened = await openMarket({ db: stack.database.db, bus: new LocalBus(), source: () => new ManualPriceSource(), now: () => marketsOpenAt });
    const quote = reopened.quotes.get(id)!;
    expect(quote.mid).toBe('0.91050');
    expect(new Money(quote.low24h).lte(quote.mid) && new Money(quote.high24h).gte(quote.mid)).toBe(true);
    expect(quote.volume24h).toBeGreaterThan(100);
    const assets = assetListResponse.parse((await get('/api/v1/assets')).body).data;
    expect(assets.filter((a) => a.change !== '0' && !new Money(a.change).isZero()).length).toBeGreaterThan(150);
  });
});
