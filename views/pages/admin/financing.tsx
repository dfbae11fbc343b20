import { StaffProblem } from '../../components/staff-problem';
import type { FieldErrors } from '../../../shared/api/common.schema';
import { assetClasses, type AssetClass } from '../../../shared/constants';
import { financingMethodOf } from '../../../shared/trading/financing';
import { rolloverTriggerLabels, type FinancingReport, type RatesInForce, type RolloverView } from '../../../shared/api/financing.schema';
import { Money } from '../../../shared/money';
import type { DividendList } from '../../../shared/api/dividends.schema';
import { formatMoney, formatWhen } from '../../../client/lib/format';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import { AppShell } from '../../components/app-shell';
import { StaffTable, type Column } from '../../../client/components/staff-table';
import { CheckedFormTag, FormField, SelectField, SubmitButton } from '../../components/form-fields';
import { Stylesheet } from '../../page-needs';

export interface FinancingView {
  rollovers: RolloverView[];
  clock: { time: string; time_zone: string; scheduled: boolean };
  rates: RatesInForce;
  report: FinancingReport;
  dividends: DividendList;
}

/** Which form a refused post came from, with what was typed and the messages by field. */
export interface PostedForm {
  form: 'rollover' | 'benchmark' | 'points' | 'markup' | 'dividend';
  values: Record<string, string>;
  errors: FieldErrors;
}

interface FinancingProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  /** The rollovers, or null when they could not be read (`problem` says why). */
  view: FinancingView | null;
  problem: string | null;
  posted?: PostedForm | null;
}

const when = (iso: string | null) => (iso ? formatWhen(iso) : 'Not finished');

const rolloverColumns: Column<RolloverView>[] = [
  { label: 'Day', cell: (r) => r.day },
  { label: 'Rollover', cell: (r) => when(r.at) },
  { label: 'Run', cell: (r) => rolloverTriggerLabels[r.trigger] },
  { label: 'Finished', cell: (r) => when(r.completed_at) },
  { label: 'Positions', cell: (r) => r.positions },
];

/** `/admin/financing`, admins only (docs/trading.md#overnight-financing): each night's rollover, and a day run by hand. */
export function FinancingPage({ settings, user, csrfToken, view, problem, posted = null }: FinancingProps) {
  const of = (form: PostedForm['form']) => (posted?.form === form ? posted : { values: {} as Record<string, string>, errors: {} as FieldErrors });
  const run = of('rollover');
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="financing">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Overnight financing</h1>
        {view ? (
          <p>
            {view.clock.scheduled
              ? `Every position open at the rollover, ${view.clock.time} ${view.clock.time_zone}, is charged or credited for the night; a missed night is caught up by itself for a week.`
              : `The rollover does not run by itself here (ROLLOVER_TIME=off): run each day below, at ${view.clock.time} ${view.clock.time_zone}.`}{' '}
            Each position is booked once a night, however often a day is run.
          </p>
        ) : null}
      </section>
      <StaffProblem message={problem} />
      <CheckedFormTag check="" className="rollover-form" label="Run a rollover" action={paths.adminFinancing} csrfToken={csrfToken}>
        <FormField id="rollover-day" name="day" type="date" label="Rollover day" value={run.values.day ?? ''} error={run.errors.day?.[0]} required />
        <SubmitButton busyLabel="Running…">Run rollover</SubmitButton>
      </CheckedFormTag>
      {view ? (
        <>
          <h2 id="rollovers-heading">Rollovers, newest first</h2>
          <StaffTable rows={view.rollovers} rowKey={(r) => r.day} empty="No rollover has run yet." columns={rolloverColumns} />
        </>
      ) : null}
      {view ? <Booked report={view.report} /> : null}
      {view ? <Rates rates={view.rates} csrfToken={csrfToken} of={of} /> : null}
      {view ? <Dividends list={view.dividends} csrfToken={csrfToken} dividend={of('dividend')} /> : null}
    </AppShell>
  );
}

