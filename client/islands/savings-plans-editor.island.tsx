import './savings-plans-editor.css';
import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import { savingsApi } from '../../shared/api/endpoints/savings';
import { adminPlanSchema, createPlanRequest, updatePlanRequest, type AdminSavingsPlan } from '../../shared/api/savings.schema';
import { formatMoney } from '../../shared/money';
import { earlyRuleLabels, periodLabels, savingsEarlyRules, savingsPeriods, type SavingsEarlyRule, type SavingsPeriod } from '../../shared/savings';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({ plans: z.array(adminPlanSchema), currencies: z.array(z.string()) });

interface Form {
  title: string;
  currency: string;
  early_withdrawal: SavingsEarlyRule;
  min_amount: string;
  active: boolean;
  rates: Record<SavingsPeriod, string>;
}

const formOf = (plan: AdminSavingsPlan | null, currency: string): Form => ({
  title: plan?.title ?? '',
  currency: plan?.currency ?? currency,
  early_withdrawal: plan?.early_withdrawal ?? 'forfeit_interest',
  min_amount: plan?.min_amount ?? '10.00',
  active: plan?.active ?? true,
  rates: Object.fromEntries(savingsPeriods.map((period) => [period, plan?.rates[period] ?? ''])) as Record<SavingsPeriod, string>,
});

const ratesBody = (form: Form, plan: AdminSavingsPlan | null) => {
  const rates: Partial<Record<SavingsPeriod, string | null>> = {};
  for (const period of savingsPeriods) {
    const typed = form.rates[period].trim();
    const was = plan?.rates[period] ?? '';
    if (plan && typed === was) continue;
    if (typed === '' && !plan) continue;
    rates[period] = typed === '' ? null : typed;
  }
  return rates;
};

