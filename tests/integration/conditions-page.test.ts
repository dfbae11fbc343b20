import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionTexts } from '../../shared/api/conditions.schema';
import { plans } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { csrfFrom, signedInAgent, startWebStack, textOf, type WebStack } from '../support/web';

/** The trading conditions' back-office page (docs/back-office.md#trading-conditions): admins set a plan's conditions by plain form posts. */

let stack: WebStack;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let pro: number;
let gold: number;
beforeAll(async () => {
  stack = await startWebStack();
  admin = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'admin' }));
  pro = (await stack.database.db.select({ id: plans.id }).from(plans).where(eq(plans.slug, 'pro')))[0]!.id;
  gold = stack.market.instruments.find((i) => i.symbol === 'XAUUSD')!.id;
});
afterAll(() => stack.close());

const post = (path: string, csrf: string, body: Record<string, string | number>) =>
  admin.agent
    .post(path)
    .type('form')
    .send({ _csrf: csrf, ...body });

describe('the trading conditions page', () => {
  it('when staff who are not admins ask for it, then it is not found', async () => {
    const staff = await signedInAgent(stack.web, await makeUser(stack.database.db, { role: 'staff' }));
    expect((await staff.agent.get('/admin/conditions')).status).toBe(404);
  });

  it('when an admin gives gold its own conditions on Pro, then a refused markup comes back beside its field, a good one is listed, and removing it goes back to the class', async () => {
    const page = await admin.agent.get('/admin/conditions');
    expect(page.status).toBe(200);
    expect(textOf(page.text)).toContain('None: every instrument trades at its class’s conditions.');
    const fields = { plan_id: pro, asset_class: 'metals', asset_id: gold, commission_type: 'per_lot', commission_rate: '2.5', commission_min: '0' };
    const refused = await post('/admin/conditions', csrfFrom(page.text), { ...fields, spread_markup: '1.5' });
    expect(refused.status).toBe(422);
    expect(textOf(refused.text)).toContain(conditionTexts.markup);
    expect(refused.text).toMatch(/<input[^>]*name="spread_markup"[^>]*value="1.5"/);
    const set = await post('/admin/conditions', csrfFrom(page.text), { ...fields, spread_markup: '6' });
    expect([set.status, set.headers.location]).toEqual([303, '/admin/conditions#markups-heading']);
    const listed = await admin.agent.get('/admin/conditions');
    expect(textOf(listed.text)).toContain(conditionTexts.set('Pro', 'XAUUSD'));
    expect(textOf(listed.text)).toMatch(/Pro\s*XAUUSD\s*6\s*2\.5 USD per lot per side/);
    expect(stack.market.conditions.of(pro, stack.market.instrument(gold)!).spreadMarkup).toBe(6);
    const removed = await post('/admin/conditions/remove', csrfFrom(listed.text), { plan_id: pro, asset_id: gold });
    expect([removed.status, removed.headers.location]).toEqual([303, '/admin/conditions#overrides-heading']);
    const after = textOf((await admin.agent.get('/admin/conditions')).text);
    expect(after).toContain(conditionTexts.removed('Pro', 'XAUUSD'));
    expect(after).toContain('None: every instrument trades at its class’s conditions.');
    expect(stack.market.conditions.of(pro, stack.market.instrument(gold)!).spreadMarkup).toBe(10);
  });
});
