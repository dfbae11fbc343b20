import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServer, listen } from '../../server/listen';
import { startTrading, type TradingStack } from '../support/trading';

/** What Node's HTTP parser refuses before any route (server/listen.ts): still a 4xx with a message. */

let stack: TradingStack;
let served: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  stack = await startTrading();
  served = await listen(stack.app, 0, '127.0.0.1');
});
afterAll(async () => {
  await closeServer(served.server, 1_000);
  await stack.database.close();
});

it('when an address is longer than the server reads (a 24 KB query), then it answers 431 with a message', async () => {
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: served.port, path: `/api/v1/admin/instruments?q=${'x'.repeat(24_000)}` }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
  expect(answer.status).toBe(431);
  expect(JSON.parse(answer.body)).toEqual({ message: 'The address or headers of this request are too long.' });
});
