import '../styles/staff-tables.css';
import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { fundingApi } from '../../shared/api/endpoints/funding';
import { rejectionReasons, type RejectionReason } from '../../shared/api/verification.schema';
import { Modal } from '../components/modal';
import { ReasonDialog } from '../components/reason-dialog';
import { staffPost } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const propsSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'document']),
  id: z.number(),
  /** What the row is, for the dialogs ("DEP-… from Ada Byron"). */
  summary: z.string(),
  /** A deposit's expected amount, offered as the amount received. */
  suggested: z.nullable(z.string()),
  currency: z.string(),
  /** A card withdrawal: accepted by refunding the card through the provider, not with a payout reference. */
  refund: z.optional(z.boolean()),
  /** A card refund whose outcome the provider did not confirm: it may only be retried (the same refund, never twice), not rejected. */
  retryOnly: z.optional(z.boolean()),
  /** A deposit held for staff: what was reported, what was expected and why it waits (docs/funding.md#money-from-outside). */
  held: z.optional(z.string()),
});
type Props = z.infer<typeof propsSchema>;

/**
 * A pending row's decision (docs/back-office.md#funding-queues, #verification-documents): confirm, pay (or
 * refund to the card) or approve, or reject with a reason.
 */
function QueueDecision({ kind, id, summary, suggested, currency, refund = false, retryOnly = false, held }: Props) {
  const [open, setOpen] = useState<'accept' | 'reject' | null>(null);
  const [value, setValue] = useState(suggested ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const params = { id };
  const accept = kind === 'deposit' ? 'Confirm' : kind === 'withdrawal' ? (refund ? 'Refund to card' : 'Mark paid') : 'Approve';
  const [reasonCode, setReasonCode] = useState<RejectionReason>('unreadable');
  const [note, setNote] = useState('');
  const ids = { reason: useId(), note: useId() };

  const done = (message: string) => {
    setOpen(null);
    showToast({ kind: 'success', title: { deposit: 'Deposit decided', withdrawal: 'Withdrawal decided', document: 'Document reviewed' }[kind], description: message });
    setTimeout(() => window.location.reload(), 600);
  };
  /** Someone else decided it meanwhile (409) or it is gone (404): the list is shown again as it is now. */
  const settledElsewhere = (status: number) => status === 409 || status === 404;

  async function sendAccept() {
    setBusy(true);
    setProblem(null);
    const result =
      kind === 'deposit'
        ? await staffPost(fundingApi.confirmDeposit, { params, body: { amount_received: value.trim() } }, 'amount_received')
        : kind === 'withdrawal'
          ? refund
            ? await staffPost(fundingApi.refundWithdrawal, { params })
            : await staffPost(fundingApi.payWithdrawal, { params, body: { payout_reference: value.trim() } }, 'payout_reference')
          : await staffPost(fundingApi.approveDocument, { params });
    setBusy(false);
    if (result.ok) return done(result.data.message);
    if (settledElsewhere(result.status)) return done(result.message);
    // A refused refund (503: the provider said no, or did not answer) leaves the withdrawal pending: its message says what to do.
    setProblem(result.message);
  }

  async function sendReject(reason: string): Promise<string | null> {
    const result =
      kind === 'deposit'
        ? await staffPost(fundingApi.rejectDeposit, { params, body: { reason } })
        : kind === 'withdrawal'
          ? await staffPost(fundingApi.rejectWithdrawal, { params, body: { reason } })
          : await staffPost(fundingApi.rejectDocument, { params, body: note.trim() ? { reason: reasonCode, note: note.trim() } : { reason: reasonCode } }, 'note');
    if (result.ok || settledElsewhere(result.status)) {
      done(result.ok ? result.data.message : result.message);
      return null;
    }
    return result.message;
  }

  return (
    <div className="staff-actions">
      <button type="button" className="small" onClick={() => setOpen('accept')} aria-label={`${accept}: ${summary}`}>
        {accept}
      </button>
      {retryOnly ? null : (
        <button type="button" className="outline secondary small" onClick={() => setOpen('reject')} aria-label={`Reject: ${summary}`}>
          Reject
        </button>
      )}
      {open === 'accept' ? (
        <Modal
          title={kind === 'deposit' ? 'Confirm deposit' : kind === 'withdrawal' ? (refund ? 'Refund to card' : 'Mark withdrawal paid') : 'Approve document'}
          onClose={() => !busy && setOpen(null)}
          className="reason-dialog"
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void sendAccept();
            }}
          >
            <p>{summary}</p>
            {held ? <p className="queue-reason">{held}</p> : null}
            {kind === 'document' ? (
              <p>The customer is told it was checked and approved.</p>
            ) : refund ? (
              <p>The payment provider refunds the card that paid; the withdrawal is paid once it has. If the provider refuses, it stays pending.</p>
            ) : (
              <>
                <label htmlFor={fieldId}>{kind === 'deposit' ? `Amount received (${currency})` : 'Payout reference'}</label>
                <input
                  id={fieldId}
                  required
                  value={value}
                  inputMode={kind === 'deposit' ? 'decimal' : undefined}
                  aria-invalid={problem ? true : undefined}
                  onChange={(e) => setValue(e.target.value)}
                />
              </>
            )}
            {problem ? (
              <small className="field-problem" role="alert">
                {problem}
              </small>
            ) : null}
            <footer>
              <button type="button" className="secondary" disabled={busy} onClick={() => setOpen(null)}>
                Cancel
              </button>
              <button type="submit" disabled={busy} aria-busy={busy || undefined}>
                {accept}
              </button>
            </footer>
          </form>
        </Modal>
      ) : null}
      {open === 'reject' && kind === 'document' ? (
        <Modal title="Reject document" onClose={() => !busy && setOpen(null)} className="reason-dialog">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setBusy(true);
              setProblem(null);
              void sendReject('').then((message) => {
                setBusy(false);
                setProblem(message);
              });
            }}
          >
            <p>{summary}: the customer is told why and asked for a new one.</p>
            <label htmlFor={ids.reason}>Reason</label>
            <select id={ids.reason} value={reasonCode} onChange={(e) => setReasonCode(e.target.value as RejectionReason)}>
              {(Object.keys(rejectionReasons) as RejectionReason[]).map((code) => (
                <option key={code} value={code}>
                  {rejectionReasons[code]}
                </option>
              ))}
            </select>
            <label htmlFor={ids.note}>Note for the customer {reasonCode === 'other' ? '(required)' : '(optional)'}</label>
            <textarea id={ids.note} rows={3} maxLength={500} value={note} aria-invalid={problem ? true : undefined} onChange={(e) => setNote(e.target.value)} />
            {problem ? (
              <small className="field-problem" role="alert">
                {problem}
              </small>
            ) : null}
            <footer>
              <button type="button" className="secondary" disabled={busy} onClick={() => setOpen(null)}>
                Cancel
              </button>
              <button type="submit" className="danger" disabled={busy} aria-busy={busy || undefined}>
                Reject
              </button>
            </footer>
          </form>
        </Modal>
      ) : null}
      {open === 'reject' && kind !== 'document' ? (
        <ReasonDialog
          title={kind === 'deposit' ? 'Reject deposit' : 'Reject withdrawal'}
          label="Reason for the customer"
          required
          confirm="Reject"
          danger
          onSubmit={sendReject}
          onClose={() => setOpen(null)}
        >
          <p>
            {summary}
            {kind === 'withdrawal' ? ': the amount goes back to the customer’s balance.' : '.'}
          </p>
          {held ? <p className="queue-reason">{held}</p> : null}
        </ReasonDialog>
      ) : null}
    </div>
  );
}

export default defineIsland({ name: 'queue-decision', component: QueueDecision, props: propsSchema });
