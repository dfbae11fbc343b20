import { useEffect, useState } from 'react';
import type { FieldErrors } from '../../../shared/api/common.schema';
import { savingsApi } from '../../../shared/api/endpoints/savings';
import { openSavingRequest, savingsTexts as texts, type SavingsOverview, type SavingsPlan } from '../../../shared/api/savings.schema';
import { Money } from '../../../shared/money';
import { dailyInterest, interestAtMaturity, periodLabels, releaseOf, termDays, type SavingsPeriod } from '../../../shared/savings';
import { FieldMessage, Problem } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { showMoney, type CurrencyFormats } from '../../funding/history';
import { formatMoney } from '../../lib/format';

const when = (iso: string | Date) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The amount as typed, when it is one the server could take (the same schema). */
function amountOf(text: string): Money | null {
  const parsed = openSavingRequest.shape.amount.safeParse(text);
  return parsed.success ? new Money(parsed.data) : null;
}

/** The clock the term's times are read from: the server's at first, then this device's every 30 s. */
function useNow(first: string): Date {
  const [now, setNow] = useState(() => new Date(first));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    setNow(new Date());
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface Choice {
  plan: string;
  period: string;
}

/** The plans, each with its periods at the server's rates, as radios. */
function PlanChoices({ plans, choice, choose, name, money }: { plans: readonly SavingsPlan[]; choice: Choice; choose: (choice: Choice) => void; name: string; money: (x: string) => string }) {
  return (
    <div className="savings-plans">
      {plans.map((p) => (
        <details key={p.id} className="savings-plan" open={String(p.id) === choice.plan || plans.length === 1}>
          <summary>
            <span className="savings-currency">{p.currency}</span> {p.title}
          </summary>
          <fieldset>
            <legend className="visually-hidden">{p.title}: period</legend>
            {p.terms.map((t) => (
              <label key={t.id} className="savings-term">
                <input type="radio" name={name} checked={choice.plan === String(p.id) && choice.period === t.period} onChange={() => choose({ plan: String(p.id), period: t.period })} />
                <span>{t.title}</span>
                <strong>{t.roi}%</strong>
              </label>
            ))}
          </fieldset>
          <small className="savings-plan-rule">
            Minimum {money(p.min_amount)}. {p.early_withdrawal === 'locked' ? 'Fixed terms are locked until they mature.' : 'A fixed term ended early returns the principal without interest.'}
          </small>
        </details>
      ))}
    </div>
  );
}

interface Term {
  plan: SavingsPlan;
  period: SavingsPeriod;
  roi: string;
  now: Date;
  account: SavingsOverview['accounts'][number] | undefined;
  money: (x: Money | string) => string;
}

/** The term's times, currency, rate and the account it is paid from. */
function SavingFacts({ plan, period, roi, now, account, money }: Term) {
  const release = releaseOf(period, now);
  const days = termDays(period, now);
  return (
    <dl className="savings-facts">
      <div>
        <dt>Current Time:</dt>
        <dd>{when(now)}</dd>
      </div>
      <div>
        <dt>Release Time:</dt>
        <dd>{release ? when(release) : 'Any time (flexible)'}</dd>
      </div>
      <div>
        <dt>Currency Chosen:</dt>
        <dd>{plan.currency}</dd>
      </div>
      <div>
        <dt>Period Chosen:</dt>
        <dd>{days > 0 ? `${periodLabels[period]} (${days} days)` : periodLabels[period]}</dd>
      </div>
      <div>
        <dt>Your Rate:</dt>
        <dd>{roi}% a year</dd>
      </div>
      <div>
        <dt>Account</dt>
        <dd>{account ? `${account.number} · ${money(account.free)} free` : texts.noAccount(plan.currency)}</dd>
      </div>
    </dl>
  );
}

/** What the amount earns: a day's interest on a flexible saving, the whole term's on a fixed one (shared/savings.ts, as the server books it). */
function SavingPreview({ plan, period, roi, now, money, value, symbol }: Term & { value: Money | null; symbol: string }) {
  const days = termDays(period, now);
  return (
    <p className="savings-preview" aria-live="polite">
      {days === 0 ? (
        <>
          Daily earnings: <strong>{`${symbol || `${plan.currency} `}${value ? dailyInterest(value, roi).toFixed(4, Money.ROUND_DOWN) : '0.0000'}`}</strong>
          <small> · paid in whole cents when you claim</small>
        </>
      ) : (
        <>
          Total earnings at maturity: <strong>{money(value ? interestAtMaturity(value, roi, days) : '0')}</strong>
        </>
      )}
    </p>
  );
}

/**
 * "CREATE NEW SAVINGS PLAN": the plans and their periods with the server's rates, the term's times, the
 * account it is paid from, the amount and the preview (the same arithmetic the server books,
 * shared/savings.ts). `changed` reads the savings again after one is opened.
 */
export function CreateSaving({ overview, formats, changed }: { overview: SavingsOverview; formats: CurrencyFormats; changed: () => Promise<void> }) {
  const first = overview.plans[0];
  const now = useNow(overview.now);
  const planOf = (id: string) => overview.plans.find((p) => String(p.id) === id);
  const accountOf = (plan: SavingsPlan | undefined) => (plan ? overview.accounts.find((a) => a.currency === plan.currency) : undefined);
  const form = useEndpointForm(savingsApi.openSaving, {
    initial: { plan: first ? String(first.id) : '', period: first?.terms[0]?.period ?? '', amount: '' },
    request: (v) => ({ body: { plan_id: Number(v.plan), period: v.period as SavingsPeriod, amount: v.amount.trim(), account_id: accountOf(planOf(v.plan))?.id } }),
    check: (v): FieldErrors => {
      const plan = planOf(v.plan);
      if (!accountOf(plan)) return { account_id: [texts.noAccount(plan?.currency ?? '')] };
      const value = amountOf(v.amount);
      return plan && value?.lessThan(plan.min_amount) ? { amount: [texts.belowMinimum(formatMoney({ amount: plan.min_amount, currency: plan.currency }))] } : {};
    },
    failureTitle: texts.createFailed,
    done: () => ({ kind: 'success', title: texts.created }),
    onDone: async (_, values): Promise<void> => {
      form.reset({ ...values, amount: '' });
      await changed();
    },
  });
  const plan = planOf(form.values.plan);
  const term = plan?.terms.find((t) => t.period === form.values.period);
  if (!plan || !term) return null;

  const account = accountOf(plan);
  const value = amountOf(form.values.amount);
  const money = (x: Money | string) => showMoney(new Money(x).toFixed(2), plan.currency, formats);
  const symbol = formats[plan.currency]?.symbol ?? '';
  const facts: Term = { plan, period: term.period, roi: term.roi, now, account, money };
  const titleId = form.idOf('title');
  return (
    <section className="savings-create" aria-labelledby={titleId}>
      <h2 id={titleId}>CREATE NEW SAVINGS PLAN</h2>
      <div className="savings-create-grid">
        <PlanChoices plans={overview.plans} choice={form.values} choose={(choice) => form.set(choice)} name={form.idOf('term')} money={money} />
        <form className="savings-form" noValidate aria-label="New saving" onSubmit={form.submit}>
          <SavingFacts {...facts} />
          <label htmlFor={form.idOf('amount')}>Enter Amount (in {plan.currency}):</label>
          <input {...form.field('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" disabled={!account} />
          <FieldMessage form={form} name="amount" />
          <Problem form={form} />
          <SavingPreview {...facts} value={value} symbol={symbol} />
          <button type="submit" disabled={form.busy || !account} aria-busy={form.busy ? true : undefined}>
            {form.busy ? 'Creating...' : `Open Savings Account and invest ${symbol || `${plan.currency} `}${value ? new Money(value).toFixed(2) : '0.00'}`}
          </button>
        </form>
      </div>
    </section>
  );
}
