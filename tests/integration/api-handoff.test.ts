import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestPerson } from '../support/factories';
import { composeTestWeb, signedInAgent, startWebStack, type WebStack } from '../support/web';

/**
 * In one process the web tier hands the pages' calls to the API's app (docs/access.md#api-proxy). Here the app is a
 * stand-in that says what it was given, and it believes no proxy itself: who the client is comes from the web tier.
 * Everything else (the pages' own reads) it passes to the real API's app.
 */
const echo = express();
echo.set('trust proxy', false);
echo.get('/api/v1/echo', (req, res) => {
  res.json({ ip: req.ip, protocol: req.protocol, host: req.host, authorization: req.get('authorization') ?? null, cookie: req.get('cookie') ?? null });
});
echo.post('/api/v1/echo', express.json(), (req, res) => {
  res.json({ body: req.body as unknown });
});
echo.get('/api/v1/refused', (_req, res) => {
  res.status(401).json({ message: 'Unauthenticated.' });
});

let stack: WebStack;
let customer: TestPerson;
let web: express.Express;

beforeAll(async () => {
  stack = await startWebStack();
  customer = await makeUser(stack.database.db);
  echo.use(stack.tradingApp);
  web = composeTestWeb(stack.apiUrl, { inProcessApi: echo }).app;
});
afterAll(() => stack.close());

describe('the pages’ calls handed to the API in this process', () => {
  it('when a page calls the API from behind the site’s proxy, then the API is given the session’s token, no cookie, and the client, scheme and host the web tier believes', async () => {
    const { agent } = await signedInAgent(web, customer);
    // supertest arrives over loopback, a proxy the test configuration's web tier trusts (WEB_TRUST_PROXY=loopback).
    const seen = await agent.get('/api/v1/echo').set('X-Forwarded-For', '203.0.113.7').set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'trade.example.test');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ ip: '203.0.113.7', protocol: 'https', host: 'trade.example.test', cookie: null });
    expect(seen.body.authorization).toMatch(/^Bearer \S+$/);
  });

  it('when a page writes, then the body reaches the API unread by the web tier, and only with the CSRF token', async () => {
    const { agent, csrf } = await signedInAgent(web, customer);
    expect((await agent.post('/api/v1/echo').send({ amount: '12.50' })).status).toBe(403);
    const sent = await agent.post('/api/v1/echo').set('X-CSRF-Token', csrf).send({ amount: '12.50' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ body: { amount: '12.50' } });
  });

  it('when the API answers 401, then the answer passes on and the session ends', async () => {
    const { agent } = await signedInAgent(web, customer);
    expect((await agent.get('/api/v1/echo')).body.authorization).toMatch(/^Bearer /);
    expect((await agent.get('/api/v1/refused')).status).toBe(401);
    expect((await agent.get('/api/v1/echo')).body.authorization).toBeNull();
  });
});
