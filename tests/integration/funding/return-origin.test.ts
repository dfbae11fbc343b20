import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { returnOriginOf } from '../../../server/trading/api/request-origin';
import { makeUser } from '../../support/factories';
import { payOnSandbox, testCards } from '../../support/hosted-checkout';
import { signedInAgent, startWebStack, type WebStack } from '../../support/web';

/**
 * Links back from outside go to the address the customer used (docs/funding.md#return-addresses): the embedded site
 * answers on every address of this machine, and a card payment that returned to another one (localhost for a customer
 * on 127.0.0.1) landed signed out.
 */

const sitePort = 3987;
let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack({ siteOrigin: () => `http://localhost:${sitePort}`, publicOriginFixed: false });
});
afterAll(() => stack.close());

/** Opens a card deposit through the web tier as a browser on `host` would, pays it, and answers where the provider sends the customer back. */
async function paidReturnOn(host: string): Promise<string> {
  const person = await makeUser(stack.database.db);
  const { agent, csrf } = await signedInAgent(stack.web, person);
  const opened = await agent.post('/api/v1/funding/deposits/card').set('Host', host).set('X-CSRF-Token', csrf).send({ amount: '100' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const paid = await payOnSandbox(opened.body.data.url as string, testCards.success);
  expect(paid.status).toBe(303);
  return paid.location!;
}

describe('the card provider’s return address in the embedded mode', () => {
  it('when the customer came on 127.0.0.1, then the provider sends them back to 127.0.0.1, where their session is', async () => {
    expect(await paidReturnOn(`127.0.0.1:${sitePort}`)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${sitePort}/main/deposit/card\\?deposit=\\d+&result=success`));
  });

  it('when the host is not one of this machine’s, or not the site’s port, then the site’s own address is used', async () => {
    expect(await paidReturnOn(`evil.example:${sitePort}`)).toMatch(new RegExp(`^http://localhost:${sitePort}/main/deposit/card\\?`));
    expect(await paidReturnOn('127.0.0.1:9')).toMatch(new RegExp(`^http://localhost:${sitePort}/main/deposit/card\\?`));
  });
});

describe('returnOriginOf', () => {
  const request = (headers: Record<string, string>, host: string) => ({ get: (name: string) => headers[name.toLowerCase()], host, protocol: 'http' }) as unknown as Request;
  const deps = (publicOriginFixed: boolean | undefined) => ({ siteOrigin: () => 'https://broker.example', publicOriginFixed });

  it('when PUBLIC_ORIGIN is set (or not said), then it is the answer whatever the request says', () => {
    expect(returnOriginOf(request({ 'x-forwarded-host': '127.0.0.1' }, '127.0.0.1'), deps(true))).toBe('https://broker.example');
    expect(returnOriginOf(request({ 'x-forwarded-host': '127.0.0.1' }, '127.0.0.1'), deps(undefined))).toBe('https://broker.example');
  });

  it('when no proxy forwarded the host, then the API’s own address is never taken for the site’s', () => {
    expect(returnOriginOf(request({}, '127.0.0.1:3901'), { siteOrigin: () => 'http://localhost:3900', publicOriginFixed: false })).toBe('http://localhost:3900');
  });
});
