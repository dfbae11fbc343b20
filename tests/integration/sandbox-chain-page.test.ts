import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { signedInAgent, startWebStack, type WebStack } from '../support/web';

/** `/admin/sandbox-chain` (docs/funding.md#the-sandbox-chain): a back-office page, for staff only. */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

describe('the sandbox chain page', () => {
  it('staff get the form and the recent payments, linked from the queues’ tabs', async () => {
    const { agent } = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'staff' }));
    const page = await agent.get('/admin/sandbox-chain');
    expect(page.status).toBe(200);
    expect(page.text).toContain('The embedded chain watcher: announce a payment to a customer’s deposit address as a blockchain would.');
    expect(page.text).toContain('app-island name="sandbox-chain"');
    expect(page.text).toContain('BTC — Bitcoin (Native SegWit)');
    const queue = await agent.get('/admin/queues/deposits');
    expect(queue.text).toMatch(/<a href="\/admin\/sandbox-chain"[^>]*>Sandbox chain<\/a>/);
  });

  it('a customer gets the not-found page', async () => {
    const { agent } = await signedInAgent(stack.web, await makeUser(stack.database.db));
    const page = await agent.get('/admin/sandbox-chain');
    expect(page.status).toBe(404);
    expect(page.text).toContain('Page not found');
    expect(page.text).not.toContain('Announce a payment');
  });
});
