import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { signedInAgent, startWebStack, type WebStack } from '../support/web';

let stack: WebStack;

beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

describe('the headers every page carries', () => {
  it('when a page loads, then X-Frame-Options and the CSP agree that no site may frame it', async () => {
    const res = await request(stack.web).get('/');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('when a page loads, then Permissions-Policy allows only what the pages use (camera for KYC, clipboard for copy buttons) and turns off the rest', async () => {
    const res = await request(stack.web).get('/');
    const policy = new Map(
      String(res.headers['permissions-policy'])
        .split(',')
        .map((entry) => entry.trim().split('=') as [string, string]),
    );
    expect(policy.get('camera')).toBe('(self)');
    expect(policy.get('clipboard-write')).toBe('(self)');
    for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'clipboard-read']) expect(policy.get(feature), feature).toBe('()');
    // Static files and errors carry it too.
    expect((await request(stack.web).get('/no-such-page')).headers['permissions-policy']).toBe(res.headers['permissions-policy']);
  });
});

describe('the headers the API’s answers carry through our proxy', () => {
  it('when a page’s call is answered, then its policy allows nothing and has no nonce, and a stored file keeps its own sandbox', async () => {
    const { agent } = await signedInAgent(stack.web, await makeUser(stack.database.db));
    const res = await agent.get('/api/v1/user');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Refused before the API (no CSRF token): the same headers.
    const refused = await agent.post('/api/v1/user/heartbeat');
    expect(refused.status).toBe(403);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
