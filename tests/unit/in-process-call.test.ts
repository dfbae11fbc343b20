import express from 'express';
import { describe, expect, it } from 'vitest';
import { callInProcess } from '../../server/web/in-process-call';

/** A page's read of the API in one process, without a socket (docs/operations.md#one-process): what the app is given and what comes back. */
const app = express();
app.set('trust proxy', false);
app.get('/echo', (req, res) => {
  res.json({ ip: req.ip, protocol: req.protocol, host: req.host, hostname: req.hostname, authorization: req.get('authorization') ?? null, query: req.query });
});
app.post('/echo', express.json(), (req, res) => {
  res.status(201).json({ body: req.body as unknown });
});
app.get('/slow-down', (_req, res) => {
  res.status(429).set('Retry-After', '7').json({ message: 'Too many requests.' });
});
app.get('/streamed', (_req, res) => {
  res.type('application/json');
  res.write('{"parts":[1,');
  res.write(Buffer.from('2,'));
  res.end('3]}');
});
let finished: { ended: boolean } | undefined;
app.get('/watched', (_req, res) => {
  res.on('close', () => (finished = { ended: res.writableEnded }));
  res.json({ ok: true });
});

const client = { ip: '203.0.113.7', protocol: 'http' as const, host: '127.0.0.1:4001' };
const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) => callInProcess(app, { method, path, headers, body, client });
const json = (answer: { body: Buffer }) => JSON.parse(answer.body.toString('utf8')) as unknown;

describe('a call of the API in this process', () => {
  it('gives the app the client, scheme and host it is told, the headers and the query', async () => {
    const answer = await call('GET', '/echo?page=2', undefined, { authorization: 'Bearer abc' });
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({ ip: '203.0.113.7', protocol: 'http', host: '127.0.0.1:4001', hostname: '127.0.0.1', authorization: 'Bearer abc', query: { page: '2' } });
  });

  it('gives the app a body to read, and returns its status and headers', async () => {
    const sent = await call('POST', '/echo', JSON.stringify({ amount: '12.50' }), { 'content-type': 'application/json' });
    expect(sent.status).toBe(201);
    expect(json(sent)).toEqual({ body: { amount: '12.50' } });
    const refused = await call('GET', '/slow-down');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('7');
  });

  it('collects an answer written in parts, and ends it as a socket would (its listeners see it completed)', async () => {
    expect(json(await call('GET', '/streamed'))).toEqual({ parts: [1, 2, 3] });
    await call('GET', '/watched');
    expect(finished).toEqual({ ended: true });
  });
});
