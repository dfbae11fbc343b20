import express, { Router } from 'express';
import { countWebhookFailure } from '../../metrics';
import { mailCustomerLater } from '../users/preferences';
import { announceFunding } from '../funding/announce';
import type { ApiDeps } from '../deps';
import { DomainError } from '../errors';
import { handlePaymentEvent } from '../funding/card-deposits';
import { eventText } from '../funding/payments/event-fields';
import { WebhookRejected, type PaymentEvent } from '../funding/payments/provider';
import { ApiError } from './errors';
import { refuseUnstorable } from './validate';

/** Where the provider posts its events (docs/funding.md#card-deposits): public, its signature over the raw body is the only credential. */
export const paymentWebhookPath = '/payments/webhook/:provider';

/**
 * Mounted before the JSON body parser (and so before the text guard every other route passes): the signature
 * covers the bytes as sent, which a re-serialised body would not reproduce. A bad signature or a body that is
 * no event answers 400 and changes nothing. A verified event then passes the same text guard as every route,
 * and its ids their provider's shape: otherwise 422 naming the field, before anything is stored
 * (docs/funding.md#money-from-outside). A good event answers 200 whether it was new or a replay, so the
 * provider stops retrying; only our own failure answers 5xx, which it retries.
 */
export function paymentWebhookRoutes(deps: Omit<ApiDeps, 'signIns' | 'referenceData'>): Router {
  const router = Router();
  router.post(paymentWebhookPath, express.raw({ type: () => true, limit: '256kb' }), async (req, res) => {
    const { payments } = deps;
    if (req.params.provider !== payments.name) return void res.status(404).json({ message: 'No such payment provider here.' });
    let event: PaymentEvent;
    try {
      event = payments.verifyWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.headers);
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      countWebhookFailure(payments.name, 'refused');
      req.log?.warn({ reason: error.message }, 'payment webhook refused');
      return void res.status(400).json({ message: `Webhook refused: ${error.message}` });
    }
    let outcome;
    try {
      refuseUnstorable(eventText(event));
      outcome = await handlePaymentEvent(deps.database.db, payments.name, event, req.log ?? deps.logger);
    } catch (error) {
      // A refusal (422) is the event's own: the provider's retries get the same answer, and change nothing.
      const refused = error instanceof ApiError || error instanceof DomainError;
      countWebhookFailure(payments.name, refused ? 'refused' : 'failed');
      if (refused) req.log?.warn({ reason: error.message, eventId: JSON.stringify(event.eventId.slice(0, 80)) }, 'payment webhook event refused');
      // Otherwise answered 5xx by the error handler: the provider retries, and an operator should know it keeps failing.
      throw error;
    }
    const { deposit, notice } = outcome;
    if (deposit && (outcome.handled === 'credited' || outcome.handled === 'failed' || outcome.handled === 'held')) {
      announceFunding(deps.bus, { userId: deposit.userId, accountId: outcome.handled === 'credited' ? deposit.accountId : undefined, notice });
      mailCustomerLater(deps, deposit.userId, 'funding', notice);
    }
    res.json({ received: true, handled: outcome.handled });
  });
  return router;
}
