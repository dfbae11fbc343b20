import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisorList } from '../../shared/api/advisors.schema';
import { autotraderTexts } from '../../shared/api/autotrader.schema';
import { advisorChangeResponse, catalogueSchema, catalogueTexts, planChangeResponse, type Catalogue } from '../../shared/api/catalogue.schema';
import { siteDataResponse } from '../../shared/api/data.schema';
import { auditLog, ledgerEntries, ownedExpertAdvisors } from '../../server/trading/db/schema';
import { renewDueAdvisors } from '../../server/trading/ea/advisors';
import { makeUser } from '../support/factories';
import { auditLedger, balanceOf } from '../support/money';
import { fundedTrader, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let adminId: number;
let adminToken: string;
const read = (token = adminToken) => request(stack.app).get('/api/v1/admin/catalogue').set(bearer(token));
const patchAdvisor = (id: number | string, body: object, token = adminToken) => request(stack.app).patch(`/api/v1/admin/catalogue/advisors/${id}`).set(bearer(token)).send(body);
const patchPlan = (id: number | string, body: object, token = adminToken) => request(stack.app).patch(`/api/v1/admin/catalogue/plans/${id}`).set(bearer(token)).send(body);
const catalogue = async (): Promise<Catalogue> => catalogueSchema.parse((await read().expect(200)).body.data);
const advisorNamed = async (name: string) => (await catalogue()).advisors.find((a) => a.name === name)!;
const planSlug = async (slug: string) => (await catalogue()).plans.find((p) => p.slug === slug)!;
const marketplace = async (token: string) => advisorList.parse((await request(stack.app).get('/api/v1/expert_advisors').set(bearer(token)).expect(200)).body).data;
const buy = (token: string, id: number) => request(stack.app).post('/api/v1/purchase/ea').set(bearer(token)).send({ expert_advisor_id: id });
const auditsOf = (subjectType: string, id: number, action: string) =>
  stack.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(id)), eq(auditLog.action, action)))
    .orderBy(auditLog.id);
const catalogueAudits = async () => (await stack.database.db.select().from(auditLog)).filter((row) => row.action.startsWith('catalogue.')).length;

beforeAll(async () => {
  stack = await startTrading();
  const admin = await makeUser(stack.database.db, { role: 'admin' });
  adminId = admin.user.id;
  adminToken = await tokenFor(stack.app, admin);
});
afterAll(async () => {
  await auditLedger(stack.database.db);
  await stack.engine.stop();
  await stack.database.close();
});

describe('who may edit the catalogue', () => {
  it('refuses customers and staff with 403 on every catalogue call, and serves admins the advisors, plans and feature rows', async () => {
    const { advisors, plans } = await catalogue();
    for (const person of [await makeUser(stack.database.db), await makeUser(stack.database.db, { role: 'staff' })]) {
      const token = await tokenFor(stack.app, person);
      const answers = [await read(token), await patchAdvisor(advisors[0]!.id, { price: '1' }, token), await patchPlan(plans[0]!.id, { title: 'Hacked' }, token)];
      expect(
        answers.map((a) => a.status),
        person.user.role,
      ).toEqual([403, 403, 403]);
    }
    const after = await catalogue();
    expect(after.advisors[0]!.price).toBe(advisors[0]!.price);
    expect(after.plans[0]!.title).toBe(plans[0]!.title);
    expect(await catalogueAudits()).toBe(0);

    expect(after.advisors.map((a) => [a.name, a.price, a.billing, a.enabled])).toEqual([
      ['Trend Rider', '0', 'one_time', true],
      ['RSI Reverter', '49', 'one_time', true],
      ['Range Breakout', '79', 'one_time', true],
      ['Capped Grid', '29', 'monthly', true],
    ]);
    const idOf = Object.fromEntries(after.plans.map((p) => [p.slug, p.id]));
    expect(after.advisors.find((a) => a.name === 'RSI Reverter')!.plan_ids).toEqual([idOf.pro, idOf.premium]);
    expect(after.advisors.find((a) => a.name === 'Capped Grid')!.plan_ids).toEqual([]);
    expect(after.plans.map((p) => [p.slug, p.leverage, p.is_default, p.is_recommended, p.autotrader_allowed])).toEqual([
      ['basic', 20, true, false, false],
      ['pro', 100, false, true, true],
      ['premium', 200, false, false, true],
    ]);
    // Only rows a behaviour backs: no spreads, support or account manager a plan does not really change.
    expect(after.features.map((f) => f.label)).toEqual(['Maximum leverage', 'Expert Advisors', 'AutoTrader']);
    expect(after.plans[1]!.features.map((f) => f.value)).toEqual(['1:100', 'Free and Pro advisors', 'Yes']);
    // The highest leverage of any asset class (100 for each when seeded).
    expect(after.leverage_max).toBe(100);
  });
});

