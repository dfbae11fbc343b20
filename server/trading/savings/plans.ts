import { savingsTexts as texts, type AdminSavingsPlan, type CreatePlanRequest, type SavingsPlan, type UpdatePlanRequest } from '../../../shared/api/savings.schema';
import { Money } from '../../../shared/money';
import { periodLabels, savingsPeriods, type SavingsPeriod } from '../../../shared/savings';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Executor } from '../db/database';
import {
  currentTerms,
  findPlan,
  insertPlan,
  listPlans,
  lockPlan,
  planFigures,
  replaceTerm,
  siteCurrencies,
  termHistory,
  updatePlan,
  type SavingsPlanRow,
  type SavingsTermRow,
} from '../db/savings.repo';
import { fail, refusal } from '../errors';
import type { StaffActor } from '../users/staff-actor';

/**
 * The savings catalogue (docs/customer-area.md#savings): plans and their rates, edited by admins. A rate
 * is never changed in place: a new rate is a new term version and the old one is retired, so savings
 * opened on it keep the rate they were opened at.
 */

const byPeriod = (a: SavingsTermRow, b: SavingsTermRow) => savingsPeriods.indexOf(a.period) - savingsPeriods.indexOf(b.period);

/** The plans customers may open, each with the periods it offers now (plans offering none are left out). */
export async function offeredPlans(db: Executor): Promise<SavingsPlan[]> {
  const plans = await listPlans(db, { activeOnly: true });
  const terms = await currentTerms(
    db,
    plans.map((plan) => plan.id),
  );
  return plans
    .map((plan) => ({
      id: plan.id,
      title: plan.title,
      currency: plan.currency,
      early_withdrawal: plan.earlyWithdrawal,
      min_amount: new Money(plan.minAmount).toFixed(2),
      terms: terms
        .filter((term) => term.planId === plan.id)
        .sort(byPeriod)
        .map((term) => ({ id: term.id, period: term.period, title: periodLabels[term.period], roi: new Money(term.roi).toString() })),
    }))
    .filter((plan) => plan.terms.length > 0);
}

function presentAdminPlan(plan: SavingsPlanRow, history: SavingsTermRow[], figures: { count: number; saved: string } | undefined): AdminSavingsPlan {
  const mine = history.filter((term) => term.planId === plan.id);
  return {
    id: plan.id,
    title: plan.title,
    currency: plan.currency,
    active: plan.active,
    early_withdrawal: plan.earlyWithdrawal,
    min_amount: new Money(plan.minAmount).toFixed(2),
    sort_order: plan.sortOrder,
    rates: Object.fromEntries(mine.filter((term) => term.retiredAt === null).map((term) => [term.period, new Money(term.roi).toString()])),
    history: mine.map((term) => ({
      id: term.id,
      period: term.period,
      roi: new Money(term.roi).toString(),
      created_at: term.createdAt.toISOString(),
      retired_at: term.retiredAt?.toISOString() ?? null,
    })),
    active_savings: figures?.count ?? 0,
    saved: new Money(figures?.saved ?? '0').toFixed(2),
  };
}

export async function adminPlans(db: Executor): Promise<AdminSavingsPlan[]> {
  const plans = await listPlans(db, { activeOnly: false });
  const history = await termHistory(
    db,
    plans.map((plan) => plan.id),
  );
  const figures = await planFigures(db);
  return plans.map((plan) => presentAdminPlan(plan, history, figures.get(plan.id)));
}

async function adminPlan(db: Executor, id: number): Promise<AdminSavingsPlan> {
  const plan = (await findPlan(db, id)) ?? fail(refusal.notFound(texts.planNotFound));
  return presentAdminPlan(plan, await termHistory(db, [id]), (await planFigures(db)).get(id));
}

type Rates = Partial<Record<SavingsPeriod, string | null>>;

export async function createPlan(db: AppDb, actor: StaffActor, request: CreatePlanRequest): Promise<AdminSavingsPlan> {
  if (!(await siteCurrencies(db)).some((c) => c.code === request.currency)) fail(refusal.invalid(texts.currencyUnknown, 'currency'));
  const rates = request.rates as Rates;
  if (!savingsPeriods.some((period) => rates[period])) fail(refusal.invalid(texts.noRates, 'rates'));
  const id = await db.transaction(async (tx) => {
    const plan = await insertPlan(tx, {
      title: request.title,
      currency: request.currency,
      earlyWithdrawal: request.early_withdrawal,
      minAmount: request.min_amount,
      active: request.active ?? true,
    });
    const at = new Date();
    for (const period of savingsPeriods) {
      const roi = rates[period];
      if (roi) await replaceTerm(tx, { planId: plan.id, period, roi, at });
    }
    await recordAudit(tx, { actorId: actor.id, action: 'savings.plan_created', subjectType: 'savings_plan', subjectId: plan.id, details: { ...request }, ip: actor.ip });
    return plan.id;
  });
  return adminPlan(db, id);
}

export async function changePlan(db: AppDb, actor: StaffActor, id: number, request: UpdatePlanRequest): Promise<AdminSavingsPlan> {
  await db.transaction(async (tx) => {
    const before = (await lockPlan(tx, id)) ?? fail(refusal.notFound(texts.planNotFound));
    const current = new Map((await currentTerms(tx, [id])).map((term) => [term.period, term.roi]));
    const rateChanges: Record<string, { from: string | null; to: string | null }> = {};
    const at = new Date();
    for (const [period, roi] of Object.entries(request.rates ?? {}) as [SavingsPeriod, string | null | undefined][]) {
      if (roi === undefined) continue;
      const was = current.get(period) ?? null;
      const same = was === null ? roi === null : roi !== null && new Money(was).equals(roi);
      if (same) continue;
      await replaceTerm(tx, { planId: id, period, roi, at });
      rateChanges[period] = { from: was === null ? null : new Money(was).toString(), to: roi };
      if (roi === null) current.delete(period);
      else current.set(period, roi);
    }
    if (current.size === 0) fail(refusal.invalid(texts.noRates, 'rates'));
    const patch: Partial<SavingsPlanRow> = {};
    if (request.title !== undefined) patch.title = request.title;
    if (request.early_withdrawal !== undefined && request.early_withdrawal !== before.earlyWithdrawal) {
      // Savers keep the terms they opened on: the rule cannot change under savings still running.
      if (((await planFigures(tx)).get(id)?.count ?? 0) > 0) fail(refusal.invalid(texts.earlyRuleFixed, 'early_withdrawal'));
      patch.earlyWithdrawal = request.early_withdrawal;
    }
    if (request.min_amount !== undefined) patch.minAmount = request.min_amount;
    if (request.active !== undefined) patch.active = request.active;
    if (request.sort_order !== undefined) patch.sortOrder = request.sort_order;
    const after = Object.keys(patch).length > 0 ? await updatePlan(tx, id, patch) : before;
    const fields = Object.fromEntries(
      (Object.keys(patch) as (keyof SavingsPlanRow)[]).filter((key) => String(before[key]) !== String(after[key])).map((key) => [key, { from: before[key], to: after[key] }]),
    );
    if (Object.keys(fields).length > 0 || Object.keys(rateChanges).length > 0) {
      await recordAudit(tx, { actorId: actor.id, action: 'savings.plan_updated', subjectType: 'savings_plan', subjectId: id, details: { fields, rates: rateChanges }, ip: actor.ip });
    }
  });
  return adminPlan(db, id);
}