/** One plan's form (or a new plan's): title, rule, minimum, on sale, and each period's yearly rate. */
function PlanForm({ plan, currencies, onSaved, onCancel }: { plan: AdminSavingsPlan | null; currencies: string[]; onSaved: (plan: AdminSavingsPlan) => void; onCancel: () => void }) {
  const id = useId();
  const [form, setForm] = useState<Form>(() => formOf(plan, currencies[0] ?? 'USD'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));
  const error = (name: string) =>
    errors[name]?.[0] ? (
      <small className="field-problem" role="alert" id={`${id}-${name.replace('.', '-')}-problem`}>
        {errors[name][0]}
      </small>
    ) : null;

  async function save() {
    const body = plan
      ? { title: form.title, early_withdrawal: form.early_withdrawal, min_amount: form.min_amount, active: form.active, rates: ratesBody(form, plan) }
      : { title: form.title, currency: form.currency, early_withdrawal: form.early_withdrawal, min_amount: form.min_amount, active: form.active, rates: ratesBody(form, null) };
    const parsed = plan ? updatePlanRequest.safeParse(body) : createPlanRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    const result = plan
      ? await call(savingsApi.updateSavingsPlan, { params: { id: plan.id }, body: parsed.data as z.input<typeof updatePlanRequest> })
      : await call(savingsApi.createSavingsPlan, { body: parsed.data as z.input<typeof createPlanRequest> });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors);
      setProblem(result.message ?? 'The plan could not be saved. Please try again.');
      return;
    }
    showToast({ kind: 'success', title: result.data.message });
    onSaved(result.data.data);
  }

  return (
    <form
      className="plan-form"
      noValidate
      aria-label={plan ? `Edit ${plan.title}` : 'New savings plan'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={busy}>
        <div className="plan-form-row">
          <label>
            Title
            <input value={form.title} maxLength={80} onChange={(e) => set({ title: e.target.value })} aria-invalid={errors.title ? true : undefined} />
            {error('title')}
          </label>
          <label>
            Currency
            <select value={form.currency} disabled={plan !== null} onChange={(e) => set({ currency: e.target.value })}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            {error('currency')}
          </label>
          <label>
            Minimum amount
            <input inputMode="decimal" value={form.min_amount} onChange={(e) => set({ min_amount: e.target.value })} aria-invalid={errors.min_amount ? true : undefined} />
            {error('min_amount')}
          </label>
        </div>
        <label>
          Ending a fixed term early
          <select value={form.early_withdrawal} onChange={(e) => set({ early_withdrawal: e.target.value as SavingsEarlyRule })}>
            {savingsEarlyRules.map((rule) => (
              <option key={rule} value={rule}>
                {earlyRuleLabels[rule]}
              </option>
            ))}
          </select>
        </label>
        <div className="plan-rates" role="group" aria-label="Yearly rates (%); leave empty to not offer a period">
          {savingsPeriods.map((period) => (
            <label key={period}>
              {periodLabels[period]} (% a year)
              <input
                inputMode="decimal"
                value={form.rates[period]}
                placeholder="not offered"
                onChange={(e) => set({ rates: { ...form.rates, [period]: e.target.value } })}
                aria-invalid={errors[`rates.${period}`] ? true : undefined}
              />
              {error(`rates.${period}`)}
            </label>
          ))}
        </div>
        {error('rates')}
        <label className="plan-active">
          <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} /> Open to new savings
        </label>
        {problem ? (
          <p className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="plan-form-actions">
          <button type="submit" aria-busy={busy ? true : undefined}>
            {busy ? 'Saving...' : plan ? 'Save plan' : 'Create plan'}
          </button>
          <button type="button" className="outline secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** `/admin/savings`: the savings plans with their current rates and rate history; edit one, or add one (docs/customer-area.md#savings). */
function SavingsPlansEditor({ plans: firstPlans, currencies }: z.infer<typeof props>) {
  const [plans, setPlans] = useState(firstPlans);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const saved = (plan: AdminSavingsPlan) => {
    setPlans((current) => (current.some((p) => p.id === plan.id) ? current.map((p) => (p.id === plan.id ? plan : p)) : [...current, plan]));
    setEditing(null);
  };
  return (
    <div className="savings-plans-editor">
      {plans.length === 0 ? <p>No savings plans yet.</p> : null}
      {plans.map((plan) => (
        <section key={plan.id} className="bo-panel savings-plan-admin" aria-label={plan.title}>
          <header>
            <h2>
              {plan.title} <small>{plan.currency}</small>
            </h2>
            <span className={`status-badge ${plan.active ? 'status-active' : 'status-off-sale'}`}>{plan.active ? 'Open' : 'Closed to new savings'}</span>
          </header>
          <p className="plan-summary">
            Minimum {formatMoney({ amount: plan.min_amount, currency: plan.currency })} · {earlyRuleLabels[plan.early_withdrawal]} · {plan.active_savings} active saving
            {plan.active_savings === 1 ? '' : 's'} holding {formatMoney({ amount: plan.saved, currency: plan.currency })}
          </p>
          <ul className="plan-rates-now">
            {savingsPeriods.map((period) => (
              <li key={period}>
                <span>{periodLabels[period]}</span> <strong>{plan.rates[period] ? `${plan.rates[period]}%` : '—'}</strong>
              </li>
            ))}
          </ul>
          {plan.history.some((term) => term.retired_at) ? (
            <details>
              <summary>Rate history</summary>
              <ul className="plan-history">
                {plan.history.map((term) => (
                  <li key={term.id}>
                    {periodLabels[term.period]}: {term.roi}% from {term.created_at.slice(0, 10)}
                    {term.retired_at ? ` to ${term.retired_at.slice(0, 10)} (savings opened then keep it)` : ' (current)'}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {editing === plan.id ? (
            <PlanForm plan={plan} currencies={currencies} onSaved={saved} onCancel={() => setEditing(null)} />
          ) : (
            <button type="button" className="outline" onClick={() => setEditing(plan.id)}>
              Edit
            </button>
          )}
        </section>
      ))}
      {editing === 'new' ? (
        <section className="bo-panel savings-plan-admin" aria-label="New plan">
          <h2>New plan</h2>
          <PlanForm plan={null} currencies={currencies} onSaved={saved} onCancel={() => setEditing(null)} />
        </section>
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          Add a plan
        </button>
      )}
    </div>
  );
}

export default defineIsland({ name: 'savings-plans-editor', component: SavingsPlansEditor, props });