describe('expert advisors', () => {
  it('a new price applies to new purchases and the next monthly renewal, never to entries already booked; audited with before and after', async () => {
    const grid = await advisorNamed('Capped Grid');
    const owner = await fundedTrader(stack, '500');
    await buy(owner.token, grid.id).expect(200);

    const changed = await patchAdvisor(grid.id, { price: ' 35.5 ' }).expect(200);
    const answer = advisorChangeResponse.parse(changed.body);
    expect(answer).toMatchObject({ changed: true, message: 'Capped Grid saved.', data: { price: '35.5', billing: 'monthly', owners: 1 } });

    const [audit] = await auditsOf('expert_advisor', grid.id, 'catalogue.advisor_updated');
    expect(audit).toMatchObject({ actorId: adminId });
    expect(audit!.details).toEqual({ name: 'Capped Grid', before: { price: '29.00' }, after: { price: '35.50' } });

    // The catalogue customers read shows it at once on this process (its site data was refreshed).
    const site = siteDataResponse.parse((await request(stack.app).get('/api/v1/data').set(bearer(owner.token)).expect(200)).body).data;
    expect(site.expert_advisors.find((a) => a.id === grid.id)!.amount_val).toBe('35.5');

    // A new buyer pays the new price.
    const buyer = await fundedTrader(stack, '100');
    await buy(buyer.token, grid.id).expect(200);
    expect(await balanceOf(stack.database.db, buyer.account.id)).toBe('64.50');

    // The owner's next month costs the new price; the month they paid stays as booked.
    const [owned] = await stack.database.db
      .select()
      .from(ownedExpertAdvisors)
      .where(and(eq(ownedExpertAdvisors.userId, owner.user.id), eq(ownedExpertAdvisors.expertAdvisorId, grid.id)));
    await renewDueAdvisors(stack, owned!.paidUntil!);
    const entries = await stack.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, owner.account.id), eq(ledgerEntries.kind, 'ea_purchase')))
      .orderBy(ledgerEntries.id);
    expect(entries.map((e) => e.amount)).toEqual(['-29.00', '-35.50']);
    expect(await balanceOf(stack.database.db, owner.account.id)).toBe('435.50');
  });

  it('changes the name, description, billing, sale and plans in one change, and a change to nothing writes nothing', async () => {
    const breakout = await advisorNamed('Range Breakout');
    const { plans } = await catalogue();
    const [basic, pro, premium] = plans;
    const changed = advisorChangeResponse.parse(
      (
        await patchAdvisor(breakout.id, {
          name: 'Range Breakout Plus',
          description: 'Trades a close outside its 20-bar range.\nStop beyond the range.',
          billing: 'monthly',
          enabled: false,
          plan_ids: [premium!.id, pro!.id, pro!.id],
        }).expect(200)
      ).body,
    );
    expect(changed.data).toMatchObject({ name: 'Range Breakout Plus', billing: 'monthly', enabled: false, plan_ids: [pro!.id, premium!.id], price: '79' });
    const [audit] = await auditsOf('expert_advisor', breakout.id, 'catalogue.advisor_updated');
    expect(audit!.details).toEqual({
      name: 'Range Breakout Plus',
      before: { name: 'Range Breakout', description: breakout.description, billing: 'one_time', enabled: true, plan_ids: [premium!.id] },
      after: { name: 'Range Breakout Plus', description: 'Trades a close outside its 20-bar range.\nStop beyond the range.', billing: 'monthly', enabled: false, plan_ids: [pro!.id, premium!.id] },
    });
    expect((await planSlug('pro')).advisor_ids).toContain(breakout.id);

    // The same values again: nothing changes and nothing is audited.
    const again = advisorChangeResponse.parse((await patchAdvisor(breakout.id, { name: 'Range Breakout Plus', enabled: false, price: '79', plan_ids: [pro!.id, premium!.id] }).expect(200)).body);
    expect(again).toMatchObject({ changed: false, message: catalogueTexts.unchanged });
    expect(await auditsOf('expert_advisor', breakout.id, 'catalogue.advisor_updated')).toHaveLength(1);

    // Back as seeded, for the tests after this one.
    await patchAdvisor(breakout.id, { name: 'Range Breakout', description: breakout.description, billing: 'one_time', enabled: true, plan_ids: [premium!.id] }).expect(200);
    expect(await advisorNamed('Range Breakout')).toEqual({ ...breakout, plan_ids: [premium!.id] });
    expect(basic!.advisor_ids).not.toContain(breakout.id);
  });

  it('an advisor off sale leaves the marketplace of those who do not have it and is not sold; its owners and the plans including it keep it', async () => {
    const rsi = await advisorNamed('RSI Reverter');
    const owner = await fundedTrader(stack, '1000', { plan: 'basic' });
    await buy(owner.token, rsi.id).expect(200);
    const stranger = await fundedTrader(stack, '1000', { plan: 'basic' });
    const onPro = await fundedTrader(stack, '1000', { plan: 'pro' });

    await patchAdvisor(rsi.id, { enabled: false }).expect(200);
    expect((await marketplace(stranger.token)).map((a) => a.name)).not.toContain('RSI Reverter');
    const refused = await buy(stranger.token, rsi.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(catalogueTexts.advisorNotSold);
    expect(refused.body.errors).toEqual({ expert_advisor_id: [catalogueTexts.advisorNotSold] });
    expect(await balanceOf(stack.database.db, stranger.account.id)).toBe('1000.00');

    expect((await marketplace(owner.token)).find((a) => a.id === rsi.id)).toMatchObject({ status: 'purchased', included_in_plan: false });
    expect((await marketplace(onPro.token)).find((a) => a.id === rsi.id)).toMatchObject({ status: 'purchased', included_in_plan: true });
    // Buying what one has is still "already yours".
    expect((await buy(owner.token, rsi.id)).status).toBe(409);
    // The owner may still activate it.
    await request(stack.app).post(`/api/v1/expert_advisors/${rsi.id}/activate`).set(bearer(owner.token)).expect(200);

    await patchAdvisor(rsi.id, { enabled: true }).expect(200);
    expect((await marketplace(stranger.token)).find((a) => a.id === rsi.id)).toMatchObject({ status: 'available' });
  });
});

