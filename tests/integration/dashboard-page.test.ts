import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories';
import { deposit, liveAccount } from '../support/money';
import { signedInAgent, startWebStack, type WebStack, textOf } from '../support/web';

/** `/main/dashboard` through the web tier (docs/customer-area.md#dashboard): real figures, honest empty states, no samples. */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

describe('the dashboard', () => {
  it('for a new customer, then every section says there is nothing yet rather than showing figures it does not have', async () => {
    const person = await makeUser(stack.database.db);
    const { agent } = await signedInAgent(stack.web, person);
    const page = await agent.get('/main/dashboard');
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain('Welcome back, Test Customer');
    expect(text).toContain('Unverified');
    expect(text).not.toContain('Verified ');
    expect(page.text).toMatch(/data-testid="balance-live"[^>]*>\$0\.00</);
    expect(page.text).toMatch(/data-testid="balance-demo"[^>]*>\$10,000\.00</);
    expect(text).toContain('Demo money');
    expect(text).toContain('No deposits yet');
    expect(text).toContain('No orders closed yet');
    expect(text).toContain('No trading data available');
    expect(text).toContain('Start trading to see your performance chart');
    expect(text).toContain('No open positions');
    expect(text).toContain('No transactions yet');
    expect(text).toContain('No closed trades yet');
    // The market strip: our instruments, from our feed (the original's seven, made real).
    expect(text).toContain('EUR/USD');
    expect(text).toContain('Open Trade Room');
    expect(page.text).toContain('href="/mt4"');
  });

  it('says, here, on the plans and the accounts page, the most leverage any instrument takes on the customer’s plan, not the plan’s cap that none reaches', async () => {
    const { agent } = await signedInAgent(stack.web, await makeUser(stack.database.db, { plan: 'pro' }));
    const text = textOf((await agent.get('/main/dashboard')).text);
    // Pro caps leverage at 1:100; retail regulatory caps stop every instrument at 1:30 (docs/trading.md#leverage).
    expect(text).toContain('Leverage up to 1:30');
    expect(text).not.toContain('1:100');
    const plans = textOf((await agent.get('/main/plans')).text);
    expect(plans).toContain('Leverage up to 1:30.');
    expect(plans).not.toMatch(/1:(100|200)\b/);
    const accounts = textOf((await agent.get('/main/accounts')).text);
    expect(accounts).toContain('1:30');
    expect(accounts).not.toContain('1:100');
  });

  it('for a customer who deposited, then the deposit is counted and listed, and the empty deposit text is gone', async () => {
    const person = await makeUser(stack.database.db);
    const account = await liveAccount(stack.database.db, person.user.id);
    await deposit(stack.database.db, account.id, '2500');
    const { agent } = await signedInAgent(stack.web, person);
    const page = await agent.get('/main/dashboard');
    const text = textOf(page.text);
    expect(page.text).toMatch(/data-testid="balance-live"[^>]*>\$2,500\.00</);
    expect(text).not.toContain('No deposits yet');
    expect(text).toContain(`Deposited into your Live Account #${account.number}`);
    expect(text).toMatch(/Deposit #\d+ · [^·]* UTC In: \+\$2,500\.00/);
    expect(text).not.toContain('No transactions yet');
  });

  it('sends staff to the back office', async () => {
    const staff = await makeUser(stack.database.db, { role: 'staff' });
    const { agent } = await signedInAgent(stack.web, staff);
    const page = await agent.get('/main/dashboard');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/admin');
  });
});
