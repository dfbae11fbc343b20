import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeWeb } from '../../server/compose/web';
import { makeUser, type TestPerson } from '../support/factories';
import { testConfig } from '../support/trading';
import { csrfFrom, startWebStack, testAssets, type WebStack } from '../support/web';

let stack: WebStack;
let customer: TestPerson;

beforeAll(async () => {
  stack = await startWebStack();
  customer = await makeUser(stack.database.db);
});
afterAll(() => stack.close());

/** A web tier for an https site, behind a proxy on loopback (supertest's), with its warnings collected. */
function httpsSite(env: Record<string, string> = {}) {
  const warnings: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as { level: number; msg: string };
      // Only warnings: a request answered 5xx is logged as an error by the request logger.
      if (line.level === 40) warnings.push(line.msg);
      done();
    },
  });
  const config = testConfig({ PUBLIC_ORIGIN: 'https://trade.example.test', WEB_TRUST_PROXY: 'loopback', ...env });
  const web = composeWeb(config, { assets: testAssets, logger: pino({ level: 'warn' }, sink), apiUrl: stack.apiUrl, apiTimeoutMs: 2_000 }).app;
  return { web, warnings };
}

const cookiesOf = (res: request.Response) => [res.headers['set-cookie'] ?? []].flat();
const sessionCookieOf = (res: request.Response) => cookiesOf(res).find((cookie) => cookie.startsWith('session='));

describe('an https site behind a proxy', () => {
  it('when the proxy sends X-Forwarded-Proto: https, then the session cookie is Secure and the sign-in works', async () => {
    const { web, warnings } = httpsSite();
    const page = await request(web).get('/').set('X-Forwarded-Proto', 'https');
    const cookie = sessionCookieOf(page);
    expect(cookie).toMatch(/; secure/i);
    const signedIn = await request(web)
      .post('/session')
      .set('X-Forwarded-Proto', 'https')
      .set(
        'Cookie',
        cookiesOf(page).map((c) => c.split(';')[0]!),
      )
      .set('X-CSRF-Token', csrfFrom(page.text))
      .set('Accept', 'application/json')
      .send({ email: customer.email, password: customer.password });
    expect(signedIn.status).toBe(200);
    expect(warnings).toEqual([]);
  });

  it('when the proxy sends no X-Forwarded-Proto, then the log says what is wrong once and the sign-in fails as misconfigured, not as expired', async () => {
    const { web, warnings } = httpsSite();
    const page = await request(web).get('/');
    expect(sessionCookieOf(page)).toBeUndefined();
    const signIn = await request(web).post('/session').set('X-CSRF-Token', csrfFrom(page.text)).set('Accept', 'application/json').send({ email: customer.email, password: customer.password });
    expect(signIn.status).toBe(503);
    expect(signIn.body.message).toMatch(/misconfigured/);
    expect(signIn.body.message).not.toMatch(/expired/);
    const form = await request(web)
      .post('/session')
      .type('form')
      .send({ email: customer.email, password: customer.password, _csrf: csrfFrom(page.text) });
    expect(form.status).toBe(503);
    expect(form.text).toMatch(/misconfigured/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/X-Forwarded-Proto/);
    expect(warnings[0]).toMatch(/WEB_TRUST_PROXY/);
  });

  it('when the site is plain http, then a missing token is still a session expired, and nothing is logged', async () => {
    const { web, warnings } = httpsSite({ PUBLIC_ORIGIN: 'http://trade.example.test' });
    const page = await request(web).get('/');
    const res = await request(web).post('/session').set('X-CSRF-Token', csrfFrom(page.text)).set('Accept', 'application/json').send({ email: customer.email, password: customer.password });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/expired/);
    expect(warnings).toEqual([]);
  });

  it('when no proxy is trusted while the origin is https, then the tier says so at start-up', () => {
    const { warnings } = httpsSite({ WEB_TRUST_PROXY: 'false' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/WEB_TRUST_PROXY=false/);
    expect(warnings[0]).toMatch(/X-Forwarded-Proto/);
    expect(httpsSite().warnings).toEqual([]);
  });
});
