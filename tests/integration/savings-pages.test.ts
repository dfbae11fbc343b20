import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { seedSavingsPlans } from '../../server/trading/db/seed/savings';
import { makeUser } from '../support/factories';
import { deposit, liveAccount } from '../support/money';
import { signedInAgent, startWebStack, type WebStack, textOf } from '../support/web';

/** `/main/savings` and `/admin/savings` through the web tier (docs/customer-area.md#savings). */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
  await seedSavingsPlans(stack.database.db);
});
afterAll(() => stack.close());

describe('the savings page', () => {
  it('offers the plans at the server’s rates, and says so when savings are switched off (no nav link then)', async () => {
    const person = await makeUser(stack.database.db);
    await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, '250.00');
    const { agent } = await signedInAgent(stack.web, person);

    await updateSettings(stack.database.db, { savings_enabled: true });
    const on = await agent.get('/main/savings');
    expect(on.status).toBe(200);
    const text = textOf(on.text);
    expect(text).toContain('CREATE NEW SAVINGS PLAN');
    expect(text).toContain('US Dollar Savings');
    expect(text).toMatch(/Flexible\s*1\.5%/);
    expect(text).toContain('$250.00 free');
    expect(text).toContain('Open Savings Account and invest $0.00');
    expect(text).toContain('You have no savings yet.');
    expect(text).toContain('How savings work');
    expect(on.text).toMatch(/<a href="\/main\/savings" aria-current="page">Savings<\/a>/);

    await updateSettings(stack.database.db, { savings_enabled: false });
    const off = await agent.get('/main/savings');
    expect(off.status).toBe(200);
    expect(textOf(off.text)).toContain('Savings are not offered.');
    expect(textOf(off.text)).not.toContain('CREATE NEW SAVINGS PLAN');
    expect(off.text).not.toMatch(/href="\/main\/savings"/);
  });

  it('the plans page is the admins’: customers and staff get not found', async () => {
    const admin = await makeUser(stack.database.db, { role: 'admin' });
    const page = await (await signedInAgent(stack.web, admin)).agent.get('/admin/savings');
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain('Savings plans');
    expect(textOf(page.text)).toContain('Euro Fixed Savings');
    for (const role of ['customer', 'staff'] as const) {
      const other = await makeUser(stack.database.db, { role });
      const refused = await (await signedInAgent(stack.web, other)).agent.get('/admin/savings');
      expect(refused.status).toBe(404);
    }
  });
});
