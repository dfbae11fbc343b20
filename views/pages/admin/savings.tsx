import { StaffProblem } from '../../components/staff-problem';
import type { AdminSavings, AdminSavingsPlan } from '../../../shared/api/savings.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import { earlyRuleLabels, periodLabels, savingsPeriods } from '../../../shared/savings';
import { AppShell } from '../../components/app-shell';
import { Stylesheet } from '../../page-needs';
import { editPlanHref, PlanForm, type PlanEdit } from './savings-plan-form';
import { formatMoney } from '../../../client/lib/format';

interface Props {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  savings: AdminSavings | null;
  problem: string | null;
  /** The plan whose form is open (`?edit={id}` or `?edit=new`), with what was typed after a refused post. */
  edit: PlanEdit | null;
}

/** `/admin/savings`, admins only (docs/customer-area.md#savings): the savings plans and their rates; edit one, or add one, by a plain form post. */
export function AdminSavingsPage({ settings, user, csrfToken, savings, problem, edit }: Props) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="savings-admin">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <Stylesheet src="views/pages/admin/savings.css" />
      <section className="page-heading">
        <h1>Savings plans</h1>
        <p>
          Rates are yearly percentages. A new rate applies to savings opened from then on; savings already open keep the rate they were opened at. Closing a plan to new savings leaves its open savings
          running. Every change is kept in the audit log.
        </p>
      </section>
      {savings ? (
        <p className={`notice ${savings.enabled ? 'notice-info' : 'notice-warning'}`} role="status">
          {savings.enabled ? 'Savings are offered to customers.' : 'Savings are switched off: customers cannot open new savings.'} Switch them in <a href={paths.adminSettings}>Settings</a> (Offer
          savings).
        </p>
      ) : null}
      <StaffProblem message={problem} />
      {savings ? <SavingsPlans savings={savings} edit={edit} csrfToken={csrfToken} /> : null}
    </AppShell>
  );
}

function SavingsPlans({ savings, edit, csrfToken }: { savings: AdminSavings; edit: PlanEdit | null; csrfToken: string }) {
  const { plans, currencies } = savings;
  return (
    <div className="savings-plans-editor">
      {plans.length === 0 ? <p>No savings plans yet.</p> : null}
      {plans.map((plan) => (
        <PlanPanel key={plan.id} plan={plan}>
          {edit?.plan === plan.id ? (
            <PlanForm plan={plan} currencies={currencies} edit={edit} csrfToken={csrfToken} />
          ) : (
            <a role="button" className="outline" href={editPlanHref(plan.id)}>
              Edit
            </a>
          )}
        </PlanPanel>
      ))}
      {edit?.plan === 'new' ? (
        <section id="plan-new" className="bo-panel savings-plan-admin" aria-label="New plan">
          <h2>New plan</h2>
          <PlanForm plan={null} currencies={currencies} edit={edit} csrfToken={csrfToken} />
        </section>
      ) : (
        <a role="button" href={editPlanHref('new')}>
          Add a plan
        </a>
      )}
    </div>
  );
}

/** A plan as it is now: its rule, minimum and what it holds, each period's rate, and the rates it had before. */
function PlanPanel({ plan, children }: { plan: AdminSavingsPlan; children: React.ReactNode }) {
  return (
    <section id={`plan-${plan.id}`} className="bo-panel savings-plan-admin" aria-label={plan.title}>
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
      {children}
    </section>
  );
}
