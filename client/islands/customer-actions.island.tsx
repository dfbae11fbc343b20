import '../styles/staff-tables.css';
import './customer-actions.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { userStatuses, notificationColors } from '../../shared/api/user.schema';
import { adminApi } from '../../shared/api/endpoints/admin';
import { adjustmentLabels, adjustmentTypes, type AdjustmentType } from '../../shared/api/back-office.schema';
import { backOfficeApi } from '../../shared/api/endpoints/back-office';
import { Modal } from '../components/modal';
import { ActionDialog } from '../forms/action-dialog';
import { Field, Problem } from '../forms/field';
import { renderRegionsAgain } from '../forms/regions';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { formatWhen } from '../lib/format';
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
type Status = (typeof userStatuses)[number];
type Plan = z.infer<typeof planSchema>;
/** What every action knows: whose page it is; `close` ends its dialog. */
interface ActionProps {
  customerId: number;
  name: string;
  close: () => void;
}

const standingTexts = {
  approve: { title: 'Approve customer', confirm: 'Approve', done: 'Customer approved', to: 'active' },
  deactivate: { title: 'Deactivate customer', confirm: 'Deactivate', done: 'Customer deactivated', to: 'deactivated' },
  reactivate: { title: 'Reactivate customer', confirm: 'Reactivate', done: 'Customer reactivated', to: 'active' },
} as const;
type StandingChange = keyof typeof standingTexts;

/** Approve, deactivate or reactivate, with a note (approve) or a reason the customer is given (the others). */
function StandingDialog({ customerId, name, close, change, changed }: ActionProps & { change: StandingChange; changed: (status: Status) => void }) {
  const texts = standingTexts[change];
  const form = useEndpointForm(adminApi.changeUserStatus, {
    initial: { reason: '' },
    request: ({ reason }) => ({ params: { id: customerId }, body: reason.trim() ? { status: texts.to, reason: reason.trim() } : { status: texts.to } }),
    done: () => ({ kind: 'success', title: texts.done, description: `${name} has been told.` }),
    onDone: ({ data }) => {
      close();
      changed(data?.data.status ?? texts.to);
    },
  });
  const required = change !== 'approve';
  return (
    <ActionDialog title={texts.title} confirm={texts.confirm} danger={change === 'deactivate'} form={form} onClose={close}>
      <p>
        {change === 'approve'
          ? `${name} may trade from their next page.`
          : change === 'deactivate'
            ? `${name} is signed out everywhere and may not open trades; they can still sign in and close positions.`
            : `${name} may trade again.`}
      </p>
      <Field form={form} name="reason" label={`${required ? 'Reason for the customer' : 'Note for the customer'}${required ? ' (required)' : ' (optional)'}`}>
        <textarea rows={3} maxLength={500} required={required} {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

function PlanDialog({ customerId, close, plans, planId, changed }: ActionProps & { plans: Plan[]; planId: number | null; changed: (planId: number) => void }) {
  const form = useEndpointForm(backOfficeApi.changeCustomerPlan, {
    initial: { plan_id: String(planId ?? plans[0]?.id ?? ''), reason: '' },
    request: (v) => ({ params: { id: customerId }, body: v.reason.trim() ? { plan_id: Number(v.plan_id), reason: v.reason.trim() } : { plan_id: Number(v.plan_id) } }),
    done: ({ message }) => ({ kind: 'success', title: 'Plan', description: message ?? '' }),
    onDone: ({ data }) => {
      close();
      if (data?.data.changed) changed(data.data.plan_id);
    },
  });
  return (
    <ActionDialog title="Change plan" confirm="Change plan" form={form} onClose={close}>
      <Field form={form} name="plan_id" label="Plan">
        <select {...form.field('plan_id')}>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title} (up to 1:{p.leverage})
            </option>
          ))}
        </select>
      </Field>
      <Field form={form} name="reason" label="Reason (optional)">
        <textarea rows={2} maxLength={500} {...form.field('reason')} />
      </Field>
      <small>New orders use the plan's leverage within the regulatory caps; open trades keep theirs.</small>
    </ActionDialog>
  );
}

