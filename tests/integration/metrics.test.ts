import request from 'supertest';
import { io as connectFeed } from 'socket.io-client';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDriver } from '../support/database';
import { startRealtimeStack, type RealtimeStack } from '../support/realtime';
import { fundedTrader, testFeedApiKey, testRealtimeCredentials } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: RealtimeStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startRealtimeStack();
  stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
});
afterAll(() => stack.close());

async function scrape(): Promise<string> {
  const res = await request(stack.app).get('/metrics');
  expect(res.status).toBe(200);
  return res.text;
}

/** One sample's value from the exposition text (0 when the series is absent), labels matched exactly as given. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2] ? match[2].split(/,(?=[a-z_]+=")/) : [];
    if (wanted.every((label) => have.includes(label)) && have.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

/** Scrapes until `read` gives `expected` (socket counts follow the sockets' own events). */
const eventually = (read: (text: string) => number, expected: number) => vi.waitFor(async () => expect(read(await scrape())).toBe(expected), { timeout: 1_000, interval: 20 });

describe('/metrics: what an operator pages on', () => {
  it('when orders are placed, refused and closed, then their latency is counted by kind and outcome, and the committed batch', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    const before = await scrape();
    const order = { type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20, take_profit: 0, stop_loss: 0 };
    const placed = await request(stack.app).post('/api/v1/trades/store').set(bearer(token)).send(order);
    expect(placed.status).toBe(201);
    expect(
      (
        await request(stack.app)
          .post('/api/v1/trades/store')
          .set(bearer(token))
          .send({ ...order, id: 999_999 })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(stack.app)
          .post('/api/v1/trades/store')
          .set(bearer(token))
          .send({ ...order, volume: '100000000' })
      ).status,
    ).toBe(422);
    const closed = await request(stack.app)
      .post(`/api/v1/trade/${String(placed.body.data.id)}/close`)
      .set(bearer(token))
      .send({});
    expect(closed.status).toBe(200);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('cfd_order_duration_seconds_count', { kind: 'market', outcome: 'done' })).toBe(1);
    expect(delta('cfd_order_duration_seconds_count', { kind: 'market', outcome: 'not_found' })).toBe(1);
    expect(delta('cfd_order_duration_seconds_count', { kind: 'market', outcome: 'invalid' })).toBe(1);
    expect(delta('cfd_order_duration_seconds_count', { kind: 'close', outcome: 'done' })).toBe(1);
    expect(delta('cfd_order_duration_seconds_sum', { kind: 'market', outcome: 'done' })).toBeGreaterThan(0);
    expect(delta('cfd_order_batch_seconds_count', { outcome: 'committed' })).toBeGreaterThanOrEqual(1);
  });

  it('when a price passes a take profit, then the engine batch and its close job are timed, and this process is the leader', async () => {
    const { token } = await fundedTrader(stack, '10000.00');
    const placed = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20, take_profit: '1.10100', stop_loss: 0 });
    expect(placed.status).toBe(201);
    await stack.engine.idle();
    const before = await scrape();
    stack.prices.set({ [idOf('EURUSD')]: '1.10300' });
    await stack.engine.idle();
    const after = await scrape();
    expect(valueOf(after, 'cfd_engine_batch_seconds_count') - valueOf(before, 'cfd_engine_batch_seconds_count')).toBeGreaterThanOrEqual(1);
    const closes = { kind: 'close_on_level', outcome: 'ok' };
    expect(valueOf(after, 'cfd_engine_job_seconds_count', closes) - valueOf(before, 'cfd_engine_job_seconds_count', closes)).toBe(1);
    expect(valueOf(after, 'cfd_engine_queued_jobs')).toBe(0);
    expect(valueOf(after, 'cfd_cluster_leader')).toBe(1);
    const trades = await request(stack.app).get('/api/v1/closed/trades').set(bearer(token));
    expect(trades.body.data.map((t: { id: number }) => t.id)).toContain(placed.body.data.id);
  });

  it('when a price feed client and a realtime socket connect and leave, then the gauges follow them', async () => {
    await eventually((text) => valueOf(text, 'cfd_feed_clients'), 0);
    const feed = connectFeed(stack.apiUrl, { transports: ['websocket'], auth: { key: testFeedApiKey }, reconnection: false });
    await new Promise((resolve) => feed.once('connect', () => resolve(undefined)));
    await eventually((text) => valueOf(text, 'cfd_feed_clients'), 1);
    // Through the web tier's proxy, as browsers connect: counted where the socket ends, on the API.
    const realtime = new WebSocket(`ws://127.0.0.1:${stack.webPort}/app/${testRealtimeCredentials.key}?protocol=7`);
    await new Promise((resolve) => realtime.once('message', resolve));
    await eventually((text) => valueOf(text, 'cfd_realtime_connections'), 1);
    feed.disconnect();
    realtime.close();
    await eventually((text) => valueOf(text, 'cfd_feed_clients'), 0);
    await eventually((text) => valueOf(text, 'cfd_realtime_connections'), 0);
  });

  it('when a webhook arrives with a bad signature, then it is counted as refused for its provider', async () => {
    const before = valueOf(await scrape(), 'cfd_payment_webhook_failures_total', { provider: 'sandbox', reason: 'refused' });
    const res = await request(stack.app).post('/api/v1/payments/webhook/sandbox').set('Content-Type', 'application/json').send('{"id":"evt_1","type":"payment.succeeded"}');
    expect(res.status).toBe(400);
    expect(valueOf(await scrape(), 'cfd_payment_webhook_failures_total', { provider: 'sandbox', reason: 'refused' })).toBe(before + 1);
  });

  it.runIf(testDriver === 'postgres')('when the database is PostgreSQL, then its pool is reported: size, idle, waiting and the time to get a connection', async () => {
    const text = await scrape();
    expect(valueOf(text, 'cfd_db_pool_max_connections')).toBe(5);
    expect(valueOf(text, 'cfd_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'cfd_db_pool_waiting_requests')).toBe(0);
    expect(valueOf(text, 'cfd_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
  });

  it.runIf(testDriver === 'pglite')('when the database is PGlite, then the pool figures are 0 (there is no pool)', async () => {
    const text = await scrape();
    for (const name of ['cfd_db_pool_max_connections', 'cfd_db_pool_connections', 'cfd_db_pool_waiting_requests', 'cfd_db_pool_acquire_seconds_count']) expect(valueOf(text, name), name).toBe(0);
  });
});
