import { useState } from 'react';
import { savingsApi } from '../../../shared/api/endpoints/savings';
import { savingsTexts as texts, type Saving } from '../../../shared/api/savings.schema';
import { Money } from '../../../shared/money';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { showMoney, type CurrencyFormats } from '../../funding/history';

const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The original's figures of a saving. */
function SavingFigures({ saving, money }: { saving: Saving; money: (x: string) => string }) {
  return (
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
      {saving.status !== 'active' && saving.closed_at ? (
        <div>
          <dt>Closed:</dt>
          <dd>{dayOf(saving.closed_at)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** A fixed term's countdown to its release. */
function SavingRelease({ saving }: { saving: Saving }) {
  const total = saving.days;
  if (saving.is_flexible || saving.release_in_days === null) return null;
  const done = total > 0 ? Math.min(total, Math.max(0, total - saving.release_in_days)) : 0;
  return (
    <div className="saving-release">
      <span>Funds Released In: {saving.release_in_days} days</span>
      <progress max={total} value={done} aria-label={`${done} of ${total} days`} />
    </div>
  );
}

/** Claim (a flexible saving's interest) and Close (asked first), as the server allows; `changed` reads the savings again. */
function SavingActions({ saving, money, changed }: { saving: Saving; money: (x: string) => string; changed: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const told =
    (title: string) =>
    ({ message }: { message: string | null }) => ({ kind: 'success' as const, title, description: message === texts.claimed ? undefined : (message ?? undefined) });
  const claim = useEndpointForm(savingsApi.claimSaving, { initial: {}, request: () => ({ params: { id: saving.id } }), failureTitle: texts.claimFailed, done: told(texts.claimed), onDone: changed });
  const close = useEndpointForm(savingsApi.closeSaving, {
    initial: {},
    request: () => ({ params: { id: saving.id } }),
    failureTitle: texts.closeFailed,
    done: told('Savings closed'),
    onDone: changed,
  });
  const busy = claim.busy || close.busy;
  const claimable = Number(saving.claimable) > 0;
  return (
    <div className="saving-actions">
      {saving.is_flexible ? (
        <button type="button" disabled={busy || !claimable} onClick={() => claim.submit()} aria-busy={claim.busy ? true : undefined}>
          {claim.busy ? 'Claiming...' : claimable ? `Claim ${money(saving.claimable)}` : 'Claim'}
        </button>
      ) : null}
      {!saving.can_close ? null : confirming ? (
        <>
          <button type="button" className="secondary" disabled={busy} onClick={() => void close.send().then(() => setConfirming(false))} aria-busy={close.busy ? true : undefined}>
            {close.busy ? 'Closing...' : 'Yes, close it'}
          </button>
          <button type="button" className="outline secondary" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className="outline secondary" disabled={busy} onClick={() => setConfirming(true)}>
          Close saving
        </button>
      )}
    </div>
  );
}

/** One saving's card: the original's figures, and Claim / Close as the server allows. */
export function SavingCard({ saving, formats, changed }: { saving: Saving; formats: CurrencyFormats; changed: () => Promise<void> }) {
  const money = (x: string) => showMoney(new Money(x).toFixed(2), saving.currency, formats);
  const active = saving.status === 'active';
  return (
    <article className={`saving-card${active ? '' : ' is-closed'}`} aria-label={`Saving ${saving.id}`}>
      <header>
        <strong className="saving-rate">{saving.roi}%</strong>
        <span>{saving.plan_title}</span>
        {active ? null : <span className="status-badge">Closed</span>}
      </header>
      <SavingFigures saving={saving} money={money} />
      {active ? <SavingRelease saving={saving} /> : null}
      {active ? (
        <>
          <p className="saving-note">{saving.close_note}</p>
          <SavingActions saving={saving} money={money} changed={changed} />
        </>
      ) : null}
    </article>
  );
}
