import '../styles/staff-tables.css';
import './customer-actions.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { userStatuses, notificationColors } from '../../shared/api/user.schema';
import { adminApi } from '../../shared/api/endpoints/admin';
import { adjustmentLabels, adjustmentTypes, type AdjustmentType } from '../../shared/api/back-office.schema';
import { backOfficeApi } from '../../shared/api/endpoints/back-office';
import { Modal } from '../components/modal';
import { ReasonDialog } from '../components/reason-dialog';
import { formatWhen } from '../lib/format';
import { staffPost } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const planSchema = z.object({ id: z.number(), title: z.string(), leverage: z.number() });
const propsSchema = z.object({
  customerId: z.number(),
  name: z.string(),
  status: z.enum(userStatuses),
  planId: z.nullable(z.number()),
  plans: z.array(planSchema),
  chatHref: z.string(),
  /** Admins adjust balances (docs/back-office.md#balance-adjustments); staff do not see the action. */
  adjust: z.nullable(z.object({ accounts: z.array(z.object({ id: z.number(), label: z.string() })), bonusesEnabled: z.boolean() })),
});
type Props = z.infer<typeof propsSchema>;
type Dialog = 'approve' | 'deactivate' | 'reactivate' | 'plan' | 'notify' | 'link' | 'adjust' | 'demo' | null;

/** A new adjustment form: a new request id, so the same click sent twice books once and a new adjustment is a new one. */
const freshAdjustment = (accountId: number) => ({ accountId, type: 'correction' as AdjustmentType, direction: 'credit' as 'credit' | 'debit', amount: '', reason: '', requestId: crypto.randomUUID() });

/** After a change the page is rendered again by the server, so every panel shows the new state. */
const reloadSoon = () => setTimeout(() => window.location.reload(), 600);