const colorLabels = { info: 'Information', success: 'Good news', warning: 'Warning', danger: 'Urgent' } as const;

function NotifyDialog({ customerId, name, close }: ActionProps) {
  const form = useEndpointForm(adminApi.notifyCustomer, {
    initial: { title: '', message: '', color: 'info' },
    request: (v) => ({ params: { id: customerId }, body: { title: v.title.trim() || 'Notification', message: v.message, color: v.color as (typeof notificationColors)[number] } }),
    done: () => ({ kind: 'success', title: 'Notification sent', description: `${name} sees it at once if online, else on their next visit.` }),
    onDone: close,
  });
  return (
    <ActionDialog title="Send notification" confirm="Send" form={form} onClose={close}>
      <Field form={form} name="title" label="Title" input={{ maxLength: 120, placeholder: 'Notification' }} />
      <Field form={form} name="message" label="Message">
        <textarea rows={4} maxLength={1000} required {...form.field('message')} />
      </Field>
      <Field form={form} name="color" label="Kind">
        <select {...form.field('color')}>
          {notificationColors.map((c) => (
            <option key={c} value={c}>
              {colorLabels[c]}
            </option>
          ))}
        </select>
      </Field>
    </ActionDialog>
  );
}

/** A new adjustment form: a new request id, so the same click sent twice books once and a new adjustment is a new one. */
const freshAdjustment = (accountId: number) => ({
  account_id: String(accountId),
  type: 'correction' as string,
  direction: 'credit' as string,
  amount: '',
  reason: '',
  request_id: crypto.randomUUID(),
});
/** Chargebacks only take, fee refunds only give. */
const fixedDirection = (type: string) => (type === 'chargeback' ? 'debit' : type === 'fee_refund' ? 'credit' : null);

