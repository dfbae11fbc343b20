import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { composeWeb } from '../../server/compose/web';
import { Lifecycle } from '../../server/compose/lifecycle';
import { startRealtimeStack, type RealtimeStack } from '../support/realtime';
import { silentLogger, testConfig, testRealtimeCredentials } from '../support/trading';
import { testAssets } from '../support/web';

/**
 * The cap as a process composes it (SOCKETS_PER_ADDRESS's default, 100): 300 sockets from one address are no
 * longer all taken. The web tier in front tells the API the browser's address, as WEB_TRUST_PROXY believes it.
 */
let stack: RealtimeStack;
const lifecycle = new Lifecycle();
const sockets: WebSocket[] = [];

beforeAll(async () => {
  stack = await startRealtimeStack();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await lifecycle.stop({ graceMs: 100 });
  await stack.close();
});

/** A web tier in front of the same API, believing X-Forwarded-For from loopback or from nobody. */
async function webTier(trust: 'loopback' | 'false') {
  const web = composeWeb(testConfig({ WEB_TRUST_PROXY: trust }), { assets: testAssets, logger: silentLogger, apiUrl: stack.apiUrl, lifecycle });
  const { port } = await web.listen(0, '127.0.0.1');
  return port;
}

/** Opens a realtime socket: 'open' once the server said connection_established, else the HTTP status it was refused with. */
function open(port: number, forwardedFor?: string): Promise<'open' | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${testRealtimeCredentials.key}?protocol=7`, forwardedFor ? { headers: { 'X-Forwarded-For': forwardedFor } } : {});
    sockets.push(socket);
    socket.once('message', () => resolve('open'));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', () => resolve(0));
  });
}

describe('the composed cap', () => {
  it('when one address opens 300 sockets, then 100 are taken and the rest refused with 429; the web tier passes on the browser’s address, not one it made up', async () => {
    const answers: ('open' | number)[] = [];
    for (let i = 0; i < 300; i += 10) answers.push(...(await Promise.all(Array.from({ length: 10 }, () => open(stack.apiPort)))));
    expect(answers.filter((answer) => answer === 'open')).toHaveLength(100);
    expect(answers.filter((answer) => answer === 429)).toHaveLength(200);

    // A web tier that believes no proxy: a browser's made-up X-Forwarded-For is replaced by its own address (loopback, full).
    expect(await open(await webTier('false'), '198.51.100.7')).toBe(429);
    // One behind a trusted proxy passes the browser's address on: another address, with its own places.
    expect(await open(await webTier('loopback'), '198.51.100.7')).toBe('open');
  });
});
