import { advisorBillingLabels, type Catalogue, type CatalogueAdvisor, type CataloguePlan } from '../../../shared/api/catalogue.schema';
import { StaffTable } from '../../components/staff-table';
import { AdvisorDialog } from './advisor-dialog';
import { EditButton } from './edit-button';
import { PlanDialog } from './plan-dialog';
import { formatAmount, formatCount } from '../../lib/format';

/** "Free", "49.00 USD" or "29.00 USD a month". */
function priceText(advisor: Pick<CatalogueAdvisor, 'price' | 'billing'>): string {
  if (Number(advisor.price) === 0) return 'Free';
  return `${formatAmount({ amount: advisor.price })} USD${advisor.billing === 'monthly' ? ' a month' : ''}`;
}

const count = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;

export function AdvisorsSection({ catalogue, onSaved }: { catalogue: Catalogue; onSaved: (advisor: CatalogueAdvisor) => void }) {
  const titleOf = new Map(catalogue.plans.map((p) => [p.id, p.title]));
  const planChoices = catalogue.plans.map((p) => ({ id: p.id, title: p.title }));
  return (
    <section className="bo-panel catalogue-section" aria-labelledby="catalogue-advisors">
      <h2 id="catalogue-advisors">Expert advisors</h2>
      <p className="catalogue-hint">
        Prices are in USD. A new price applies to new purchases and to the next monthly renewal; charges already made are never changed. An advisor off sale leaves the marketplace of customers who do
        not have it and can no longer be bought; customers who own it, or whose plan includes it, keep using it.
      </p>
      <StaffTable
        className="catalogue-table"
        rows={catalogue.advisors}
        rowKey={(advisor) => advisor.id}
        columns={[
          {
            label: 'Advisor',
            className: 'catalogue-wide',
            cell: (advisor) => (
              <div>
                <strong>{advisor.name}</strong>
                <small className="staff-email">
                  {advisor.category} · by {advisor.author}
                </small>
                <small className="catalogue-description">{advisor.description}</small>
              </div>
            ),
          },
          { label: 'Price', className: 'money', cell: (advisor) => priceText(advisor) },
          { label: 'Billing', className: 'nowrap', cell: (advisor) => advisorBillingLabels[advisor.billing] },
          {
            label: 'Status',
            cell: (advisor) => <span className={`status-badge ${advisor.enabled ? 'status-active' : 'status-off-sale'}`}>{advisor.enabled ? 'On sale' : 'Off sale'}</span>,
          },
          {
            label: 'Included in',
            cell: (advisor) => (advisor.plan_ids.length ? advisor.plan_ids.map((id) => titleOf.get(id) ?? `#${id}`).join(', ') : <span className="muted">Bought only</span>),
          },
          { label: 'Owners', cell: (advisor) => formatCount(advisor.owners) },
          {
            label: 'Actions',
            hiddenLabel: true,
            cell: (advisor) => <EditButton name={advisor.name} dialog={(close) => <AdvisorDialog advisor={advisor} plans={planChoices} onClose={close} onSaved={onSaved} />} />,
          },
        ]}
      />
    </section>
  );
}

function PlanName({ plan }: { plan: CataloguePlan }) {
  return (
    <div>
      <span className="plan-swatch" style={plan.color ? { background: plan.color } : undefined} aria-hidden="true" />
      <strong>{plan.title}</strong>
      <span className="plan-flags">
        {plan.is_default ? <span className="status-badge status-active">Default</span> : null}
        {plan.is_recommended ? <span className="status-badge status-recommended">Recommended</span> : null}
      </span>
      <small className="staff-email">{count(plan.customers, 'customer')}</small>
    </div>
  );
}

export function PlansSection({ catalogue, onSaved }: { catalogue: Catalogue; onSaved: (plan: CataloguePlan) => void }) {
  const nameOf = new Map(catalogue.advisors.map((a) => [a.id, a.name]));
  const advisorChoices = catalogue.advisors.map((a) => ({ id: a.id, name: a.name, enabled: a.enabled }));
  const max = catalogue.leverage_max;
  return (
    <section className="bo-panel catalogue-section" aria-labelledby="catalogue-plans">
      <h2 id="catalogue-plans">Plans</h2>
      <p className="catalogue-hint">
        Leverage is 1 to {max} (1:{max}, the highest leverage of any asset class). On each order the engine applies the lower of the plan’s leverage and the instrument’s cap (its asset class’s
        leverage and its regulatory limit), so a plan above an instrument’s cap trades it at the cap. Customers see a change within 5 seconds; the default plan (the one new customers get) is not
        changed here.
      </p>
      <StaffTable
        className="catalogue-table"
        rows={catalogue.plans}
        rowKey={(plan) => plan.id}
        columns={[
          { label: 'Plan', cell: (plan) => <PlanName plan={plan} /> },
          {
            label: 'Leverage',
            cell: (plan) => (
              <div>
                1:{plan.leverage}
                {plan.leverage > max ? <small className="staff-email">applies as 1:{max} at most</small> : null}
              </div>
            ),
          },
          { label: 'AutoTrader', cell: (plan) => (plan.autotrader_allowed ? 'Allowed' : <span className="muted">Not allowed</span>) },
          {
            label: 'Comparison',
            className: 'catalogue-wide',
            cell: (plan) => (
              <dl className="plan-features">
                {plan.features.map((f) => (
                  <div key={f.id}>
                    <dt>{f.label}</dt>
                    <dd>{f.value || <span className="muted">—</span>}</dd>
                  </div>
                ))}
              </dl>
            ),
          },
          {
            label: 'Advisors',
            cell: (plan) => (plan.advisor_ids.length ? plan.advisor_ids.map((id) => nameOf.get(id) ?? `#${id}`).join(', ') : <span className="muted">None</span>),
          },
          {
            label: 'Actions',
            hiddenLabel: true,
            cell: (plan) => <EditButton name={plan.title} dialog={(close) => <PlanDialog plan={plan} advisors={advisorChoices} leverageMax={max} onClose={close} onSaved={onSaved} />} />,
          },
        ]}
      />
    </section>
  );
}
