import express, { Router } from 'express';
import { countWebhookFailure } from '../../metrics';
import { mailCustomerLater } from '../users/preferences';
import { announceFunding } from './funding-events';
import type { ApiDeps } from '../deps';
import { handlePaymentEvent } from '../funding/card-deposits';
import { WebhookRejected } from '../funding/payments/provider';

/** Where the provider posts its events (docs/funding.md#card-deposits): public, its signature over the raw body is the only credential. */
export const paymentWebhookPath = '/payments/webhook/:provider';

/**
 * Mounted before the JSON body parser: the signature covers the bytes as sent, which a re-serialised body
 * would not reproduce. A bad signature answers 400 and changes nothing; a good event answers 200 whether
 * it was new or a replay, so the provider stops retrying.
 */
export function paymentWebhookRoutes(deps: Omit<ApiDeps, 'signIns' | 'referenceData'>): Router {
  const router = Router();
  router.post(paymentWebhookPath, express.raw({ type: () => true, limit: '256kb' }), async (req, res) => {
    const { payments } = deps;
    if (req.params.provider !== payments.name) return void res.status(404).json({ message: 'No such payment provider here.' });
    let event;
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
      outcome = await handlePaymentEvent(deps.database.db, payments.name, event, req.log ?? deps.logger);
    } catch (error) {
      // Answered 5xx by the error handler: the provider retries, and an operator should know it keeps failing.
      countWebhookFailure(payments.name, 'failed');
      throw error;
    }
    const { deposit, notice } = outcome;
    if (deposit && (outcome.handled === 'credited' || outcome.handled === 'failed')) {
      announceFunding(deps.bus, { userId: deposit.userId, accountId: outcome.handled === 'credited' ? deposit.accountId : undefined, notice });
      mailCustomerLater(deps, deposit.userId, 'funding', notice);
    }
    res.json({ received: true, handled: outcome.handled });
  });
  return router;
}
