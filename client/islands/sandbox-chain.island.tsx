import '../styles/staff-tables.css';
import './sandbox-chain.css';
import { useCallback, useEffect, useId, useState } from 'react';
import * as z from 'zod/mini';
import { customerFundingApi, type SandboxPayment } from '../../shared/api/endpoints/customer-funding';
import { channelBySlug, cryptoChannels } from '../../shared/funding/crypto-channels';
import { StaffTable, type Column } from '../components/staff-table';
import { Field, Problem } from '../forms/field';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { call } from '../lib/call';
import { formatWhen } from '../lib/format';
import { defineIsland } from '../runtime/define-island';

const propsSchema = z.object({
  /** The recent payments as the page was rendered (null: they could not be read then; the island asks again). */
  payments: z.nullable(customerFundingApi.sandboxChain.response.shape.data),
  /** Why they could not be read. */
  problem: z.nullable(z.string()),
});
type Props = z.infer<typeof propsSchema>;

const channelName = (slug: string) => {
  const channel = channelBySlug(slug);
  return channel ? `${channel.asset} — ${channel.networkLabel}` : slug.toUpperCase();
};
const assetOf = (slug: string) => channelBySlug(slug)?.asset ?? '';
const shortTx = (id: string) => (id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id);
const shortAddress = (address: string) => (address.length > 18 ? `${address.slice(0, 10)}…${address.slice(-6)}` : address);
/** "0.01 BTC to ada@example.test, 1 / 2 confirmations". */
const paymentLine = (p: SandboxPayment, joint: string) => `${p.amount} ${assetOf(p.channel)} to ${p.customer}${joint}${p.confirmations} / ${p.required} confirmations.`;
const statusLabels: Record<SandboxPayment['status'], string> = { seen: 'Waiting', held: 'Held for review', credited: 'Credited', below_minimum: 'Below minimum', rejected: 'Rejected by staff' };
const statusClass: Record<SandboxPayment['status'], string> = {
  seen: 'status-pending',
  held: 'status-pending',
  credited: 'status-approved',
  below_minimum: 'status-refused',
  rejected: 'status-refused',
};
const failedRead = 'The payments could not be loaded. Try again.';

/** The form as typed; `confirmations` stays text until sent, so a half-typed number can be corrected. */
const emptyDraft = { channel: cryptoChannels[0]!.slug, address: '', amount: '', confirmations: '0', tx_id: '' };

