import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { deposit } from '../support/money';
import { signedInAgent, startWebStack, type WebStack, textOf } from '../support/web';

/** `/main/accounts` through the web tier (docs/customer-area.md#accounts): real figures, cash and credit apart, only the customer's own accounts. */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

async function signUpLive(userId: number) {
  const [row] = await stack.database.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.type, 'live'), eq(tradingAccounts.isPrimary, true)));
  return row!;
}

describe('the Accounts page', () => {
  it('shows the customer’s own accounts with their figures, real-money cash apart from Demo, and asks for a second Live account before a transfer', async () => {
    const person = await makeUser(stack.database.db);
    const other = await makeUser(stack.database.db);
    const live = await signUpLive(person.user.id);
    await deposit(stack.database.db, live.id, '1500.00');
    const { agent } = await signedInAgent(stack.web, person);
    const page = await agent.get('/main/accounts');
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain('View your wallets and move funds between them');
    expect(text).toContain("Test's wallets");
    expect(text).toContain('Unverified');
    // Cash of Live accounts only: the Demo 10,000 is not added in.
    expect(page.text).toMatch(/data-testid="accounts-cash"[^>]*>\$1,500\.00</);
    expect(page.text).toMatch(/data-testid="accounts-active"[^>]*>2<!-- -->\/<!-- -->2</);
    expect(text).toContain(`Live Account #${live.number}`);
    expect(text).toContain('Transfer Between Wallets');
    expect(text).toContain('Open another Live account below to use them.');
    expect(text).toContain('1 of 5 held');
    expect(text).toContain('Upgrade Plan');
    expect(page.text).toContain('href="/main/plans"');
    expect(text).not.toContain((await signUpLive(other.user.id)).number);
  });

  it('offers the transfer form once a second Live account is open, and lists the transfer made', async () => {
    const person = await makeUser(stack.database.db);
    const live = await signUpLive(person.user.id);
    await deposit(stack.database.db, live.id, '300.00');
    const { agent, csrf } = await signedInAgent(stack.web, person);
    const opened = await agent.post('/api/v1/accounts').set('X-CSRF-Token', csrf).send({ type: 'live' });
    expect(opened.status).toBe(201);
    const moved = await agent.post('/api/v1/accounts/transfers').set('X-CSRF-Token', csrf).send({ from_account_id: live.id, to_account_id: opened.body.data.id, amount: '120' });
    expect(moved.status).toBe(201);
    const text = textOf((await agent.get('/main/accounts')).text);
    expect(text).toContain('Make Transfer');
    expect(text).toContain(`Live Account #${live.number} ($180.00)`);
    expect(text).toContain(`Live Account #${opened.body.data.number} ($120.00)`);
    expect(text).toContain('Up to $180.00 can move now.');
    expect(text).not.toContain('No transfers yet.');
  });
});
