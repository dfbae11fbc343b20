import '../styles/staff-tables.css';
import './sandbox-chain.css';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import { customerFundingApi, type SandboxPayment } from '../../shared/api/endpoints/customer-funding';
import { channelBySlug, cryptoChannels } from '../../shared/funding/crypto-channels';
import { StaffTable, type Column } from '../components/staff-table';
import { call } from '../lib/call';
import { formatWhen } from '../lib/format';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const propsSchema = z.object({
  /** The recent payments as the page was rendered (null: they could not be read then; the island asks again). */
  payments: z.nullable(customerFundingApi.sandboxChain.response.shape.data),
  /** Why they could not be read. */
  problem: z.nullable(z.string()),
});
type Props = z.infer<typeof propsSchema>;

/** The form as typed; `confirmations` stays text until sent, so a half-typed number can be corrected. */
interface Draft {
  channel: string;
  address: string;
  amount: string;
  confirmations: string;
  tx_id: string;
}
const fields = ['channel', 'address', 'amount', 'confirmations', 'tx_id'] as const satisfies readonly (keyof Draft)[];
const emptyDraft: Draft = { channel: cryptoChannels[0]!.slug, address: '', amount: '', confirmations: '0', tx_id: '' };

const channelName = (slug: string) => {
  const channel = channelBySlug(slug);
  return channel ? `${channel.asset} — ${channel.networkLabel}` : slug.toUpperCase();
};
const assetOf = (slug: string) => channelBySlug(slug)?.asset ?? '';
const shortTx = (id: string) => (id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id);
const shortAddress = (address: string) => (address.length > 18 ? `${address.slice(0, 10)}…${address.slice(-6)}` : address);
const statusLabels: Record<SandboxPayment['status'], string> = { seen: 'Waiting', held: 'Held for review', credited: 'Credited', below_minimum: 'Below minimum', rejected: 'Rejected by staff' };
const statusClass: Record<SandboxPayment['status'], string> = {
  seen: 'status-pending',
  held: 'status-pending',
  credited: 'status-approved',
  below_minimum: 'status-refused',
  rejected: 'status-refused',
};
const failedRead = 'The payments could not be loaded. Try again.';

/**
 * `/admin/sandbox-chain` (docs/funding.md#the-sandbox-chain): staff announce a payment to a customer's
 * deposit address as a blockchain would, then add its confirmations as blocks would; the customer's wallet
 * page and the deposits queue follow, and the payment is credited at its channel's confirmations.
 */
