import express, { type Request, type Response, type Router } from 'express';
import { fieldErrors, messageOf, type FieldErrors } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { createPlanRequest, savingsTexts, updatePlanRequest, type AdminSavings, type AdminSavingsPlan } from '../../../shared/api/savings.schema';
import type { ToastInput } from '../../../shared/page-state.schema';
import { paths } from '../../../shared/routes';
import { savingsPeriods, type SavingsPeriod } from '../../../shared/savings';
import { AdminSavingsPage } from '../../../views/pages/admin/savings';
import { planFormOf, type PlanEdit, type PlanFormValues } from '../../../views/pages/admin/savings-plan-form';
import { bodyOf, keptValues } from '../forms';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps, type StaffPage } from '../gated';
import { sendPage } from '../render';
import { csrf } from '../security';
import { flashNext } from '../session';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The savings plans could not be loaded. Reload the page to try again.';
const notSaved = 'The plan could not be saved. Please try again.';
const postedFields = ['title', 'currency', 'early_withdrawal', 'min_amount', ...savingsPeriods.map((period) => `rates.${period}`)];

/** What was posted, as the form shows it again (an existing plan's currency is not posted: it cannot change). */
function postedPlan(req: Request, plan: AdminSavingsPlan | null): PlanFormValues {
  const posted = keptValues(req, postedFields);
  return {
    title: posted.title ?? '',
    currency: plan?.currency ?? posted.currency ?? '',
    early_withdrawal: posted.early_withdrawal ?? '',
    min_amount: posted.min_amount ?? '',
    active: bodyOf(req).active === 'on',
    rates: Object.fromEntries(savingsPeriods.map((period) => [period, posted[`rates.${period}`] ?? ''])) as Record<SavingsPeriod, string>,
  };
}

/** The request the form makes: a new plan's every offered rate; an existing plan's only the rates that changed (each a new term version; empty retires it). */
function planRequest(values: PlanFormValues, plan: AdminSavingsPlan | null) {
  const rates: Partial<Record<SavingsPeriod, string | null>> = {};
  for (const period of savingsPeriods) {
    const typed = values.rates[period].trim();
    if (plan ? typed === (plan.rates[period] ?? '') : typed === '') continue;
    rates[period] = typed === '' ? null : typed;
  }
  const { title, early_withdrawal, min_amount, active } = values;
  return plan ? { title, early_withdrawal, min_amount, active, rates } : { title, currency: values.currency, early_withdrawal, min_amount, active, rates };
}

/** The plans as the API has them; null and why when it could not say; not found when the role changed since the gate looked (a 403). */
async function readSavings({ api }: PageDeps, req: Request, page: StaffPage): Promise<{ savings: AdminSavings | null; problem: string | null } | 'not-found'> {
  try {
    const answer = await api.request(endpoints.adminSavings, { token: page.token }, callContext(req));
    if (answer.ok) return { savings: answer.data.data, problem: null };
    return answer.status === 403 ? 'not-found' : { savings: null, problem: messageOf(answer.body, unreachable) };
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    return { savings: null, problem: unreachable };
  }
}

/** The form `?edit=` opens: a plan's as saved, or a new one's. */
function editAsked(req: Request, savings: AdminSavings | null): PlanEdit | null {
  if (!savings) return null;
  const asked = req.query.edit;
  if (asked === 'new') return { plan: 'new', values: planFormOf(null, savings.currencies[0] ?? 'USD'), errors: {}, problem: null };
  const plan = savings.plans.find((p) => String(p.id) === asked);
  return plan ? { plan: plan.id, values: planFormOf(plan, plan.currency), errors: {}, problem: null } : null;
}

/**
 * `/admin/savings`, admins only (docs/customer-area.md#savings): the plans, `?edit={id}` or `?edit=new` with
 * that plan's form open, and the form's plain posts, `POST /admin/savings/plans` (a new plan) and
 * `POST /admin/savings/plans/{id}`: a refusal shows the page again with what was typed and the messages at
 * their fields; a saved plan goes back to the list (303), which says so.
 */
