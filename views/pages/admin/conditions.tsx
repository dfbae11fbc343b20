import { StaffProblem } from '../../components/staff-problem';
import type { FieldErrors } from '../../../shared/api/common.schema';
import type { ConditionList, ConditionView } from '../../../shared/api/conditions.schema';
import { assetClasses, type AssetClass } from '../../../shared/constants';
import { describeCommission } from '../../../shared/trading/conditions';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import { formatWhen } from '../../../client/lib/format';
import { AppShell } from '../../components/app-shell';
import { StaffTable } from '../../../client/components/staff-table';
import { CheckedFormTag, FormField, SelectField, SubmitButton } from '../../components/form-fields';
import { Stylesheet } from '../../page-needs';

/** Which form a refused post came from, with what was typed and the messages by field. */
export interface PostedConditions {
  form: 'set' | 'remove';
  values: Record<string, string>;
  errors: FieldErrors;
}

interface ConditionsProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  /** The conditions, or null when they could not be read (`problem` says why). */
  view: ConditionList | null;
  problem: string | null;
  posted?: PostedConditions | null;
}

const classLabels: Record<AssetClass, string> = { forex: 'Forex', stocks: 'Stocks', indices: 'Indices', crypto: 'Crypto', commodities: 'Commodities', metals: 'Metals' };
const commissionOf = (c: ConditionView) => describeCommission({ kind: c.commission_type, rate: c.commission_rate, minimum: c.commission_min });

/**
 * `/admin/conditions`, admins only (docs/trading.md#trading-conditions): each plan's spread markup and commission per
 * class, the instruments whose conditions differ, and a form to set either.
 */
export function ConditionsPage({ settings, user, csrfToken, view, problem, posted = null }: ConditionsProps) {
  const set = posted?.form === 'set' ? posted : { values: {} as Record<string, string>, errors: {} as FieldErrors };
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="conditions">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Trading conditions</h1>
        <p>
          Each plan is a client group: its customers are quoted the raw spread plus its markup, and pay its commission at the open and at the close. A change applies from the next price and the next
          order; the plans page shows these figures.
        </p>
      </section>
      <StaffProblem message={problem} />
      {view ? (
        <>
          <ByClass view={view} />
          <Overrides view={view} csrfToken={csrfToken} />
          <SetForm view={view} csrfToken={csrfToken} set={set} />
        </>
      ) : null}
    </AppShell>
  );
}

/** Plan by class: markup in points, and the commission, as the plans' customers get them. */
function ByClass({ view }: { view: ConditionList }) {
  const of = (planId: number, assetClass: AssetClass) => view.conditions.find((c) => c.plan_id === planId && c.asset_class === assetClass && c.asset_id === null);
  const plans = view.plans.map((p) => ({ ...p, title: p.is_default ? `${p.title} (default)` : p.title }));
  return (
    <>
      <h2 id="markups-heading">Spread markup (points)</h2>
      <StaffTable
        rows={plans}
        rowKey={(p) => p.id}
        columns={[{ label: 'Plan', cell: (p) => p.title }, ...assetClasses.map((c) => ({ label: classLabels[c], cell: (p: { id: number }) => of(p.id, c)?.spread_markup ?? 0 }))]}
      />
      <h2 id="commissions-heading">Commission per side</h2>
      <StaffTable
        rows={plans}
        rowKey={(p) => p.id}
        columns={[
          { label: 'Plan', cell: (p) => p.title },
          ...assetClasses.map((c) => ({
            label: classLabels[c],
            cell: (p: { id: number }) => {
              const row = of(p.id, c);
              return row ? commissionOf(row).replace(/ per side$/, '') : 'None';
            },
          })),
        ]}
      />
    </>
  );
}

/** Instruments traded at conditions of their own on a plan, each with a button back to its class's. */
function Overrides({ view, csrfToken }: { view: ConditionList; csrfToken: string }) {
  const rows = view.conditions.filter((c) => c.asset_id !== null);
  return (
    <>
      <h2 id="overrides-heading">Instruments with conditions of their own</h2>
      <StaffTable
        rows={rows}
        rowKey={(c) => `${c.plan_id}-${c.asset_id}`}
        empty="None: every instrument trades at its class’s conditions."
        columns={[
          { label: 'Plan', cell: (c) => c.plan },
          { label: 'Instrument', cell: (c) => c.symbol },
          { label: 'Markup (points)', cell: (c) => c.spread_markup },
          { label: 'Commission', cell: (c) => commissionOf(c) },
          { label: 'Set', cell: (c) => formatWhen(c.updated_at) },
          {
            label: 'Action',
            cell: (c) => (
              <CheckedFormTag check="" className="inline-form" label={`Remove ${c.symbol} on ${c.plan}`} action={`${paths.adminConditions}/remove`} csrfToken={csrfToken}>
                <input type="hidden" name="plan_id" value={c.plan_id} />
                <input type="hidden" name="asset_id" value={c.asset_id ?? ''} />
                <SubmitButton busyLabel="Removing…">Use class conditions</SubmitButton>
              </CheckedFormTag>
            ),
          },
        ]}
      />
    </>
  );
}

/** Sets a plan's conditions for a whole class, or one instrument of it. */
function SetForm({ view, csrfToken, set }: { view: ConditionList; csrfToken: string; set: Omit<PostedConditions, 'form'> }) {
  const field = (name: string) => ({ value: set.values[name] ?? '', error: set.errors[name]?.[0] });
  return (
    <section id="set" className="financing-rates">
      <h2>Set conditions</h2>
      <p>Leave the instrument at “Whole class” to set the class’s conditions; choose one to give it conditions of its own on that plan.</p>
      <CheckedFormTag check="" className="rate-form" label="Set conditions" action={paths.adminConditions} csrfToken={csrfToken}>
        <SelectField id="conditions-plan" name="plan_id" label="Plan" {...field('plan_id')} options={view.plans.map((p) => ({ value: String(p.id), label: p.title }))} />
        <SelectField
          id="conditions-class"
          name="asset_class"
          label="Class"
          {...field('asset_class')}
          value={set.values.asset_class ?? 'forex'}
          options={assetClasses.map((c) => ({ value: c, label: classLabels[c] }))}
        />
        <SelectField
          id="conditions-instrument"
          name="asset_id"
          label="Instrument"
          {...field('asset_id')}
          options={[{ value: '', label: 'Whole class' }, ...view.instruments.map((i) => ({ value: String(i.id), label: `${i.symbol} (${classLabels[i.asset_class]})` }))]}
        />
        <FormField id="conditions-markup" name="spread_markup" label="Spread markup (points)" {...field('spread_markup')} required />
        <SelectField
          id="conditions-kind"
          name="commission_type"
          label="Commission"
          {...field('commission_type')}
          value={set.values.commission_type ?? 'per_lot'}
          options={[
            { value: 'per_lot', label: 'USD per lot' },
            { value: 'notional', label: 'Basis points of the notional' },
          ]}
        />
        <FormField id="conditions-rate" name="commission_rate" label="Rate" {...field('commission_rate')} value={set.values.commission_rate ?? '0'} required />
        <FormField id="conditions-minimum" name="commission_min" label="Minimum (USD)" {...field('commission_min')} value={set.values.commission_min ?? '0'} required />
        <SubmitButton busyLabel="Setting…">Set conditions</SubmitButton>
      </CheckedFormTag>
    </section>
  );
}