function SandboxChain({ payments: initial, problem: initialProblem }: Props) {
  const [payments, setPayments] = useState<SandboxPayment[] | null>(initial);
  const [listProblem, setListProblem] = useState<string | null>(initialProblem);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** The payment whose confirmations are being sent, so its buttons wait. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;

  const reload = useCallback(async () => {
    const result = await call(customerFundingApi.sandboxChain, {});
    if (result.ok) {
      setPayments(result.data.data);
      setListProblem(null);
    } else setListProblem(result.message ?? failedRead);
  }, []);

  useEffect(() => {
    if (initial === null) void reload();
    // The customer's wallet and the queue change as payments arrive; here the list is read again when staff come back to the window.
    const onFocus = () => void reload();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [initial, reload]);

  function set(name: keyof Draft, value: string) {
    setDraft((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = fields.find((name) => found[name]);
    setProblem(first ? null : (Object.values(found)[0]?.[0] ?? 'The payment was not announced.'));
    if (first) requestAnimationFrame(() => document.getElementById(idOf(first))?.focus());
  }

  async function announce(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const body = {
      channel: draft.channel,
      address: draft.address.trim(),
      amount: draft.amount.trim(),
      confirmations: draft.confirmations.trim() === '' ? 0 : draft.confirmations.trim(),
      ...(draft.tx_id.trim() ? { tx_id: draft.tx_id.trim() } : {}),
    };
    const checked = customerFundingApi.announceChainPayment.body.safeParse(body);
    if (!checked.success) return showErrors(fieldErrors(checked.error.issues));
    setSending(true);
    setProblem(null);
    const result = await call(customerFundingApi.announceChainPayment, { body: checked.data });
    setSending(false);
    if (!result.ok) {
      if (Object.keys(result.errors).length > 0) return showErrors(result.errors);
      setProblem(result.message ?? (result.failure === 'unreachable' ? 'The server did not answer. Please try again.' : 'The payment was not announced. Please try again.'));
      return;
    }
    setErrors({});
    // The address and the network stay for the next payment or for its confirmations; the amount and the transaction are this payment's.
    setDraft((current) => ({ ...current, amount: '', tx_id: '', confirmations: '0' }));
    const payment = result.data.data;
    showToast({
      kind: 'success',
      title: result.data.message,
      description: `${payment.amount} ${assetOf(payment.channel)} to ${payment.customer}, ${payment.confirmations} / ${payment.required} confirmations.`,
    });
    await reload();
  }

  async function confirm(payment: SandboxPayment, confirmations: number) {
    setConfirming(payment.id);
    const result = await call(customerFundingApi.confirmChainPayment, { params: { id: payment.id }, body: { confirmations } });
    setConfirming(null);
    if (result.ok) {
      const now = result.data.data;
      showToast({ kind: 'success', title: result.data.message, description: `${now.amount} ${assetOf(now.channel)} to ${now.customer}: ${now.confirmations} / ${now.required} confirmations.` });
    } else {
      showToast({ kind: 'error', title: 'Confirmations not changed', description: result.errors.confirmations?.[0] ?? result.message ?? 'Please try again.' });
    }
    await reload();
  }

  const fieldAttrs = (name: keyof Draft) => {
    const message = errors[name]?.[0];
    return { id: idOf(name), name, 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${idOf(name)}-problem` : undefined } as const;
  };
  const fieldProblem = (name: keyof Draft) =>
    errors[name]?.[0] ? (
      <small id={`${idOf(name)}-problem`} className="field-problem" role="alert">
        {errors[name][0]}
      </small>
    ) : null;

  const columns: readonly Column<SandboxPayment>[] = [
    { label: 'Customer', cell: (p) => <span className="sandbox-email">{p.customer}</span>, className: 'sandbox-customer' },
    { label: 'Network', cell: (p) => channelName(p.channel) },
    {
      label: 'Address',
      cell: (p) => (
        <code title={p.address}>
          <span aria-hidden="true">{shortAddress(p.address)}</span>
          <span className="visually-hidden">{p.address}</span>
        </code>
      ),
    },
    {
      label: 'Transaction',
      cell: (p) => (
        <code title={p.tx_id}>
          <span aria-hidden="true">{shortTx(p.tx_id)}</span>
          <span className="visually-hidden">{p.tx_id}</span>
        </code>
      ),
    },
    {
      label: 'Amount',
      cell: (p) => (
        <span className="money">
          {p.amount} {assetOf(p.channel)}
        </span>
      ),
    },
    { label: 'Confirmations', cell: (p) => `${p.confirmations} / ${p.required}`, className: 'money' },
    { label: 'Status', cell: (p) => <span className={`status-badge ${statusClass[p.status]}`}>{statusLabels[p.status]}</span> },
    { label: 'Seen', cell: (p) => formatWhen(p.seen_at) },
    {
      label: 'Blocks',
      hiddenLabel: true,
      cell: (p) =>
        p.status === 'seen' ? (
          <div className="staff-actions">
            <button
              type="button"
              className="outline small"
              disabled={confirming !== null}
              aria-busy={confirming === p.id || undefined}
              aria-label={`+1 confirmation: ${p.amount} ${assetOf(p.channel)} to ${p.customer}`}
              onClick={() => void confirm(p, p.confirmations + 1)}
            >
              +1 confirmation
            </button>
            <button
              type="button"
              className="small"
              disabled={confirming !== null}
              aria-label={`Confirm fully: ${p.amount} ${assetOf(p.channel)} to ${p.customer}`}
              onClick={() => void confirm(p, Math.max(p.required, p.confirmations))}
            >
              Confirm fully
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <div className="sandbox-chain">
      <form className="sandbox-form" noValidate onSubmit={(event) => void announce(event)} aria-labelledby={idOf('title')}>
        <h2 id={idOf('title')}>Announce a payment</h2>
        <fieldset disabled={sending}>
          <div className="sandbox-field sandbox-wide">
            <label htmlFor={idOf('channel')}>Network</label>
            <select {...fieldAttrs('channel')} value={draft.channel} onChange={(e) => set('channel', e.target.value)}>
              {cryptoChannels.map((channel) => (
                <option key={channel.slug} value={channel.slug}>
                  {channelName(channel.slug)}
                </option>
              ))}
            </select>
            {fieldProblem('channel')}
          </div>
          <div className="sandbox-field sandbox-wide">
            <label htmlFor={idOf('address')}>Customer’s deposit address</label>
            <input {...fieldAttrs('address')} value={draft.address} autoComplete="off" spellCheck={false} required onChange={(e) => set('address', e.target.value)} />
            {fieldProblem('address')}
          </div>
          <div className="sandbox-field">
            <label htmlFor={idOf('amount')}>Amount ({assetOf(draft.channel)})</label>
            <input {...fieldAttrs('amount')} value={draft.amount} inputMode="decimal" autoComplete="off" required onChange={(e) => set('amount', e.target.value)} />
            {fieldProblem('amount')}
          </div>
          <div className="sandbox-field">
            <label htmlFor={idOf('confirmations')}>Confirmations</label>
            <input {...fieldAttrs('confirmations')} type="number" min={0} max={1000} step={1} value={draft.confirmations} onChange={(e) => set('confirmations', e.target.value)} />
            <small className="sandbox-hint">Credited at {channelBySlug(draft.channel)?.confirmations ?? '—'}.</small>
            {fieldProblem('confirmations')}
          </div>
          <div className="sandbox-field sandbox-wide">
            <label htmlFor={idOf('tx_id')}>
              Transaction id <span className="sandbox-optional">(optional)</span>
            </label>
            <input {...fieldAttrs('tx_id')} value={draft.tx_id} autoComplete="off" spellCheck={false} onChange={(e) => set('tx_id', e.target.value)} />
            <small className="sandbox-hint">Empty: a random one. The same id again is the same payment.</small>
            {fieldProblem('tx_id')}
          </div>
        </fieldset>
        <div className="sandbox-actions">
          {problem ? (
            <p className="field-problem" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" disabled={sending} aria-busy={sending || undefined}>
            {sending ? 'Announcing…' : 'Announce payment'}
          </button>
        </div>
      </form>

      <section className="sandbox-payments" aria-labelledby={idOf('payments')}>
        <h2 id={idOf('payments')}>Recent payments</h2>
        {listProblem ? (
          <div className="staff-message" role="alert">
            <p>{listProblem}</p>
            <button type="button" className="outline" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        ) : null}
        {payments === null && !listProblem ? <p className="staff-message">Loading…</p> : null}
        {payments ? <StaffTable rows={payments} rowKey={(p) => p.id} columns={columns} empty="No payments yet: announce one above." /> : null}
      </section>
    </div>
  );
}

export default defineIsland({ name: 'sandbox-chain', component: SandboxChain, props: propsSchema });
