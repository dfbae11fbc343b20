import './plans-subscribe.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { plansApi } from '../../shared/api/endpoints/plans';
import { planMoves, planTexts as texts } from '../../shared/api/plans.schema';
import { ActionDialog } from '../forms/action-dialog';
import { renderRegionsAgain } from '../forms/regions';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { defineIsland } from '../runtime/define-island';

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

/** "Confirm Plan Subscription": the price and what it is, and the leverage risk, before `POST /plans/subscribe`. */
function SubscribeDialog({ planId, title, leverage, priceLabel, moveText, regulatoryCap, close }: Props & { close: () => void }) {
  const form = useEndpointForm(plansApi.subscribePlan, {
    initial: {},
    request: () => ({ body: { plan_id: planId } }),
    done: ({ message }) => ({ kind: 'success', title: message || texts.subscribed }),
    failureTitle: texts.failed,
    onDone: () => {
      close();
      // The plan, the balance and any request waiting are the page's, rendered again by the server.
      void renderRegionsAgain();
    },
  });
  return (
    <ActionDialog title={texts.confirmTitle} confirm={form.busy ? texts.subscribing : texts.confirmButton} cancel={texts.cancel} form={form} onClose={close} className="plan-confirm">
      <p>{texts.confirm(title, priceLabel)}</p>
      <p className="plan-confirm-move">{moveText}</p>
      <p className="plan-confirm-risk" role="note">
        {texts.risk(Math.min(leverage, regulatoryCap))}
      </p>
    </ActionDialog>
  );
}

/** A plan's Upgrade button and its confirmation (docs/customer-area.md#plans). */
function PlansSubscribe(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="plan-action" onClick={() => setOpen(true)} aria-label={`${props.label}: ${props.title}`}>
        {props.label}
      </button>
      {open ? <SubscribeDialog {...props} close={() => setOpen(false)} /> : null}
    </>
  );
}

export default defineIsland({ name: 'plans-subscribe', component: PlansSubscribe, props: propsSchema });