const classLabels: Record<AssetClass, string> = { forex: 'Forex', stocks: 'Stocks', indices: 'Indices', crypto: 'Crypto', commodities: 'Commodities', metals: 'Metals' };
const markupUnit = (assetClass: AssetClass) => (financingMethodOf(assetClass) === 'points' ? 'points per lot' : '% a year');
const since = (iso: string) => (iso.startsWith('2000-01-01') ? 'From the start' : when(iso));

type FormOf = (form: PostedForm['form']) => Omit<PostedForm, 'form'>;

/** The rates in force, each set anew by a form: a new rate takes effect at once and never changes a night already booked. */
function Rates({ rates, csrfToken, of }: { rates: RatesInForce; csrfToken: string; of: FormOf }) {
  return (
    <section id="rates" className="financing-rates">
      <h2>Rates in force</h2>
      <p>A rate set here takes effect at once, for the next rollover; a night already booked keeps the rates of its own day.</p>
      <Markups rates={rates} csrfToken={csrfToken} markup={of('markup')} />
      <Benchmarks rates={rates} csrfToken={csrfToken} benchmark={of('benchmark')} />
      <SwapPoints rates={rates} csrfToken={csrfToken} points={of('points')} />
    </section>
  );
}

type RatePart<K extends string> = { rates: RatesInForce; csrfToken: string } & Record<K, Omit<PostedForm, 'form'>>;

/** The plans' markups as a plan-by-class grid, and its form. */
function Markups({ rates, csrfToken, markup }: RatePart<'markup'>) {
  const markupOf = (planId: number, assetClass: AssetClass) => rates.markups.find((m) => m.plan_id === planId && m.asset_class === assetClass);
  return (
    <>
      <h3 id="markups-heading">Plan markups</h3>
      <StaffTable
        rows={rates.plans}
        rowKey={(plan) => plan.id}
        columns={[
          { label: 'Plan', cell: (plan) => plan.title },
          ...assetClasses.map((c) => ({ label: `${classLabels[c]} (${markupUnit(c)})`, cell: (plan: { id: number }) => markupOf(plan.id, c)?.markup ?? 'None' })),
        ]}
      />
      <CheckedFormTag check="" className="rate-form" label="Set a plan markup" action={`${paths.adminFinancing}/markups`} csrfToken={csrfToken}>
        <SelectField
          id="markup-plan"
          name="plan_id"
          label="Plan"
          value={markup.values.plan_id ?? ''}
          options={rates.plans.map((p) => ({ value: String(p.id), label: p.title }))}
          error={markup.errors.plan_id?.[0]}
        />
        <SelectField
          id="markup-class"
          name="asset_class"
          label="Class"
          value={markup.values.asset_class ?? 'forex'}
          options={assetClasses.map((c) => ({ value: c, label: classLabels[c] }))}
          error={markup.errors.asset_class?.[0]}
        />
        <FormField id="markup-value" name="markup" label="Markup" value={markup.values.markup ?? ''} error={markup.errors.markup?.[0]} required />
        <SubmitButton busyLabel="Setting…">Set markup</SubmitButton>
      </CheckedFormTag>
    </>
  );
}