/** "Announce a payment": to a customer's deposit address on a network, with its confirmations so far and, optionally, its transaction id. */
function AnnounceForm({ announced }: { announced: () => void }) {
  const form = useEndpointForm(customerFundingApi.announceChainPayment, {
    initial: emptyDraft,
    request: (draft) => ({
      body: {
        channel: draft.channel,
        address: draft.address.trim(),
        amount: draft.amount.trim(),
        confirmations: draft.confirmations.trim() === '' ? 0 : draft.confirmations.trim(),
        ...(draft.tx_id.trim() ? { tx_id: draft.tx_id.trim() } : {}),
      },
    }),
    fallback: 'The payment was not announced. Please try again.',
    unreachable: 'The server did not answer. Please try again.',
    done: ({ data }) => (data ? { kind: 'success', title: data.message, description: paymentLine(data.data, ', ') } : null),
    onDone: (_answer, sent) => {
      // The address and the network stay for the next payment or for its confirmations; the amount and the transaction are this payment's.
      form.reset({ ...sent, amount: '', tx_id: '', confirmations: '0' });
      announced();
    },
  });
  const channel = form.values.channel;
  return (
    <form className="sandbox-form" noValidate onSubmit={form.submit} aria-labelledby={form.idOf('title')}>
      <h2 id={form.idOf('title')}>Announce a payment</h2>
      <fieldset disabled={form.busy}>
        <Field form={form} name="channel" label="Network" className="sandbox-field sandbox-wide">
          <select {...form.field('channel')}>
            {cryptoChannels.map((each) => (
              <option key={each.slug} value={each.slug}>
                {channelName(each.slug)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={form} name="address" label="Customer’s deposit address" className="sandbox-field sandbox-wide" input={{ spellCheck: false, required: true }} />
        <Field form={form} name="amount" label={`Amount (${assetOf(channel)})`} className="sandbox-field" input={{ inputMode: 'decimal', required: true }} />
        <Field form={form} name="confirmations" label="Confirmations" className="sandbox-field">
          <input {...form.field('confirmations')} type="number" min={0} max={1000} step={1} />
          <small className="sandbox-hint">Credited at {channelBySlug(channel)?.confirmations ?? '—'}.</small>
        </Field>
        <Field
          form={form}
          name="tx_id"
          label={
            <>
              Transaction id <span className="sandbox-optional">(optional)</span>
            </>
          }
          className="sandbox-field sandbox-wide"
        >
          <input {...form.field('tx_id')} autoComplete="off" spellCheck={false} />
          <small className="sandbox-hint">Empty: a random one. The same id again is the same payment.</small>
        </Field>
      </fieldset>
      <div className="sandbox-actions">
        <Problem form={form} />
        <button type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
          {form.busy ? 'Announcing…' : 'Announce payment'}
        </button>
      </div>
    </form>
  );
}

/** Adds blocks to a payment: its confirmations become `to`; the list is read again either way. */
function ConfirmButton({ payment, to, label, className, settled }: { payment: SandboxPayment; to: number; label: string; className: string; settled: () => Promise<void> }) {
  const form = useEndpointForm(customerFundingApi.confirmChainPayment, {
    initial: {},
    request: () => ({ params: { id: payment.id }, body: { confirmations: to } }),
    done: ({ data }) => (data ? { kind: 'success', title: data.message, description: paymentLine(data.data, ': ') } : null),
    failureTitle: 'Confirmations not changed',
    fallback: 'Please try again.',
    after: settled,
  });
  return (
    <button
      type="button"
      className={className}
      disabled={form.busy}
      aria-busy={form.busy || undefined}
      aria-label={`${label}: ${payment.amount} ${assetOf(payment.channel)} to ${payment.customer}`}
      onClick={() => form.submit()}
    >
      {label}
    </button>
  );
}

const paymentColumns = (settled: () => Promise<void>): readonly Column<SandboxPayment>[] => [
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
          <ConfirmButton payment={p} to={p.confirmations + 1} label="+1 confirmation" className="outline small" settled={settled} />
          <ConfirmButton payment={p} to={Math.max(p.required, p.confirmations)} label="Confirm fully" className="small" settled={settled} />
        </div>
      ) : null,
  },
];

/**
 * `/admin/sandbox-chain` (docs/funding.md#the-sandbox-chain): staff announce a payment to a customer's
 * deposit address as a blockchain would, then add its confirmations as blocks would; the customer's wallet
 * page and the deposits queue follow, and the payment is credited at its channel's confirmations.
 */
function SandboxChain({ payments: initial, problem: initialProblem }: Props) {
  const [payments, setPayments] = useState<SandboxPayment[] | null>(initial);
  const [listProblem, setListProblem] = useState<string | null>(initialProblem);
  const titleId = useId();

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

  return (
    <div className="sandbox-chain">
      <AnnounceForm announced={() => void reload()} />
      <section className="sandbox-payments" aria-labelledby={titleId}>
        <h2 id={titleId}>Recent payments</h2>
        {listProblem ? (
          <div className="staff-message" role="alert">
            <p>{listProblem}</p>
            <button type="button" className="outline" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        ) : null}
        {payments === null && !listProblem ? <p className="staff-message">Loading…</p> : null}
        {payments ? <StaffTable rows={payments} rowKey={(p) => p.id} columns={paymentColumns(reload)} empty="No payments yet: announce one above." /> : null}
      </section>
    </div>
  );
}

export default defineIsland({ name: 'sandbox-chain', component: SandboxChain, props: propsSchema });