export function savingsRoutes(router: Router, deps: PageDeps): void {
  const { api, assets } = deps;

  function render(req: Request, res: Response, page: StaffPage, read: { savings: AdminSavings | null; problem: string | null }, edit: PlanEdit | null, status?: number, flash?: ToastInput[]) {
    sendPage(req, res, assets, {
      status: status ?? (read.savings ? 200 : 503),
      title: 'Savings plans',
      settings: page.settings,
      user: page.user,
      ...(flash ? { flash } : {}),
      body: (csrfToken) => <AdminSavingsPage settings={page.settings} user={page.user} csrfToken={csrfToken} savings={read.savings} problem={read.problem} edit={edit} />,
    });
  }

  router.get(
    paths.adminSavings,
    staffPage(
      deps,
      async (req, res, page) => {
        const read = await readSavings(deps, req, page);
        if (read === 'not-found') return sendNotFound(req, res, assets, page.settings);
        render(req, res, page, read, editAsked(req, read.savings));
      },
      { adminOnly: true },
    ),
  );

  async function save(req: Request, res: Response, page: StaffPage, target: number | 'new') {
    const read = await readSavings(deps, req, page);
    if (read === 'not-found') return sendNotFound(req, res, assets, page.settings);
    if (!read.savings) return render(req, res, page, read, null, 503, [{ kind: 'error', title: notSaved }]);
    const plan = target === 'new' ? null : read.savings.plans.find((p) => p.id === target);
    if (plan === undefined) return render(req, res, page, read, null, 404, [{ kind: 'error', title: savingsTexts.planNotFound }]);
    const values = postedPlan(req, plan);
    const again = (errors: FieldErrors, status: number, message: string) =>
      render(req, res, page, read, { plan: target, values, errors, problem: Object.keys(errors).some((key) => key !== '_') ? null : message }, status, [{ kind: 'error', title: message }]);

    let answer;
    try {
      answer = await send(req, page, planRequest(values, plan), plan);
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return again({}, 503, notSaved);
    }
    if ('invalid' in answer) return again(answer.invalid, 422, Object.values(answer.invalid)[0]?.[0] ?? notSaved);
    if (!answer.ok) return again((answer.body as { errors?: FieldErrors } | null)?.errors ?? {}, answer.status, messageOf(answer.body, notSaved));
    flashNext(req, { kind: 'success', title: answer.data.message });
    res.redirect(303, `${paths.adminSavings}#plan-${answer.data.data.id}`);
  }

  /** The request checked with the API's own schema, then sent: the API's answer, or the schema's messages by field. */
  function send(req: Request, page: StaffPage, request: ReturnType<typeof planRequest>, plan: AdminSavingsPlan | null) {
    const ctx = callContext(req);
    if (plan) {
      const parsed = updatePlanRequest.safeParse(request);
      return parsed.success ? api.request(endpoints.updateSavingsPlan, { token: page.token, params: { id: plan.id }, body: parsed.data }, ctx) : { invalid: fieldErrors(parsed.error.issues) };
    }
    const parsed = createPlanRequest.safeParse(request);
    return parsed.success ? api.request(endpoints.createSavingsPlan, { token: page.token, body: parsed.data }, ctx) : { invalid: fieldErrors(parsed.error.issues) };
  }

  const form = [express.urlencoded({ extended: false, limit: '8kb' }), csrf.csrfSynchronisedProtection];
  router.post(
    `${paths.adminSavings}/plans`,
    ...form,
    staffPage(deps, (req, res, page) => save(req, res, page, 'new'), { adminOnly: true }),
  );
  router.post(
    `${paths.adminSavings}/plans/:id`,
    ...form,
    staffPage(deps, (req, res, page) => save(req, res, page, Number(req.params.id)), { adminOnly: true }),
  );
}