/** The currencies' benchmarks (folded), and their form. */
function Benchmarks({ rates, csrfToken, benchmark }: RatePart<'benchmark'>) {
  return (
    <>
      <h3 id="benchmarks-heading">Benchmarks (% a year)</h3>
      <p>The overnight rate of each currency, on which stocks, indices, commodities and crypto are financed.</p>
      <details>
        <summary>The {rates.benchmarks.length} benchmarks in force</summary>
        <StaffTable
          rows={rates.benchmarks}
          rowKey={(b) => b.currency}
          columns={[
            { label: 'Currency', cell: (b) => b.currency },
            { label: 'Rate', cell: (b) => `${b.rate_percent}%` },
            { label: 'In force since', cell: (b) => since(b.effective_from) },
          ]}
        />
      </details>
      <CheckedFormTag check="" className="rate-form" label="Set a benchmark" action={`${paths.adminFinancing}/benchmarks`} csrfToken={csrfToken}>
        <FormField id="benchmark-currency" name="currency" label="Currency" value={benchmark.values.currency ?? ''} error={benchmark.errors.currency?.[0]} required />
        <FormField id="benchmark-rate" name="rate_percent" label="Rate (% a year)" value={benchmark.values.rate_percent ?? ''} error={benchmark.errors.rate_percent?.[0]} required />
        <SubmitButton busyLabel="Setting…">Set benchmark</SubmitButton>
      </CheckedFormTag>
    </>
  );
}

/** The forex pairs' and metals' swap points (folded), and their form. */
function SwapPoints({ rates, csrfToken, points }: RatePart<'points'>) {
  return (
    <>
      <h3 id="points-heading">Swap points (forex and metals, per lot a night)</h3>
      <p>Positive is credited. The plan’s markup is taken from both sides.</p>
      <details>
        <summary>The swap points of {rates.swap_points.length} instruments</summary>
        <StaffTable
          rows={rates.swap_points}
          rowKey={(p) => p.asset_id}
          columns={[
            { label: 'Symbol', cell: (p) => p.symbol },
            { label: 'Long', cell: (p) => p.long_points },
            { label: 'Short', cell: (p) => p.short_points },
            { label: 'In force since', cell: (p) => since(p.effective_from) },
          ]}
        />
      </details>
      <CheckedFormTag check="" className="rate-form" label="Set swap points" action={`${paths.adminFinancing}/swap-points`} csrfToken={csrfToken}>
        <SelectField
          id="points-instrument"
          name="asset_id"
          label="Instrument"
          value={points.values.asset_id ?? ''}
          options={rates.pointed.map((i) => ({ value: String(i.id), label: i.symbol }))}
          error={points.errors.asset_id?.[0]}
        />
        <FormField id="points-long" name="long_points" label="Long" value={points.values.long_points ?? ''} error={points.errors.long_points?.[0]} required />
        <FormField id="points-short" name="short_points" label="Short" value={points.values.short_points ?? ''} error={points.errors.short_points?.[0]} required />
        <SubmitButton busyLabel="Setting…">Set swap points</SubmitButton>
      </CheckedFormTag>
    </>
  );
}

const money = (amount: string, currency: string) => formatMoney({ amount, currency });
const net = (row: { charged: string; credited: string }) => new Money(row.charged).minus(row.credited).toFixed(2);
/** Charged and credited, in the row's account currency: the report's two money columns. */
const bookedColumns: Column<{ charged: string; credited: string; currency: string }>[] = [
  { label: 'Charged', cell: (r) => money(r.charged, r.currency) },
  { label: 'Credited', cell: (r) => money(r.credited, r.currency) },
];

