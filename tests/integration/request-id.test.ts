import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Lifecycle } from '../../server/compose/lifecycle';
import type { WebTier } from '../../server/compose/web';
import { socketProxy } from '../../server/web/proxy';
import { makeUser, type TestPerson } from '../support/factories';
import { startTrading, testFeedApiKey, testRealtimeCredentials, type TradingStack } from '../support/trading';
import { composeTestWeb, signedInAgent } from '../support/web';

interface LogLine {
  msg: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
}

/** A pino logger at debug (successful calls are logged at debug) whose lines are kept, parsed, for the test to read. */
function capturedLogger(name: string) {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ name, level: 'debug' }, sink), lines };
}

const lifecycle = new Lifecycle();
const api = capturedLogger('trading');
const web = capturedLogger('web');
let stack: TradingStack;
let front: WebTier;
let webPort: number;
let apiPort: number;
let trader: TestPerson;

beforeAll(async () => {
  stack = await startTrading({ lifecycle, logger: api.logger });
  apiPort = (await stack.trading.listen(0, '127.0.0.1')).port;
  front = composeTestWeb(`http://127.0.0.1:${apiPort}`, { lifecycle, logger: web.logger });
  webPort = (await front.listen(0, '127.0.0.1')).port;
  trader = await makeUser(stack.database.db);
});
beforeEach(() => {
  api.lines.length = 0;
  web.lines.length = 0;
});
afterAll(async () => {
  await lifecycle.stop({ graceMs: 100 });
  await stack.database.close();
});

function openSocket(port: number, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${testRealtimeCredentials.key}?protocol=7`, { headers });
    socket.once('message', () => resolve(socket));
    socket.once('error', reject);
  });
}

const listen = (server: Server, port: number) => new Promise<{ port: number }>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address() as AddressInfo)));

/** The request ids of the API's log lines for calls whose path starts with `path`. */
const apiIdsFor = (path: string) => api.lines.filter((line) => line.req?.url?.startsWith(path)).map((line) => line.req!.id);

/** The web tier's log line for its own request to `path` (pino-http's "request completed" or the like). */
const webLineFor = (path: string) => web.lines.find((line) => line.req?.url === path);

describe('request ids across the web tier and the API', () => {
  it('when a page is rendered, then every API call it made is logged with the page request id, made by the web tier or given by the caller', async () => {
    const { agent } = await signedInAgent(front.app, trader);
    web.lines.length = 0;
    api.lines.length = 0;
    const page = await agent.get('/main/dashboard');
    expect(page.status).toBe(200);
    const id = webLineFor('/main/dashboard')?.req?.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.headers['x-request-id']).toBe(id);
    const calls = api.lines.filter((line) => line.req?.url?.startsWith('/api/v1/'));
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((line) => line.req!.id))).toEqual(new Set([id]));

    api.lines.length = 0;
    expect((await agent.get('/main/dashboard').set('X-Request-Id', 'lb-given-id.1')).status).toBe(200);
    expect(new Set(apiIdsFor('/api/v1/'))).toEqual(new Set(['lb-given-id.1']));
  });

  it('when a page script calls /api/v1 through the proxy, then the API logs the id the web tier answered with', async () => {
    const { agent } = await signedInAgent(front.app, trader);
    api.lines.length = 0;
    const res = await agent.get('/api/v1/accounts');
    expect(res.status).toBe(200);
    const id = res.headers['x-request-id'] as string;
    expect(webLineFor('/api/v1/accounts')?.req?.id).toBe(id);
    expect(apiIdsFor('/api/v1/accounts')).toEqual([id]);
  });

  it('when the load balancer asks for readiness, then neither tier writes a request line (it asks every second)', async () => {
    const res = await request(front.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(apiIdsFor('/readyz')).toEqual([]);
    expect(webLineFor('/readyz')).toBeUndefined();
  });

  it('when a payment webhook passes through the web tier, then the API logs it with the same id', async () => {
    const res = await request(front.app).post('/api/v1/payments/webhook/sandbox').set('Content-Type', 'application/json').send('{"id":"evt_1"}');
    expect(res.status).toBe(400);
    const id = res.headers['x-request-id'] as string;
    expect(webLineFor('/api/v1/payments/webhook/sandbox')?.req?.id).toBe(id);
    // Its refusal and its request line.
    const ids = apiIdsFor('/api/v1/payments/webhook/sandbox');
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set([id]));
  });

  it('when a socket is opened through the web tier, then the API logs its upgrade with the id the web tier gave or was given', async () => {
    const given = await openSocket(webPort, { 'X-Request-Id': 'socket-id-1' });
    given.close();
    expect(apiIdsFor('/app/')).toEqual(['socket-id-1']);
    const proxiedIds = () => web.lines.filter((line) => line.msg === 'socket upgrade proxied').map((line) => line.req?.id);
    // The composed web tier logs each upgrade it passes on, under the id the API logs.
    expect(proxiedIds()).toEqual(['socket-id-1']);
    api.lines.length = 0;
    web.lines.length = 0;
    const unnamed = await openSocket(webPort);
    unnamed.close();
    expect(proxiedIds()).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(apiIdsFor('/app/')).toEqual(proxiedIds());

    // The socket proxy with a logger of its own: the id it logs is the one the API logs.
    const proxy = createServer();
    proxy.on('upgrade', socketProxy({ target: `http://127.0.0.1:${apiPort}`, feedApiKey: testFeedApiKey, publicOrigin: undefined, logger: web.logger }));
    const { port } = await listen(proxy, 0);
    try {
      api.lines.length = 0;
      web.lines.length = 0;
      const made = await openSocket(port);
      made.close();
      const id = web.lines.find((line) => line.msg === 'socket upgrade proxied')?.req?.id;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(apiIdsFor('/app/')).toEqual([id]);
    } finally {
      proxy.close();
    }
  });
});
