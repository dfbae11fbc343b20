import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSavingsPlans } from '../../server/trading/db/seed/savings';
import { savingsApi } from '../../shared/api/endpoints/savings';
import { makeUser } from '../support/factories';
import { csrfFrom, signedInAgent, startWebStack, textOf, type WebStack } from '../support/web';

/** The admins' savings plans as plain form posts through the web tier (docs/customer-area.md#savings, docs/front-end.md#forms). */

let stack: WebStack;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  stack = await startWebStack();
  await seedSavingsPlans(stack.database.db);
  admin = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'admin' }));
});
afterAll(() => stack.close());

const plans = async () => savingsApi.adminSavings.response.parse((await admin.agent.get('/api/v1/admin/savings')).body).data.plans;
const planTitled = async (title: string) => (await plans()).find((p) => p.title === title)!;
/** The `<input>` tag named `name` in a page. */
const inputNamed = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
/** The form fields a browser posts for `plan`'s form, with `changes`. */
const posted = (csrf: string, fields: Record<string, string>) => ({ _csrf: csrf, ...fields });

describe('the savings plans page', () => {
  it('when an admin asks to edit a plan or add one, then the page has that form open, posting to the web tier', async () => {
    const euro = await planTitled('Euro Fixed Savings');
    const page = await admin.agent.get(`/admin/savings?edit=${euro.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="/admin/savings/plans/${euro.id}"`);
    expect(page.text).toMatch(/aria-label="Edit Euro Fixed Savings"/);
    expect(textOf(page.text)).toContain('Save plan');
    const fresh = await admin.agent.get('/admin/savings?edit=new');
    expect(fresh.text).toContain('action="/admin/savings/plans"');
    expect(textOf(fresh.text)).toContain('Create plan');
    expect(textOf((await admin.agent.get('/admin/savings')).text)).not.toContain('Create plan');
  });

  it('when a new plan is refused, then the page comes back with what was typed and the messages at their fields', async () => {
    const page = await admin.agent.get('/admin/savings?edit=new');
    const answer = await admin.agent
      .post('/admin/savings/plans')
      .type('form')
      .send(posted(csrfFrom(page.text), { title: '', currency: 'USD', early_withdrawal: 'locked', min_amount: '25.00', 'rates.flexible': '101', 'rates.1_month': '' }));
    expect(answer.status).toBe(422);
    const text = textOf(answer.text);
    expect(text).toContain('The plan needs a title (up to 80 characters).');
    expect(text).toContain('A rate is a yearly percentage above 0 and at most 100, with up to 3 decimals.');
    expect(inputNamed(answer.text, 'min_amount')).toContain('value="25.00"');
    expect(inputNamed(answer.text, 'rates.flexible')).toContain('aria-invalid="true"');
    expect(inputNamed(answer.text, 'title')).toContain('aria-invalid="true"');
    expect(inputNamed(answer.text, 'min_amount')).not.toContain('aria-invalid');
    expect((await plans()).map((p) => p.title)).not.toContain('');
  });

  it('when a new plan is created, then the list has it and says so', async () => {
    const page = await admin.agent.get('/admin/savings?edit=new');
    const answer = await admin.agent
      .post('/admin/savings/plans')
      .type('form')
      .send(posted(csrfFrom(page.text), { title: 'Sterling Saver', currency: 'USD', early_withdrawal: 'forfeit_interest', min_amount: '20', 'rates.flexible': '1.25', 'rates.12_months': '4' }));
    expect(answer.status).toBe(303);
    const saved = await planTitled('Sterling Saver');
    expect(answer.headers.location).toBe(`/admin/savings#plan-${saved.id}`);
    expect(saved).toMatchObject({ active: false, rates: { flexible: '1.25', '12_months': '4' } });
    const list = await admin.agent.get('/admin/savings');
    expect(textOf(list.text)).toContain('Plan created.');
    expect(textOf(list.text)).toContain('Sterling Saver');
  });

  it('when a plan is saved with one rate changed, then only that period gets a new rate and the others keep their terms', async () => {
    const before = await planTitled('US Dollar Savings');
    const page = await admin.agent.get(`/admin/savings?edit=${before.id}`);
    const rates = Object.fromEntries(Object.entries(before.rates).map(([period, rate]) => [`rates.${period}`, rate]));
    const answer = await admin.agent
      .post(`/admin/savings/plans/${before.id}`)
      .type('form')
      .send(posted(csrfFrom(page.text), { title: before.title, early_withdrawal: before.early_withdrawal, min_amount: before.min_amount, active: 'on', ...rates, 'rates.3_months': '2.75' }));
    expect(answer.status).toBe(303);
    const after = await planTitled('US Dollar Savings');
    expect(after.rates).toEqual({ ...before.rates, '3_months': '2.75' });
    expect(after.history).toHaveLength(before.history.length + 1);
  });

  it('when staff who are not admins post a plan, then it is not found, and a post without the page’s token is refused', async () => {
    const staff = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'staff' }));
    const form = { title: 'Sneaky', currency: 'USD', early_withdrawal: 'locked', min_amount: '10', 'rates.flexible': '9' };
    expect((await staff.agent.post('/admin/savings/plans').type('form').send(posted(staff.csrf, form))).status).toBe(404);
    expect((await admin.agent.post('/admin/savings/plans').type('form').send(form)).status).toBe(403);
    expect((await plans()).map((p) => p.title)).not.toContain('Sneaky');
  });
});
