import type { FieldErrors } from '../../../shared/api/common.schema';
import type { AdminSavingsPlan } from '../../../shared/api/savings.schema';
import { paths } from '../../../shared/routes';
import { earlyRuleLabels, periodLabels, savingsEarlyRules, savingsPeriods, type SavingsPeriod } from '../../../shared/savings';
import { CheckedFormTag, FieldError, SubmitButton } from '../../components/form-fields';

/** A savings plan's form as typed (or as saved, before any typing): rates by period, empty where not offered. */
export interface PlanFormValues {
  title: string;
  currency: string;
  early_withdrawal: string;
  min_amount: string;
  active: boolean;
  rates: Record<SavingsPeriod, string>;
}

/** The plan being edited (`new`: one being added), with what was typed and the server's messages after a refused post. */
export interface PlanEdit {
  plan: number | 'new';
  values: PlanFormValues;
  errors: FieldErrors;
  /** A refusal no field shows. */
  problem: string | null;
}

/** The form's values for a saved plan, or a new plan's in `currency`. */
export const planFormOf = (plan: AdminSavingsPlan | null, currency: string): PlanFormValues => ({
  title: plan?.title ?? '',
  currency: plan?.currency ?? currency,
  early_withdrawal: plan?.early_withdrawal ?? 'forfeit_interest',
  min_amount: plan?.min_amount ?? '10.00',
  active: plan?.active ?? true,
  rates: Object.fromEntries(savingsPeriods.map((period) => [period, plan?.rates[period] ?? ''])) as Record<SavingsPeriod, string>,
});

/** Where a plan's form posts: `POST /admin/savings/plans` adds one, `…/plans/{id}` changes one (server/web/admin/savings.routes.tsx). */
export const planFormPath = (plan: number | 'new') => (plan === 'new' ? `${paths.adminSavings}/plans` : `${paths.adminSavings}/plans/${plan}`);
/** The page with a plan's form open (or the new plan's), scrolled to it. */
export const editPlanHref = (plan: number | 'new') => `${paths.adminSavings}?edit=${plan}#plan-${plan}`;

/** One plan's form (or a new plan's): title, rule, minimum, on sale, and each period's yearly rate. A plain post (docs/front-end.md#forms). */
export function PlanForm({ plan, currencies, edit, csrfToken }: { plan: AdminSavingsPlan | null; currencies: readonly string[]; edit: PlanEdit; csrfToken: string }) {
  const { values, errors } = edit;
  const id = `plan-form-${edit.plan}`;
  const idOf = (name: string) => `${id}-${name.replace('.', '-')}`;
  const field = (name: string) => ({ id: idOf(name), name, 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': errors[name] ? `${idOf(name)}-error` : undefined });
  const message = (name: string) => <FieldError id={idOf(name)} name={name} message={errors[name]?.[0]} className="field-problem" />;
  return (
    <CheckedFormTag check="" className="plan-form" label={plan ? `Edit ${plan.title}` : 'New savings plan'} action={planFormPath(edit.plan)} csrfToken={csrfToken}>
      <fieldset>
        <div className="plan-form-row">
          <label>
            Title
            <input {...field('title')} defaultValue={values.title} maxLength={80} />
            {message('title')}
          </label>
          <label>
            Currency
            <select {...field('currency')} defaultValue={values.currency} disabled={plan !== null}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            {message('currency')}
          </label>
          <label>
            Minimum amount
            <input {...field('min_amount')} inputMode="decimal" defaultValue={values.min_amount} />
            {message('min_amount')}
          </label>
        </div>
        <label>
          Ending a fixed term early
          <select {...field('early_withdrawal')} defaultValue={values.early_withdrawal}>
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
              <input {...field(`rates.${period}`)} inputMode="decimal" defaultValue={values.rates[period]} placeholder="not offered" />
              {message(`rates.${period}`)}
            </label>
          ))}
        </div>
        {message('rates')}
        <label className="plan-active">
          <input type="checkbox" name="active" defaultChecked={values.active} /> Open to new savings
        </label>
        {edit.problem ? (
          <p className="field-problem" role="alert">
            {edit.problem}
          </p>
        ) : null}
        <div className="plan-form-actions">
          <SubmitButton busyLabel="Saving...">{plan ? 'Save plan' : 'Create plan'}</SubmitButton>
          <a role="button" className="outline secondary" href={plan ? `${paths.adminSavings}#plan-${plan.id}` : paths.adminSavings}>
            Cancel
          </a>
        </div>
      </fieldset>
    </CheckedFormTag>
  );
}
