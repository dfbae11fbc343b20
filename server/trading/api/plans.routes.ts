import type { MyPlanRequest, PlanRequestRow, PlansOverview } from '../../../shared/api/plans.schema';
import { planTexts as texts } from '../../../shared/api/plans.schema';
import { api } from '../../../shared/api/endpoints';
import { defaultCurrency } from '../../../shared/constants';
import { findCustomerAccount } from '../db/accounts.repo';
import { latestRequestOf, planRequestQueue, type PlanRequestJoin } from '../db/plans.repo';
import { listPlans } from '../db/reference-data.repo';
import { highestLeverage } from '../engine/orders';
import { ratesInForceAt } from '../db/financing.repo';
import { financingRowLabels, financingRowValues } from '../../../shared/trading/financing';
import { conditionRowLabels, conditionRowValues } from '../../../shared/trading/conditions';
import type { ApiDeps } from '../deps';
import { decidePlanRequest, moveTo, planOf, priceIn, subscribeToPlan } from '../users/plan-change';
import { authOf, staffActorOf } from './auth.middleware';
import { announceFunding } from '../funding/announce';
import { mailCustomerLater } from '../users/preferences';
import { endpointRouter } from './endpoint-router';
import { pageOf } from './paging';
import { ipOf } from './request-client';

const perPage = 25;

function presentRequest({ row, customer, plan, fromPlan, decider, currency }: PlanRequestJoin): PlanRequestRow {
  return {
    id: row.id,
    customer: { id: customer.id, name: `${customer.firstName} ${customer.lastName}`, email: customer.email },
    from_plan: fromPlan,
    plan,
    status: row.status,
    price: row.price,
    currency,
    reason: row.reason,
    decided_by: decider,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Moving to another plan, and staff deciding those requests (docs/customer-area.md#plans). */
export function plansRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { market, bus } = deps;
  const requestById = async (id: number) => presentRequest((await planRequestQueue(db, { tab: 'all', q: undefined, page: 1, perPage: 1, id })).rows[0]!);

  on(api.plans, async (_input, _req, res) => {
    const { user } = authOf(res);
    const [{ plans, featureLabels }, current, live, latest, { leverage: classLeverage }] = [
      await listPlans(db),
      await planOf(db, user),
      await findCustomerAccount(db, user.id),
      await latestRequestOf(db, user.id),
      await deps.referenceData.get(),
    ];
    const currency = live?.currency ?? defaultCurrency;
    const caps = market.instruments.filter((i) => i.enabled).map((i) => i.regulatoryCap);
    const request: MyPlanRequest | null = latest
      ? {
          id: latest.row.id,
          plan_id: latest.row.planId,
          plan_title: latest.planTitle,
          status: latest.row.status,
          price: latest.row.price,
          reason: latest.row.reason,
          created_at: latest.row.createdAt.toISOString(),
          decided_at: latest.row.decidedAt?.toISOString() ?? null,
        }
      : null;
    // The conditions' and financing rows are made from what is in force, never typed (docs/customer-area.md#plans).
    const rates = await ratesInForceAt(db, market.now());
    const markupsOf = (planId: number) => Object.fromEntries(rates.markups.filter((m) => m.planId === planId).map((m) => [m.assetClass, m.markup]));
    const data: PlansOverview = {
      plans: plans.map((plan) => ({
        id: plan.id,
        slug: plan.slug,
        title: plan.title,
        color: plan.color,
        icon: plan.icon,
        leverage: plan.leverage,
        max_leverage: highestLeverage({ instruments: market.instruments, classLeverage, planLeverage: plan.leverage }),
        is_default: plan.is_default,
        is_recommended: plan.is_recommended,
        price: plan.price === null ? null : priceIn(market, plan.price, currency).toFixed(2),
        move: moveTo(current, { id: plan.id, leverage: plan.leverage, price: plan.price }),
        features: [...plan.features, ...conditionRowValues(market.conditions.classesOf(plan.id)), ...financingRowValues(markupsOf(plan.id))],
      })),
      features: [...featureLabels, ...conditionRowLabels, ...financingRowLabels],
      current_plan_id: current?.id ?? null,
      regulatory_cap: caps.length > 0 ? Math.max(...caps) : 1,
      currency,
      latest_request: request,
    };
    return { data };
  });

  on(api.subscribePlan, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const result = await subscribeToPlan(db, market, { userId: user.id, planId: body.plan_id, ip: ipOf(req) });
    if (result.kind !== 'requested') bus.publish('plan.changed', { userId: user.id });
    // The bell and the screens hear it; a paid move also tells the engine the balance moved.
    announceFunding(bus, { userId: user.id, accountId: result.accountId, notice: result.notice });
    return { message: result.message };
  });

  on(api.planRequests, async ({ query }) => {
    const { rows, total, pending } = await planRequestQueue(db, { tab: query.status, q: query.q, page: query.page, perPage });
    return { ...pageOf({ rows: rows.map(presentRequest), page: query.page, perPage, total, path: api.planRequests.path, filters: { status: query.status, q: query.q } }), pending };
  });

  on(api.approvePlanRequest, async ({ params: { id } }, req, res) => {
    const { row, plan, notice } = await decidePlanRequest(db, staffActorOf(req, res), id, { action: 'approve' });
    bus.publish('plan.changed', { userId: row.userId });
    announceFunding(bus, { userId: row.userId, notice });
    mailCustomerLater(deps, row.userId, 'account', notice);
    return { data: await requestById(id), message: texts.approved(plan.title) };
  });

  on(api.rejectPlanRequest, async ({ params: { id }, body }, req, res) => {
    const { row, notice } = await decidePlanRequest(db, staffActorOf(req, res), id, { action: 'reject', reason: body.reason });
    announceFunding(bus, { userId: row.userId, notice });
    mailCustomerLater(deps, row.userId, 'account', notice);
    return { data: await requestById(id), message: texts.rejected };
  });

  return router;
}
