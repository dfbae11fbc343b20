import type { ReactNode } from 'react';
import { leverageFeatureLabel } from '../../shared/api/catalogue.schema';
import { planTexts as texts, type PlanOffer, type PlansOverview } from '../../shared/api/plans.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import { Money } from '../../shared/money';
import PlansSubscribe from '../../client/islands/plans-subscribe.island';
import { formatMoney, formatWhen } from '../../client/lib/format';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

/** The plans shown side by side: the first four, as the original's dialog (docs/customer-area.md#plans). */
const shownPlans = 4;

/** The price as a person reads it: "49.00 USD", "Free", "By approval". */
function priceOf(plan: PlanOffer, currency: string): string {
  if (plan.price === null) return texts.priceApproval;
  if (new Money(plan.price).isZero()) return texts.priceFree;
  return formatMoney({ amount: plan.price, currency });
}

/** What moving to the plan is, said plainly. */
function moveTextOf(plan: PlanOffer, currency: string): string {
  if (plan.move === 'charge') return texts.moveCharge(formatMoney({ amount: plan.price!, currency }));
  if (plan.move === 'free') return texts.moveFree;
  return texts.moveApproval;
}

/** The confirmation's "({price})". */
function confirmPriceOf(plan: PlanOffer, currency: string): string {
  if (plan.move === 'charge') return `${formatMoney({ amount: plan.price!, currency })}, charged once from your Live balance`;
  if (plan.move === 'free') return 'free';
  return 'no charge, reviewed by our staff';
}

/**
 * The comparison rows: the catalogue's, except that the leverage row says the most any instrument takes on the plan
 * (its cap within the regulatory caps), not the cap itself, which no instrument may reach (docs/customer-area.md#plans).
 */
function rowsOf(overview: PlansOverview): { label: string; value: (plan: PlanOffer) => string; row: number }[] {
  return overview.features.map((label, row) => ({
    label,
    value: (plan: PlanOffer) => (label === leverageFeatureLabel ? `1:${plan.max_leverage}` : (plan.features[row] ?? '')),
    row,
  }));
}

/** A comparison cell: a minimum deposit (the catalogue's first row, when numeric) as money, "Enabled"/"Yes" as a tick. */
function Cell({ value, row, currency }: { value: string; row: number; currency: string }): ReactNode {
  const text = value.trim();
  if (row === 0 && /^\d+(\.\d+)?$/.test(text)) return formatMoney({ amount: text, currency });
  if (/^(enabled|yes)$/i.test(text)) {
    return (
      <span className="plan-tick">
        <span aria-hidden="true">✓</span>
        <span className="visually-hidden">Yes</span>
      </span>
    );
  }
  return text === '' ? <span aria-label="Not included">—</span> : text;
}

interface ActionProps {
  plan: PlanOffer;
  overview: PlansOverview;
  current: PlanOffer | undefined;
  phone: boolean;
}

/** The current plan's disabled button, a pending request's note, or the Upgrade button and its dialog. */
function PlanAction({ plan, overview, current, phone }: ActionProps) {
  const pending = overview.latest_request?.status === 'pending' ? overview.latest_request : null;
  if (plan.move === null) {
    return (
      <button type="button" className="plan-action secondary outline" disabled>
        {texts.current}
      </button>
    );
  }
  if (pending) {
    return <p className="plan-waiting">{pending.plan_id === plan.id ? 'Requested: waiting for our staff' : 'Another request is waiting'}</p>;
  }
  const lower = current !== undefined && plan.leverage < current.leverage;
  const label = lower ? texts.switchButton : plan.move === 'approval' ? texts.requestButton : phone ? texts.upgradePhone : texts.upgrade;
  return (
    <Island
      island={PlansSubscribe}
      client="visible"
      props={{
        planId: plan.id,
        title: plan.title,
        leverage: plan.max_leverage,
        move: plan.move,
        priceLabel: confirmPriceOf(plan, overview.currency),
        moveText: moveTextOf(plan, overview.currency),
        label,
        regulatoryCap: overview.regulatory_cap,
      }}
    />
  );
}

function PlanBadges({ plan }: { plan: PlanOffer }) {
  return (
    <>
      {plan.move === null ? <span className="plan-pill plan-pill-current">{texts.currentPill}</span> : null}
      {plan.is_recommended ? <span className="plan-pill">{texts.recommended}</span> : null}
    </>
  );
}

