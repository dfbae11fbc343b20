import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { signedInAgent, startWebStack, type WebStack, textOf } from '../support/web';

/**
 * Filter forms sent as a browser sends them (every field, those left blank as empty strings): a blank filter is no
 * filter, on the customer's pages and the back office's lists alike (shared/api/form-query.ts).
 */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

describe('a filter form with blank fields', () => {
  it('when the history filter is applied with no dates, then the statement shows with no message', async () => {
    const { agent } = await signedInAgent(stack.web, await makeUser(stack.database.db));
    const page = await agent.get('/main/transaction-history?kind=&status=all&from=&to=');
    expect(page.status).toBe(200);
    expect(textOf(page.text)).not.toContain('Dates are written YYYY-MM-DD.');
    expect(page.text).not.toMatch(/role="alert"/);
  });

  it('when an admin searches instruments with Class "All" and no text, then every instrument is listed', async () => {
    const { agent } = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'admin' }));
    const page = await agent.get('/admin/instruments?q=&class=');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/class="staff-message" role="alert"/);
    expect(textOf(page.text)).toMatch(/\d+ instruments/);
  });
});