describe('plans', () => {
  it('changes leverage, AutoTrader, feature values and advisors; the AutoTrader and leverage rows follow; a customer on it is then refused AutoTrader', async () => {
    const onPro = await fundedTrader(stack, '5000', { plan: 'pro' });
    const before = await planSlug('pro');
    const { features, advisors } = await catalogue();
    const feature = (label: string) => features.find((f) => f.label === label)!.id;
    const breakout = advisors.find((a) => a.name === 'Range Breakout')!;

    const changed = planChangeResponse.parse(
      (
        await patchPlan(before.id, {
          leverage: 50,
          autotrader_allowed: false,
          features: { [feature('Expert Advisors')]: ' Free, Pro and Range Breakout ' },
          advisor_ids: [...before.advisor_ids, breakout.id],
        }).expect(200)
      ).body,
    );
    expect(changed).toMatchObject({ changed: true, message: 'Pro saved. Customers see it within 5 seconds.' });
    expect(changed.data).toMatchObject({ leverage: 50, autotrader_allowed: false, is_default: false, customers: expect.any(Number) });
    expect(changed.data.features.map((f) => f.value)).toEqual(['1:50', 'Free, Pro and Range Breakout', 'No']);
    expect(changed.data.advisor_ids).toEqual([...before.advisor_ids, breakout.id].sort((a, b) => a - b));

    const [audit] = await auditsOf('plan', before.id, 'catalogue.plan_updated');
    expect(audit).toMatchObject({ actorId: adminId });
    expect(audit!.details).toEqual({
      title: 'Pro',
      before: { leverage: 100, autotrader_allowed: true, features: { 'Expert Advisors': 'Free and Pro advisors', 'Maximum leverage': '1:100', AutoTrader: 'Yes' }, advisor_ids: before.advisor_ids },
      after: {
        leverage: 50,
        autotrader_allowed: false,
        features: { 'Expert Advisors': 'Free, Pro and Range Breakout', 'Maximum leverage': '1:50', AutoTrader: 'No' },
        advisor_ids: changed.data.advisor_ids,
      },
    });

    // Customers see it in the site data, and a customer on the plan may no longer ask for AutoTrader.
    const site = siteDataResponse.parse((await request(stack.app).get('/api/v1/data').set(bearer(onPro.token)).expect(200)).body).data;
    expect(site.plans.find((p) => p.id === before.id)).toMatchObject({ leverage: 50, autotrader: false });
    const asked = await request(stack.app).post('/api/v1/update/autotrader').set(bearer(onPro.token)).send({ autotrader_type: 'medium' });
    expect(asked.status).toBe(403);
    expect(asked.body.message).toBe(autotraderTexts.notInPlan);
    expect((await marketplace(onPro.token)).find((a) => a.id === breakout.id)).toMatchObject({ status: 'purchased', included_in_plan: true });

    // Back again; the admin's own words for the AutoTrader row win over "Yes".
    const restored = planChangeResponse.parse(
      (
        await patchPlan(before.id, {
          leverage: 100,
          autotrader_allowed: true,
          features: { [feature('Expert Advisors')]: 'Free and Pro advisors', [feature('AutoTrader')]: 'Yes, on request' },
          advisor_ids: before.advisor_ids,
        }).expect(200)
      ).body,
    );
    expect(restored.data.features.map((f) => f.value)).toEqual(['1:100', 'Free and Pro advisors', 'Yes, on request']);
    await patchPlan(before.id, { features: { [feature('AutoTrader')]: 'Yes' } }).expect(200);
    expect(await planSlug('pro')).toEqual(before);
    await request(stack.app).post('/api/v1/update/autotrader').set(bearer(onPro.token)).send({ autotrader_type: 'medium' }).expect(201);
  });

  it('changes the title, colour and recommended flag; the default plan is not changed here', async () => {
    const basic = await planSlug('basic');
    const changed = planChangeResponse.parse((await patchPlan(basic.id, { title: 'Starter', color: '#0EA5E9', is_recommended: true }).expect(200)).body);
    expect(changed.data).toMatchObject({ title: 'Starter', color: '#0ea5e9', is_recommended: true, is_default: true });
    const refused = await patchPlan(basic.id, { is_default: false });
    expect(refused.status).toBe(422);
    expect(refused.body.errors._).toEqual([catalogueTexts.isDefault]);
    await patchPlan(basic.id, { title: basic.title, color: basic.color, is_recommended: false }).expect(200);
    expect(await planSlug('basic')).toEqual(basic);
  });
});