/** The latest request: waiting, or the last decision (a rejection with its reason). */
function RequestNotice({ overview }: { overview: PlansOverview }) {
  const request = overview.latest_request;
  if (!request) return null;
  if (request.status === 'pending') {
    return (
      <p className="notice notice-info plan-notice" role="status">
        Your request for the {request.plan_title} plan, sent {formatWhen(request.created_at)}, is waiting for our staff. You are told when it is decided.
      </p>
    );
  }
  if (request.status === 'rejected') {
    return (
      <p className="notice notice-warning plan-notice" role="status">
        Your request for the {request.plan_title} plan was declined{request.decided_at ? ` on ${formatWhen(request.decided_at)}` : ''}. Reason: {request.reason ?? 'none given'}
      </p>
    );
  }
  return null;
}

/** `/main/plans`: the Account Plans screen (docs/customer-area.md#plans). */
export function PlansPage({ settings, user, csrfToken, overview }: { settings: SiteSettings; user: User; csrfToken: string; overview: PlansOverview | null }) {
  const plans = overview?.plans.slice(0, shownPlans) ?? [];
  const current = overview?.plans.find((p) => p.move === null);
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="plans">
      <Stylesheet src="views/pages/plans.css" />
      <section className="page-heading">
        <h1>{texts.title}</h1>
        <p>What each plan gives, what moving to it costs, and the risk that comes with its leverage.</p>
      </section>
      {/* What a plan change changes (the current plan, a request waiting, every plan's action), rendered again after it. */}
      <div data-region="plans">
        {!overview || plans.length === 0 ? (
          <p className="empty-line plans-empty">{texts.empty}</p>
        ) : (
          <>
            <RequestNotice overview={overview} />
            <aside className="plan-risk" aria-labelledby="plan-risk-title">
              <h2 id="plan-risk-title">Leverage and risk</h2>
              <p>{texts.risk(overview.regulatory_cap)}</p>
              <p>{texts.regulatoryCap(overview.regulatory_cap)}</p>
            </aside>

            <ul className="plan-cards" aria-label="Plans">
              {plans.map((plan) => (
                <li key={plan.id} className="plan-card" data-current={plan.move === null || undefined} style={plan.color ? { borderTopColor: plan.color } : undefined}>
                  <header>
                    <h2>{plan.title}</h2>
                    <PlanBadges plan={plan} />
                  </header>
                  <p className="plan-price">{priceOf(plan, overview.currency)}</p>
                  <p className="plan-move">{plan.move === null ? `Leverage up to 1:${plan.max_leverage}.` : moveTextOf(plan, overview.currency)}</p>
                  <dl className="plan-features">
                    {rowsOf(overview).map(({ label, value, row }) => (
                      <div key={label}>
                        <dt>{label}</dt>
                        <dd>
                          <Cell value={value(plan)} row={row} currency={overview.currency} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <PlanAction plan={plan} overview={overview} current={current} phone />
                </li>
              ))}
            </ul>

            <div className="plan-grid-wrap">
              <table className="plan-grid">
                <caption className="visually-hidden">Plans compared</caption>
                <thead>
                  <tr>
                    <td />
                    {plans.map((plan) => (
                      <th key={plan.id} scope="col" data-current={plan.move === null || undefined} style={plan.color ? { borderTopColor: plan.color } : undefined}>
                        <span className="plan-grid-title">{plan.title}</span>
                        <PlanBadges plan={plan} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">Price</th>
                    {plans.map((plan) => (
                      <td key={plan.id}>
                        <strong className="plan-price">{priceOf(plan, overview.currency)}</strong>
                        <small className="plan-move">{plan.move === null ? 'Your plan' : moveTextOf(plan, overview.currency)}</small>
                      </td>
                    ))}
                  </tr>
                  {rowsOf(overview).map(({ label, value, row }) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      {plans.map((plan) => (
                        <td key={plan.id}>
                          <Cell value={value(plan)} row={row} currency={overview.currency} />
                        </td>
                      ))}
                    </tr>
                  ))}
                  <tr>
                    <td />
                    {plans.map((plan) => (
                      <td key={plan.id}>
                        <PlanAction plan={plan} overview={overview} current={current} phone={false} />
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </AppShell>
  );
}