/** What the rollovers booked, from the ledger: charged to customers and credited to them, per night and per instrument. */
function Booked({ report }: { report: FinancingReport }) {
  return (
    <section id="booked" className="financing-booked">
      <h2 id="nights-heading">Booked, night by night</h2>
      <p>Charged is what customers paid, credited what they were paid; net is the broker’s. In each account’s currency.</p>
      <StaffTable
        rows={report.nights}
        rowKey={(n) => `${n.day}-${n.currency}`}
        empty="No overnight financing has been booked in the last month."
        columns={[
          { label: 'Night', cell: (n) => <a href={`${paths.adminFinancing}?day=${n.day}#instruments-heading`}>{n.day}</a> },
          ...bookedColumns,
          { label: 'Net', cell: (n) => money(net(n), n.currency) },
          { label: 'Positions', cell: (n) => n.positions },
        ]}
      />
      {report.day ? (
        <>
          <h3 id="instruments-heading">The night of {report.day}, by instrument and plan</h3>
          <StaffTable
            rows={report.instruments}
            rowKey={(r) => `${r.symbol}-${r.plan}-${r.currency}`}
            empty="Nothing was booked that night."
            columns={[{ label: 'Instrument', cell: (r) => r.symbol }, { label: 'Plan', cell: (r) => r.plan }, ...bookedColumns, { label: 'Positions', cell: (r) => r.positions }]}
          />
        </>
      ) : null}
      <h2 id="commissions-heading">Commissions, day by day (UTC)</h2>
      <p>Each side of a trade is charged its plan’s commission, at the open and at the close; set on the Conditions page.</p>
      <StaffTable
        rows={report.commissions}
        rowKey={(c) => `${c.day}-${c.currency}`}
        empty="No commission has been charged in the last month."
        columns={[
          { label: 'Day', cell: (c) => <a href={`${paths.adminFinancing}?day=${c.day}#commission-instruments-heading`}>{c.day}</a> },
          { label: 'Charged', cell: (c) => money(c.charged, c.currency) },
          { label: 'Sides', cell: (c) => c.sides },
        ]}
      />
      {report.commission_day ? (
        <>
          <h3 id="commission-instruments-heading">Commissions on {report.commission_day}, by instrument and plan</h3>
          <StaffTable
            rows={report.commission_instruments}
            rowKey={(r) => `${r.symbol}-${r.plan}-${r.currency}`}
            empty="No commission was charged that day."
            columns={[
              { label: 'Instrument', cell: (r) => r.symbol },
              { label: 'Plan', cell: (r) => r.plan },
              { label: 'Charged', cell: (r) => money(r.charged, r.currency) },
              { label: 'Sides', cell: (r) => r.sides },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}

/** The dividends entered on shares and indices, and the form that enters one (docs/trading.md#dividends). */
function Dividends({ list, csrfToken, dividend }: { list: DividendList; csrfToken: string; dividend: Omit<PostedForm, 'form'> }) {
  const field = (name: string) => ({ value: dividend.values[name] ?? '', error: dividend.errors[name]?.[0] });
  return (
    <section id="dividends" className="financing-rates">
      <h2>Dividend adjustments</h2>
      <p>
        At the open of a dividend’s ex-date, every long position then held is credited its share of the dividend and every short is debited all of it, in each account’s currency; each customer is
        told.
      </p>
      <StaffTable
        rows={list.dividends}
        rowKey={(d) => d.id}
        empty="No dividend has been entered."
        columns={[
          { label: 'Instrument', cell: (d) => d.symbol },
          { label: 'Ex-date', cell: (d) => d.ex_date },
          { label: 'Dividend', cell: (d) => d.amount },
          { label: 'Longs get', cell: (d) => `${d.long_percent}%` },
          { label: 'Booked', cell: (d) => (d.booked_at ? `${when(d.booked_at)}, ${d.positions} position${d.positions === 1 ? '' : 's'}` : 'At the open') },
        ]}
      />
      <CheckedFormTag check="" className="rate-form" label="Enter a dividend" action={`${paths.adminFinancing}/dividends`} csrfToken={csrfToken}>
        <SelectField id="dividend-instrument" name="asset_id" label="Instrument" {...field('asset_id')} options={list.instruments.map((i) => ({ value: String(i.id), label: i.symbol }))} />
        <FormField id="dividend-ex-date" name="ex_date" type="date" label="Ex-date" {...field('ex_date')} required />
        <FormField id="dividend-amount" name="amount" label="Per share or point" {...field('amount')} required />
        <FormField id="dividend-long" name="long_percent" label="Longs get (%)" {...field('long_percent')} value={dividend.values.long_percent ?? '100'} required />
        <SubmitButton busyLabel="Entering…">Enter dividend</SubmitButton>
      </CheckedFormTag>
    </section>
  );
}