function AdjustDialog({ customerId, close, accounts, bonusesEnabled }: ActionProps & NonNullable<Props['adjust']>) {
  const form = useEndpointForm(backOfficeApi.adjustBalance, {
    initial: () => freshAdjustment(accounts[0]?.id ?? 0),
    request: (v) => ({
      params: { id: customerId },
      body: { account_id: Number(v.account_id), type: v.type as AdjustmentType, direction: v.direction as 'credit' | 'debit', amount: v.amount.trim(), reason: v.reason, request_id: v.request_id },
    }),
    done: ({ message }) => ({ kind: 'success', title: 'Balance adjusted', description: message ?? '' }),
    onDone: () => {
      close();
      void renderRegionsAgain();
    },
  });
  const { values } = form;
  return (
    <ActionDialog title="Adjust balance" confirm={values.direction === 'credit' ? 'Credit' : 'Debit'} form={form} onClose={close}>
      <Field form={form} name="account_id" label="Account">
        <select {...form.field('account_id')}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      </Field>
      <Field form={form} name="type" label="Type">
        <select {...form.field('type')} onChange={(e) => form.set({ type: e.target.value, direction: fixedDirection(e.target.value) ?? values.direction })}>
          {adjustmentTypes.map((t) => (
            <option key={t} value={t} disabled={t === 'bonus' && !bonusesEnabled}>
              {adjustmentLabels[t]}
              {t === 'bonus' && !bonusesEnabled ? ' (off in settings)' : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field form={form} name="direction" label="Direction">
        <select {...form.field('direction')} disabled={fixedDirection(values.type) !== null}>
          <option value="credit">Credit (add)</option>
          <option value="debit">Debit (take)</option>
        </select>
      </Field>
      <Field form={form} name="amount" label="Amount" input={{ inputMode: 'decimal', required: true }} />
      <Field form={form} name="reason" label="Reason (the customer is told it)">
        <textarea rows={2} maxLength={500} required {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

function DemoResetDialog({ customerId, name, close }: ActionProps) {
  const form = useEndpointForm(backOfficeApi.resetCustomerDemo, {
    initial: {},
    request: () => ({ params: { id: customerId } }),
    done: ({ message }) => ({ kind: 'success', title: 'Demo reset', description: message ?? '' }),
    onDone: () => {
      close();
      void renderRegionsAgain();
    },
  });
  return (
    <ActionDialog title="Reset Demo account" confirm="Reset Demo" form={form} onClose={close}>
      <p>{`Closes ${name}'s open Demo trades at market, cancels Demo orders and sets the Demo balance back to its opening amount. The Live account is not touched.`}</p>
    </ActionDialog>
  );
}

/** A one-time sign-in link: made on the click, shown once in a dialog to copy. */
function SignInLink({ customerId, name }: { customerId: number; name: string }) {
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const form = useEndpointForm(adminApi.loginLink, { initial: {}, request: () => ({ params: { id: customerId } }), onDone: ({ data }) => setLink(data?.data ?? null) });
  const copy = (url: string) =>
    void navigator.clipboard.writeText(url).then(
      () => showToast({ kind: 'success', title: 'Copied', description: 'The sign-in link is on the clipboard.' }),
      () => showToast({ kind: 'error', title: 'Not copied', description: 'Select the link and copy it by hand.' }),
    );
  return (
    <>
      <button type="button" className="outline secondary" onClick={() => form.submit()} disabled={form.busy}>
        Sign-in link
      </button>
      <Problem form={form} />
      {link ? (
        <Modal title="Sign-in link" onClose={() => setLink(null)} className="reason-dialog">
          <p>
            Signs in as {name} once, until {formatWhen(link.expires_at)}. It is shown only now and its use is audited.
          </p>
          <label htmlFor={form.idOf('link')}>Link</label>
          <input id={form.idOf('link')} readOnly value={link.url} onFocus={(e) => e.target.select()} />
          <footer>
            <button type="button" onClick={() => copy(link.url)}>
              Copy
            </button>
            <button type="button" className="outline secondary" onClick={() => setLink(null)}>
              Close
            </button>
          </footer>
        </Modal>
      ) : null}
    </>
  );
}

type Dialog = StandingChange | 'plan' | 'notify' | 'adjust' | 'demo' | null;

/** The customer page's actions (docs/back-office.md#customer-actions): standing, plan, a notification, a sign-in link, the chat. */
function CustomerActions({ customerId, name, status: firstStatus, planId: firstPlan, plans, chatHref, adjust }: Props) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [status, setStatus] = useState(firstStatus);
  const [planId, setPlanId] = useState(firstPlan);
  const action = { customerId, name, close: () => setDialog(null) };
  const open = (next: Dialog) => () => setDialog(next);
  // What changed is shown by the island at once and by the page's panels as the server renders them again.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      void renderRegionsAgain();
    };
  return (
    <div className="customer-actions">
      {status === 'pending' ? (
        <button type="button" onClick={open('approve')}>
          Approve
        </button>
      ) : null}
      {status === 'active' ? (
        <button type="button" className="outline danger" onClick={open('deactivate')}>
          Deactivate
        </button>
      ) : null}
      {status === 'deactivated' ? (
        <button type="button" onClick={open('reactivate')}>
          Reactivate
        </button>
      ) : null}
      <button type="button" className="outline secondary" onClick={open('plan')}>
        Change plan
      </button>
      <button type="button" className="outline secondary" onClick={open('notify')}>
        Send notification
      </button>
      <SignInLink customerId={customerId} name={name} />
      <button type="button" className="outline secondary" onClick={open('demo')}>
        Reset Demo
      </button>
      {adjust ? (
        <button type="button" className="outline secondary" onClick={open('adjust')}>
          Adjust balance
        </button>
      ) : null}
      <a className="outline secondary" role="button" href={chatHref}>
        Open chat
      </a>
      {dialog === 'approve' || dialog === 'deactivate' || dialog === 'reactivate' ? <StandingDialog {...action} change={dialog} changed={changed(setStatus)} /> : null}
      {dialog === 'plan' ? <PlanDialog {...action} plans={plans} planId={planId} changed={changed(setPlanId)} /> : null}
      {dialog === 'notify' ? <NotifyDialog {...action} /> : null}
      {dialog === 'adjust' && adjust ? <AdjustDialog {...action} {...adjust} /> : null}
      {dialog === 'demo' ? <DemoResetDialog {...action} /> : null}
    </div>
  );
}

export default defineIsland({ name: 'customer-actions', component: CustomerActions, props: propsSchema });
