import './savings-board.css';
import { useEffect, useId, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { savingsApi } from '../../shared/api/endpoints/savings';
import { openSavingRequest, savingsOverviewSchema, savingsTexts as texts, type Saving, type SavingsOverview, type SavingsPlan } from '../../shared/api/savings.schema';
import { fieldErrors } from '../../shared/api/common.schema';
import { formatMoney, Money } from '../../shared/money';
import { dailyInterest, interestAtMaturity, periodLabels, releaseOf, termDays, type SavingsPeriod } from '../../shared/savings';
import { currencyFormats, showMoney, type CurrencyFormats } from '../funding/history';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({ overview: savingsOverviewSchema, formats: currencyFormats });

const when = (iso: string | Date) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The amount as typed, when it is one the server could take (the same schema). */
function amountOf(text: string): Money | null {
  const parsed = openSavingRequest.shape.amount.safeParse(text);
  return parsed.success ? new Money(parsed.data) : null;
}

/**
 * "CREATE NEW SAVINGS PLAN": the plans and their periods with the server's rates, the term's times, the
 * account it is paid from, the amount and the preview (the same arithmetic the server books,
 * shared/savings.ts).
 */
function CreateSaving({ overview, formats, onDone }: { overview: SavingsOverview; formats: CurrencyFormats; onDone: (fresh: SavingsOverview | null) => void }) {
  const id = useId();
  const first = overview.plans[0];
  const [choice, setChoice] = useState<{ plan: number; period: SavingsPeriod } | null>(first ? { plan: first.id, period: first.terms[0]!.period } : null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => new Date(overview.now));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    setNow(new Date());
    return () => clearInterval(timer);
  }, []);

  const plan: SavingsPlan | undefined = overview.plans.find((p) => p.id === choice?.plan);
  const term = plan?.terms.find((t) => t.period === choice?.period);
  const account = plan ? overview.accounts.find((a) => a.currency === plan.currency) : undefined;
  const value = amountOf(amount);
  const localError = useMemo(() => {
    const parsed = openSavingRequest.shape.amount.safeParse(amount);
    if (!parsed.success) return fieldErrors(parsed.error.issues)._?.[0] ?? texts.amountPositive;
    if (plan && new Money(parsed.data).lessThan(plan.min_amount)) return texts.belowMinimum(formatMoney({ amount: plan.min_amount, currency: plan.currency }));
    return null;
  }, [amount, plan]);
  const error = serverError ?? (touched ? localError : null);
  if (!plan || !term || !choice) return null;

  const money = (x: Money | string) => showMoney(new Money(x).toFixed(2), plan.currency, formats);
  const symbol = formats[plan.currency]?.symbol ?? '';
  const release = releaseOf(term.period, now);
  const days = termDays(term.period, now);

  async function submit() {
    setTouched(true);
    if (localError || !account || !choice) return;
    setBusy(true);
    const result = await call(savingsApi.openSaving, { body: { plan_id: choice.plan, period: choice.period, amount: amount.trim(), account_id: account.id } });
    setBusy(false);
    if (!result.ok) {
      setServerError(result.errors.amount?.[0] ?? result.message ?? texts.createFailed);
      showToast({ kind: 'error', title: texts.createFailed, ...(result.message ? { description: result.message } : {}) });
      return;
    }
    showToast({ kind: 'success', title: texts.created });
    setAmount('');
    setTouched(false);
    const fresh = await call(savingsApi.savingsOverview);
    onDone(fresh.ok ? fresh.data.data : null);
  }

  return (
    <section className="savings-create" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>CREATE NEW SAVINGS PLAN</h2>
      <div className="savings-create-grid">
        <div className="savings-plans">
          {overview.plans.map((p) => (
            <details key={p.id} className="savings-plan" open={p.id === choice.plan || overview.plans.length === 1}>
              <summary>
                <span className="savings-currency">{p.currency}</span> {p.title}
              </summary>
              <fieldset>
                <legend className="visually-hidden">{p.title}: period</legend>
                {p.terms.map((t) => (
                  <label key={t.id} className="savings-term">
                    <input
                      type="radio"
                      name={`${id}-term`}
                      checked={choice.plan === p.id && choice.period === t.period}
                      onChange={() => {
                        setChoice({ plan: p.id, period: t.period });
                        setServerError(null);
                      }}
                    />
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
        <form
          className="savings-form"
          noValidate
          aria-label="New saving"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
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
              <dd>{days > 0 ? `${periodLabels[term.period]} (${days} days)` : periodLabels[term.period]}</dd>
            </div>
            <div>
              <dt>Your Rate:</dt>
              <dd>{term.roi}% a year</dd>
            </div>
            <div>
              <dt>Account</dt>
              <dd>{account ? `${account.number} · ${money(account.free)} free` : texts.noAccount(plan.currency)}</dd>
            </div>
          </dl>
          <label htmlFor={`${id}-amount`}>Enter Amount (in {plan.currency}):</label>
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            disabled={!account}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-amount-problem` : undefined}
            onChange={(event) => {
              setAmount(event.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
          />
          {error ? (
            <small id={`${id}-amount-problem`} className="field-problem" role="alert">
              {error}
            </small>
          ) : null}
          <p className="savings-preview" aria-live="polite">
            {days === 0 ? (
              <>
                Daily earnings: <strong>{`${symbol || `${plan.currency} `}${value ? dailyInterest(value, term.roi).toFixed(4, Money.ROUND_DOWN) : '0.0000'}`}</strong>
                <small> · paid in whole cents when you claim</small>
              </>
            ) : (
              <>
                Total earnings at maturity: <strong>{money(value ? interestAtMaturity(value, term.roi, days) : '0')}</strong>
              </>
            )}
          </p>
          <button type="submit" disabled={busy || !account} aria-busy={busy ? true : undefined}>
            {busy ? 'Creating...' : `Open Savings Account and invest ${symbol || `${plan.currency} `}${value ? new Money(value).toFixed(2) : '0.00'}`}
          </button>
        </form>
      </div>
    </section>
  );
}

/** One saving's card: the original's figures, and Claim / Close as the server allows. */
function SavingCard({ saving, formats, onChanged }: { saving: Saving; formats: CurrencyFormats; onChanged: (fresh: SavingsOverview | null) => void }) {
  const [busy, setBusy] = useState<'claim' | 'close' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const money = (x: string) => showMoney(new Money(x).toFixed(2), saving.currency, formats);
  const active = saving.status === 'active';

  async function act(kind: 'claim' | 'close') {
    setBusy(kind);
    const result = await call(kind === 'claim' ? savingsApi.claimSaving : savingsApi.closeSaving, { params: { id: saving.id } });
    setBusy(null);
    setConfirming(false);
    if (!result.ok) {
      showToast({ kind: 'error', title: kind === 'claim' ? texts.claimFailed : texts.closeFailed, ...(result.message ? { description: result.message } : {}) });
      return;
    }
    showToast({ kind: 'success', title: kind === 'claim' ? texts.claimed : 'Savings closed', description: result.data.message === texts.claimed ? undefined : result.data.message });
    const fresh = await call(savingsApi.savingsOverview);
    onChanged(fresh.ok ? fresh.data.data : null);
  }

  const total = saving.days;
  const done = total > 0 && saving.release_in_days !== null ? Math.min(total, Math.max(0, total - saving.release_in_days)) : 0;
  return (
    <article className={`saving-card${active ? '' : ' is-closed'}`} aria-label={`Saving ${saving.id}`}>
      <header>
        <strong className="saving-rate">{saving.roi}%</strong>
        <span>{saving.plan_title}</span>
        {active ? null : <span className="status-badge">Closed</span>}
      </header>
      <dl>
        <div>
          <dt>Investment:</dt>
          <dd>{money(saving.amount)}</dd>
        </div>
        <div>
          <dt>Period:</dt>
          <dd>{saving.period_label}</dd>
        </div>
        <div>
          <dt>Created:</dt>
          <dd>{dayOf(saving.started_at)}</dd>
        </div>
        {saving.is_flexible ? (
          <div>
            <dt>Days Elapsed:</dt>
            <dd>{saving.days_elapsed}</dd>
          </div>
        ) : null}
        <div>
          <dt>Earnings:</dt>
          <dd>
            {money(saving.earned)}
            {Number(saving.paid) > 0 ? <small> ({money(saving.paid)} paid)</small> : null}
          </dd>
        </div>
        {Number(saving.forfeited) > 0 ? (
          <div>
            <dt>Forfeited:</dt>
            <dd>{money(saving.forfeited)}</dd>
          </div>
        ) : null}
        {!active && saving.closed_at ? (
          <div>
            <dt>Closed:</dt>
            <dd>{dayOf(saving.closed_at)}</dd>
          </div>
        ) : null}
      </dl>
      {active && !saving.is_flexible && saving.release_in_days !== null ? (
        <div className="saving-release">
          <span>Funds Released In: {saving.release_in_days} days</span>
          <progress max={total} value={done} aria-label={`${done} of ${total} days`} />
        </div>
      ) : null}
      {active ? (
        <>
          <p className="saving-note">{saving.close_note}</p>
          <div className="saving-actions">
            {saving.is_flexible ? (
              <button type="button" disabled={busy !== null || Number(saving.claimable) <= 0} onClick={() => void act('claim')} aria-busy={busy === 'claim' ? true : undefined}>
                {busy === 'claim' ? 'Claiming...' : Number(saving.claimable) > 0 ? `Claim ${money(saving.claimable)}` : 'Claim'}
              </button>
            ) : null}
            {saving.can_close ? (
              confirming ? (
                <>
                  <button type="button" className="secondary" disabled={busy !== null} onClick={() => void act('close')} aria-busy={busy === 'close' ? true : undefined}>
                    {busy === 'close' ? 'Closing...' : 'Yes, close it'}
                  </button>
                  <button type="button" className="outline secondary" onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                </>
              ) : (
                <button type="button" className="outline secondary" disabled={busy !== null} onClick={() => setConfirming(true)}>
                  Close saving
                </button>
              )
            ) : null}
          </div>
        </>
      ) : null}
    </article>
  );
}

/** `/main/savings` (docs/customer-area.md#savings): the new-saving form when savings are offered, and the customer's savings. */
function SavingsBoard({ overview: firstOverview, formats }: z.infer<typeof props>) {
  const [overview, setOverview] = useState(firstOverview);
  const [failed, setFailed] = useState(false);
  const refresh = (fresh: SavingsOverview | null) => {
    if (fresh) setOverview(fresh);
    setFailed(fresh === null);
  };
  // The release countdowns and earnings move with the clock: read afresh every minute.
  useEffect(() => {
    const timer = setInterval(() => void call(savingsApi.savingsOverview).then((fresh) => fresh.ok && setOverview(fresh.data.data)), 60_000);
    return () => clearInterval(timer);
  }, []);
  const active = overview.savings.filter((s) => s.status === 'active');
  const closed = overview.savings.filter((s) => s.status === 'closed');
  return (
    <div className="savings-board">
      {!overview.enabled ? (
        <p className="notice notice-info" role="status" data-testid="savings-off">
          Savings are not offered. {active.length > 0 ? 'Your savings below keep earning as agreed and can be closed at any time their terms allow.' : ''}
        </p>
      ) : overview.plans.length === 0 ? (
        <p className="notice notice-info" role="status">
          No savings plan is open for new savings at the moment.
        </p>
      ) : (
        <CreateSaving overview={overview} formats={formats} onDone={refresh} />
      )}
      {failed ? (
        <p className="notice notice-warning" role="alert">
          {texts.savingsFailed}
        </p>
      ) : null}
      <section className="savings-list" aria-labelledby="your-savings">
        <h2 id="your-savings">YOUR SAVINGS</h2>
        {active.length === 0 ? <p className="muted">You have no savings yet.</p> : null}
        <div className="saving-cards">
          {active.map((saving) => (
            <SavingCard key={saving.id} saving={saving} formats={formats} onChanged={refresh} />
          ))}
        </div>
        {closed.length > 0 ? (
          <details className="savings-closed">
            <summary>Closed savings ({closed.length})</summary>
            <div className="saving-cards">
              {closed.map((saving) => (
                <SavingCard key={saving.id} saving={saving} formats={formats} onChanged={refresh} />
              ))}
            </div>
          </details>
        ) : null}
      </section>
    </div>
  );
}

export default defineIsland({ name: 'savings-board', component: SavingsBoard, props });
