import './plans-subscribe.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { plansApi } from '../../shared/api/endpoints/plans';
import { planMoves, planTexts as texts } from '../../shared/api/plans.schema';
import { Modal } from '../components/modal';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const propsSchema = z.object({
  planId: z.number(),
  title: z.string(),
  leverage: z.number(),
  /** How the customer moves to it. */
  move: z.enum(planMoves),
  /** What the confirmation names as the price: "49.00 USD", "free", "no charge: reviewed by our staff". */
  priceLabel: z.string(),
  /** What the move is, said plainly (the charge, or the review). */
  moveText: z.string(),
  /** The button's label ("Upgrade", "Upgrade Plan", "Switch Plan", "Request Plan"). */
  label: z.string(),
  /** The highest regulatory cap of any instrument: the risk is stated at the leverage that can really apply. */
  regulatoryCap: z.number(),
});
type Props = z.infer<typeof propsSchema>;

/**
 * A plan's Upgrade button and its "Confirm Plan Subscription" dialog (
 * docs/customer-area.md#plans): the price and what it is, and the leverage risk, before
 * `POST /plans/subscribe`. The page is read again afterwards (the plan, the balance, a pending request).
 */
function PlansSubscribe({ planId, title, leverage, priceLabel, moveText, label, regulatoryCap }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function subscribe() {
    setBusy(true);
    const result = await call(plansApi.subscribePlan, { body: { plan_id: planId } });
    if (result.ok) {
      setOpen(false);
      showToast({ kind: 'success', title: result.data.message || texts.subscribed });
      window.setTimeout(() => window.location.reload(), 1200);
      return;
    }
    setBusy(false);
    showToast({ kind: 'error', title: texts.failed, description: result.message ?? undefined });
  }

  return (
    <>
      <button type="button" className="plan-action" onClick={() => setOpen(true)} aria-label={`${label}: ${title}`}>
        {label}
      </button>
      {open ? (
        <Modal title={texts.confirmTitle} onClose={() => !busy && setOpen(false)} className="plan-confirm">
          <p>{texts.confirm(title, priceLabel)}</p>
          <p className="plan-confirm-move">{moveText}</p>
          <p className="plan-confirm-risk" role="note">
            {texts.risk(Math.min(leverage, regulatoryCap))}
          </p>
          <footer>
            <button type="button" className="secondary" disabled={busy} onClick={() => setOpen(false)}>
              {texts.cancel}
            </button>
            <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void subscribe()}>
              {busy ? texts.subscribing : texts.confirmButton}
            </button>
          </footer>
        </Modal>
      ) : null}
    </>
  );
}

export default defineIsland({ name: 'plans-subscribe', component: PlansSubscribe, props: propsSchema });