describe('refusals', () => {
  it('answers 422 with each field’s message and 404 for an unknown id, and changes nothing', async () => {
    const { advisors, plans, features, leverage_max } = await catalogue();
    const rsi = advisors.find((a) => a.name === 'RSI Reverter')!;
    const pro = plans.find((p) => p.slug === 'pro')!;
    const audits = await catalogueAudits();
    const errorsOf = async (res: request.Response) => {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(typeof res.body.message).toBe('string');
      return res.body.errors as Record<string, string[]>;
    };

    expect(await errorsOf(await patchAdvisor(rsi.id, { price: '-5' }))).toEqual({ price: [catalogueTexts.priceNegative] });
    expect(await errorsOf(await patchAdvisor(rsi.id, { price: '12.345' }))).toEqual({ price: [catalogueTexts.priceDecimals] });
    expect(await errorsOf(await patchAdvisor(rsi.id, { price: 'free' }))).toEqual({ price: [catalogueTexts.price] });
    expect(await errorsOf(await patchAdvisor(rsi.id, { price: '10000000' }))).toEqual({ price: [catalogueTexts.priceTooHigh] });
    expect(await errorsOf(await patchAdvisor(rsi.id, { billing: 'weekly', name: ' ' }))).toEqual({ billing: [catalogueTexts.billing], name: [catalogueTexts.name] });
    expect(await errorsOf(await patchAdvisor(rsi.id, { price: '1', rating: 5 }))).toEqual({ _: [catalogueTexts.unknownFields(['rating'])] });
    expect(await errorsOf(await patchAdvisor(rsi.id, { plan_ids: [pro.id, 999_999] }))).toEqual({ plan_ids: [catalogueTexts.unknownPlans([999_999])] });

    expect(await errorsOf(await patchPlan(pro.id, { leverage: 0 }))).toEqual({ leverage: [catalogueTexts.leverage] });
    expect(await errorsOf(await patchPlan(pro.id, { leverage: 1.5 }))).toEqual({ leverage: [catalogueTexts.leverage] });
    expect(await errorsOf(await patchPlan(pro.id, { leverage: leverage_max + 1 }))).toEqual({ leverage: [catalogueTexts.leverageAbove(leverage_max)] });
    expect(await errorsOf(await patchPlan(pro.id, { color: 'blue' }))).toEqual({ color: [catalogueTexts.color] });
    expect(await errorsOf(await patchPlan(pro.id, { features: { 999999: 'x', [features[0]!.id]: 'y'.repeat(101) } }))).toEqual({
      [`features.${features[0]!.id}`]: [catalogueTexts.featureValue],
    });
    expect(await errorsOf(await patchPlan(pro.id, { title: 'Pro+', features: { 999999: 'x' }, advisor_ids: [424_242] }))).toEqual({
      'features.999999': [catalogueTexts.unknownFeature],
      advisor_ids: [catalogueTexts.unknownAdvisors([424_242])],
    });
    expect(await errorsOf(await patchPlan(pro.id, { slug: 'x' }))).toEqual({ _: [catalogueTexts.unknownFields(['slug'])] });

    for (const res of [await patchAdvisor(999_999, { price: '1' }), await patchPlan(999_999, { title: 'Nope' }), await patchPlan('abc', { title: 'Nope' })]) expect(res.status).toBe(404);
    expect((await patchAdvisor(999_999, { price: '1' })).body.message).toBe(catalogueTexts.advisorNotFound);

    expect(await catalogue()).toEqual({ advisors, plans, features, leverage_max });
    expect(await catalogueAudits()).toBe(audits);
  });

  it('changes made at once by two admins, from both sides of plan and advisor, all go through one after the other', async () => {
    const { advisors, plans } = await catalogue();
    const grid = advisors.find((a) => a.name === 'Capped Grid')!;
    const premium = plans.find((p) => p.slug === 'premium')!;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? patchAdvisor(grid.id, { plan_ids: i % 4 === 0 ? [premium.id] : [] })
          : patchPlan(premium.id, { advisor_ids: i % 4 === 1 ? [...premium.advisor_ids, grid.id] : premium.advisor_ids }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, () => 200));
    await patchAdvisor(grid.id, { plan_ids: [] }).expect(200);
    expect((await planSlug('premium')).advisor_ids).toEqual(premium.advisor_ids);
  });
});
