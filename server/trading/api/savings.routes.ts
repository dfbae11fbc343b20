import { api } from '../../../shared/api/endpoints';
import { savingsTexts as texts, type SavingsOverview } from '../../../shared/api/savings.schema';
import { Money } from '../../../shared/money';
import { periodLabels } from '../../../shared/savings';
import { getSettings } from '../db/settings.repo';
import { savingsOfUser, siteCurrencies } from '../db/savings.repo';
import type { ApiDeps } from '../deps';
import { withdrawableOf } from '../funding/withdrawals';
import { adminPlans, changePlan, createPlan, offeredPlans } from '../savings/plans';
import { claimSaving, closeSaving, openSaving, presentSaving, savingView } from '../savings/savings';
import { accountsOfUser } from '../db/accounts.repo';
import { authOf, staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { announceFunding } from '../funding/announce';
import { ipOf } from './request-client';

/** Savings plans and a customer's savings (docs/customer-area.md#savings), the original client's savings calls (docs/compatibility.md#savings), the admins' plan editor. */
export function savingsRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { bus, market } = deps;
  /** The cluster's clock: the market's (tests move it). */
  const now = () => market.now();

  async function overview(userId: number): Promise<SavingsOverview> {
    const at = now();
    const { savings_enabled: enabled } = await getSettings(db);
    const plans = enabled ? await offeredPlans(db) : [];
    const currencies = new Set(plans.map((plan) => plan.currency));
    const lives = (await accountsOfUser(db, userId)).filter((account) => account.type === 'live' && currencies.has(account.currency));
    const accounts = await Promise.all(
      lives.map(async (account) => ({
        id: account.id,
        number: account.number,
        currency: account.currency,
        is_primary: account.isPrimary,
        free: (await withdrawableOf(db, market, account)).withdrawable.toFixed(2),
      })),
    );
    accounts.sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || a.id - b.id);
    const savings = (await savingsOfUser(db, userId, { includeClosed: true, limit: 50 })).map((row) => presentSaving(row, at));
    return { enabled, now: at.toISOString(), plans, accounts, savings };
  }

  on(api.savingsOverview, async (_input, _req, res) => ({ data: await overview(authOf(res).user.id) }));

  on(api.openSaving, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const { saving, notice } = await openSaving(db, market, { userId: user.id, planId: body.plan_id, period: body.period, amount: body.amount, accountId: body.account_id, ip: ipOf(req), now: now() });
    announceFunding(bus, { userId: user.id, accountId: saving.accountId, notice });
    return { data: await savingView(db, user.id, saving.id, now()), message: texts.created };
  });

  on(api.claimSaving, async ({ params: { id } }, req, res) => {
    const { user } = authOf(res);
    const { saving, notice } = await claimSaving(db, { userId: user.id, id, ip: ipOf(req), now: now() });
    announceFunding(bus, { userId: user.id, accountId: saving.accountId, notice });
    return { data: await savingView(db, user.id, id, now()), message: texts.claimed };
  });

  on(api.closeSaving, async ({ params: { id } }, req, res) => {
    const { user } = authOf(res);
    const { saving, notice, message } = await closeSaving(db, { userId: user.id, id, ip: ipOf(req), now: now() });
    announceFunding(bus, { userId: user.id, accountId: saving.accountId, notice });
    return { data: await savingView(db, user.id, id, now()), message };
  });

  // The original client's calls, in its shapes: each list under `data` (its savingsStore reads response.data.data).

  on(api.legacySavingsPlans, async () => {
    if (!(await getSettings(db)).savings_enabled) return { data: [] };
    const plans = (await offeredPlans(db)).map((plan) => ({
      id: plan.id,
      title: plan.title,
      period: plan.terms[0]!.period,
      currency: plan.currency,
      status: 'active',
      periods: plan.terms.map((term) => ({ roi: term.roi, title: periodLabels[term.period], period: term.period })),
    }));
    return { data: plans };
  });

  on(api.legacySavings, async (_input, _req, res) => {
    const at = now();
    const rates = new Map((await siteCurrencies(db)).map((c) => [c.code, c.rate]));
    const rows = await savingsOfUser(db, authOf(res).user.id, { includeClosed: false });
    const data = rows.map((row) => {
      const view = presentSaving(row, at);
      const rate = rates.get(row.currency) ?? '1';
      return {
        id: view.id,
        currency: view.currency,
        roi: view.roi,
        days: view.days,
        is_flexible: view.is_flexible,
        amount: view.amount,
        earned: view.earned,
        start_date: view.started_at,
        end_date: view.ends_at,
        usd_amount: new Money(view.amount).dividedBy(rate).toFixed(2),
        days_elapsed: view.days_elapsed,
        created_at: row.createdAt.toISOString(),
      };
    });
    return { data };
  });

  on(api.legacySavingsStore, async ({ body }, req, res) => {
    const { user } = authOf(res);
    // `roi` is read and ignored: the rate is the plan's current one.
    const { saving, notice } = await openSaving(db, market, { userId: user.id, planId: body.plan_id, period: body.period, amount: body.amount, ip: ipOf(req), now: now() });
    announceFunding(bus, { userId: user.id, accountId: saving.accountId, notice });
    return { message: texts.created };
  });

  on(api.legacySavingsClaim, async ({ params: { id } }, req, res) => {
    const { user } = authOf(res);
    // Only the id counts: the amount, period and rate the original sends are not read.
    const { saving, notice } = await claimSaving(db, { userId: user.id, id, ip: ipOf(req), now: now() });
    announceFunding(bus, { userId: user.id, accountId: saving.accountId, notice });
    return { message: texts.claimed };
  });

  // The admins' plan editor.

  on(api.adminSavings, async () => {
    const [settings, plans, currencies] = await Promise.all([getSettings(db), adminPlans(db), siteCurrencies(db)]);
    return { data: { enabled: settings.savings_enabled, currencies: currencies.map((c) => c.code), plans } };
  });

  on(api.createSavingsPlan, async ({ body }, req, res) => ({ data: await createPlan(db, staffActorOf(req, res), body), message: 'Plan created.' }));

  on(api.updateSavingsPlan, async ({ params: { id }, body }, req, res) => ({ data: await changePlan(db, staffActorOf(req, res), id, body), message: 'Plan saved.' }));

  return router;
}