function FormDialog({
  title,
  busy,
  problem,
  confirm,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  problem: string | null;
  confirm: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const problemId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal title={title} onClose={() => !busy && onClose()} className="reason-dialog">
      <form onSubmit={submit} aria-describedby={problem ? problemId : undefined}>
        {children}
        {problem ? (
          <p id={problemId} className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <footer>
          <button type="button" className="outline secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" aria-busy={busy || undefined} disabled={busy}>
            {confirm}
          </button>
        </footer>
      </form>
    </Modal>
  );
}

/** The customer page's actions (docs/back-office.md#customer-actions): standing, plan, a notification, a sign-in link, the chat. */
function CustomerActions({ customerId, name, status, planId, plans, chatHref, adjust }: Props) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [plan, setPlan] = useState(String(planId ?? plans[0]?.id ?? ''));
  const [planReason, setPlanReason] = useState('');
  const [notice, setNotice] = useState({ title: '', message: '', color: 'info' as (typeof notificationColors)[number] });
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [adjustment, setAdjustment] = useState(() => freshAdjustment(adjust?.accounts[0]?.id ?? 0));
  const ids = {
    plan: useId(),
    planReason: useId(),
    title: useId(),
    message: useId(),
    color: useId(),
    link: useId(),
    account: useId(),
    type: useId(),
    direction: useId(),
    amount: useId(),
    adjustReason: useId(),
  };
  const params = { id: customerId };

  const open = (next: Dialog) => {
    setProblem(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  async function changeStatus(to: (typeof userStatuses)[number], reason: string, done: string): Promise<string | null> {
    const note = reason.trim();
    const result = await staffPost(adminApi.changeUserStatus, { params, body: note ? { status: to, reason: note } : { status: to } });
    if (!result.ok) return result.message;
    close();
    showToast({ kind: 'success', title: done, description: `${name} has been told.` });
    reloadSoon();
    return null;
  }

  async function run<T>(send: () => Promise<{ ok: true; data: T } | { ok: false; message: string }>, after: (data: T) => void) {
    setBusy(true);
    setProblem(null);
    const result = await send();
    setBusy(false);
    if (!result.ok) return setProblem(result.message);
    after(result.data);
  }

  return (
    <div className="customer-actions">
      {status === 'pending' ? (
        <button type="button" onClick={() => open('approve')}>
          Approve
        </button>
      ) : null}
      {status === 'active' ? (
        <button type="button" className="outline danger" onClick={() => open('deactivate')}>
          Deactivate
        </button>
      ) : null}
      {status === 'deactivated' ? (
        <button type="button" onClick={() => open('reactivate')}>
          Reactivate
        </button>
      ) : null}
      <button type="button" className="outline secondary" onClick={() => open('plan')}>
        Change plan
      </button>
      <button type="button" className="outline secondary" onClick={() => open('notify')}>
        Send notification
      </button>
      <button
        type="button"
        className="outline secondary"
        onClick={() =>
          void run(
            () => staffPost(adminApi.loginLink, { params }),
            (data) => {
              setLink(data.data);
              open('link');
            },
          )
        }
        disabled={busy}
      >
        Sign-in link
      </button>
      <button type="button" className="outline secondary" onClick={() => open('demo')}>
        Reset Demo
      </button>
      {adjust ? (
        <button
          type="button"
          className="outline secondary"
          onClick={() => {
            setAdjustment(freshAdjustment(adjust.accounts[0]?.id ?? 0));
            open('adjust');
          }}
        >
          Adjust balance
        </button>
      ) : null}
      <a className="outline secondary" role="button" href={chatHref}>
        Open chat
      </a>
      {problem && dialog === null ? (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}

      {dialog === 'approve' || dialog === 'deactivate' || dialog === 'reactivate' ? (
        <ReasonDialog
          title={{ approve: 'Approve customer', deactivate: 'Deactivate customer', reactivate: 'Reactivate customer' }[dialog]}
          label={dialog === 'approve' ? 'Note for the customer' : 'Reason for the customer'}
          required={dialog !== 'approve'}
          confirm={{ approve: 'Approve', deactivate: 'Deactivate', reactivate: 'Reactivate' }[dialog]}
          danger={dialog === 'deactivate'}
          onSubmit={(reason) =>
            changeStatus(dialog === 'deactivate' ? 'deactivated' : 'active', reason, { approve: 'Customer approved', deactivate: 'Customer deactivated', reactivate: 'Customer reactivated' }[dialog])
          }
          onClose={close}
        >
          <p>
            {dialog === 'approve'
              ? `${name} may trade from their next page.`
              : dialog === 'deactivate'
                ? `${name} is signed out everywhere and may not open trades; they can still sign in and close positions.`
                : `${name} may trade again.`}
          </p>
        </ReasonDialog>
      ) : null}

      {dialog === 'plan' ? (
        <FormDialog
          title="Change plan"
          busy={busy}
          problem={problem}
          confirm="Change plan"
          onClose={close}
          onSubmit={() =>
            void run(
              () => staffPost(backOfficeApi.changeCustomerPlan, { params, body: planReason.trim() ? { plan_id: Number(plan), reason: planReason.trim() } : { plan_id: Number(plan) } }),
              (data) => {
                close();
                showToast({ kind: 'success', title: 'Plan', description: data.message });
                if (data.data.changed) reloadSoon();
              },
            )
          }
        >
          <label htmlFor={ids.plan}>Plan</label>
          <select id={ids.plan} value={plan} onChange={(e) => setPlan(e.target.value)}>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} (up to 1:{p.leverage})
              </option>
            ))}
          </select>
          <label htmlFor={ids.planReason}>Reason (optional)</label>
          <textarea id={ids.planReason} rows={2} maxLength={500} value={planReason} onChange={(e) => setPlanReason(e.target.value)} />
          <small>New orders use the plan's leverage within the regulatory caps; open trades keep theirs.</small>
        </FormDialog>
      ) : null}

      {dialog === 'notify' ? (
        <FormDialog
          title="Send notification"
          busy={busy}
          problem={problem}
          confirm="Send"
          onClose={close}
          onSubmit={() =>
            void run(
              () => staffPost(adminApi.notifyCustomer, { params, body: { title: notice.title.trim() || 'Notification', message: notice.message, color: notice.color } }, 'message'),
              () => {
                close();
                setNotice({ title: '', message: '', color: 'info' });
                showToast({ kind: 'success', title: 'Notification sent', description: `${name} sees it at once if online, else on their next visit.` });
              },
            )
          }
        >
          <label htmlFor={ids.title}>Title</label>
          <input id={ids.title} maxLength={120} value={notice.title} placeholder="Notification" onChange={(e) => setNotice({ ...notice, title: e.target.value })} />
          <label htmlFor={ids.message}>Message</label>
          <textarea id={ids.message} rows={4} maxLength={1000} required value={notice.message} onChange={(e) => setNotice({ ...notice, message: e.target.value })} />
          <label htmlFor={ids.color}>Kind</label>
          <select id={ids.color} value={notice.color} onChange={(e) => setNotice({ ...notice, color: e.target.value as typeof notice.color })}>
            {notificationColors.map((c) => (
              <option key={c} value={c}>
                {{ info: 'Information', success: 'Good news', warning: 'Warning', danger: 'Urgent' }[c]}
              </option>
            ))}
          </select>
        </FormDialog>
      ) : null}

      {dialog === 'adjust' && adjust ? (
        <FormDialog
          title="Adjust balance"
          busy={busy}
          problem={problem}
          confirm={adjustment.direction === 'credit' ? 'Credit' : 'Debit'}
          onClose={close}
          onSubmit={() =>
            void run(
              () =>
                staffPost(
                  backOfficeApi.adjustBalance,
                  {
                    params,
                    body: {
                      account_id: adjustment.accountId,
                      type: adjustment.type,
                      direction: adjustment.direction,
                      amount: adjustment.amount.trim(),
                      reason: adjustment.reason,
                      request_id: adjustment.requestId,
                    },
                  },
                  'amount',
                ),
              (data) => {
                close();
                showToast({ kind: 'success', title: 'Balance adjusted', description: data.message });
                reloadSoon();
              },
            )
          }
        >
          <label htmlFor={ids.account}>Account</label>
          <select id={ids.account} value={adjustment.accountId} onChange={(e) => setAdjustment({ ...adjustment, accountId: Number(e.target.value) })}>
            {adjust.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </select>
          <label htmlFor={ids.type}>Type</label>
          <select
            id={ids.type}
            value={adjustment.type}
            onChange={(e) => {
              const type = e.target.value as AdjustmentType;
              setAdjustment({ ...adjustment, type, direction: type === 'chargeback' ? 'debit' : type === 'fee_refund' ? 'credit' : adjustment.direction });
            }}
          >
            {adjustmentTypes.map((t) => (
              <option key={t} value={t} disabled={t === 'bonus' && !adjust.bonusesEnabled}>
                {adjustmentLabels[t]}
                {t === 'bonus' && !adjust.bonusesEnabled ? ' (off in settings)' : ''}
              </option>
            ))}
          </select>
          <label htmlFor={ids.direction}>Direction</label>
          <select
            id={ids.direction}
            value={adjustment.direction}
            disabled={adjustment.type === 'chargeback' || adjustment.type === 'fee_refund'}
            onChange={(e) => setAdjustment({ ...adjustment, direction: e.target.value as 'credit' | 'debit' })}
          >
            <option value="credit">Credit (add)</option>
            <option value="debit">Debit (take)</option>
          </select>
          <label htmlFor={ids.amount}>Amount</label>
          <input id={ids.amount} inputMode="decimal" required value={adjustment.amount} onChange={(e) => setAdjustment({ ...adjustment, amount: e.target.value })} />
          <label htmlFor={ids.adjustReason}>Reason (the customer is told it)</label>
          <textarea id={ids.adjustReason} rows={2} maxLength={500} required value={adjustment.reason} onChange={(e) => setAdjustment({ ...adjustment, reason: e.target.value })} />
        </FormDialog>
      ) : null}

      {dialog === 'demo' ? (
        <FormDialog
          title="Reset Demo account"
          busy={busy}
          problem={problem}
          confirm="Reset Demo"
          onClose={close}
          onSubmit={() =>
            void run(
              () => staffPost(backOfficeApi.resetCustomerDemo, { params }),
              (data) => {
                close();
                showToast({ kind: 'success', title: 'Demo reset', description: data.message });
                reloadSoon();
              },
            )
          }
        >
          <p>{`Closes ${name}'s open Demo trades at market, cancels Demo orders and sets the Demo balance back to its opening amount. The Live account is not touched.`}</p>
        </FormDialog>
      ) : null}

      {dialog === 'link' && link ? (
        <Modal title="Sign-in link" onClose={close} className="reason-dialog">
          <p>
            Signs in as {name} once, until {formatWhen(link.expires_at)}. It is shown only now and its use is audited.
          </p>
          <label htmlFor={ids.link}>Link</label>
          <input id={ids.link} readOnly value={link.url} onFocus={(e) => e.target.select()} />
          <footer>
            <button
              type="button"
              onClick={() =>
                void navigator.clipboard.writeText(link.url).then(
                  () => showToast({ kind: 'success', title: 'Copied', description: 'The sign-in link is on the clipboard.' }),
                  () => showToast({ kind: 'error', title: 'Not copied', description: 'Select the link and copy it by hand.' }),
                )
              }
            >
              Copy
            </button>
            <button type="button" className="outline secondary" onClick={close}>
              Close
            </button>
          </footer>
        </Modal>
      ) : null}
    </div>
  );
}

export default defineIsland({ name: 'customer-actions', component: CustomerActions, props: propsSchema });
