import Stripe from 'stripe';
import { fromMinorUnits, toMinorUnits } from './minor-units';
import { ProviderError, WebhookRejected, type CheckoutSession, type PaymentEvent, type PaymentProvider } from './provider';
import { depositIdFrom, singleHeader } from './event-fields';

/** The parts of the `stripe` client the driver uses: what a test stubs. */
export interface StripeClient {
  checkout: { sessions: { create(params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string; url: string | null }> } };
  refunds: { create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }> };
  webhooks: { constructEvent(payload: string | Buffer, header: string, secret: string): Stripe.Event };
}

/** Stripe replaces this in the success URL with the session's id; it must stay unencoded. */
const sessionIdPlaceholder = 'session_id={CHECKOUT_SESSION_ID}';

function withSessionId(successUrl: string): string {
  const hashAt = successUrl.indexOf('#');
  const [url, hash] = hashAt === -1 ? [successUrl, ''] : [successUrl.slice(0, hashAt), successUrl.slice(hashAt)];
  return `${url}${url.includes('?') ? '&' : '?'}${sessionIdPlaceholder}${hash}`;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Stripe refused (a card or request error): nothing was done. No answer or its own failure: the outcome is unknown.
    const definite =
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      (error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500);
    throw new ProviderError(error instanceof Stripe.errors.StripeError ? `Stripe: ${error.message}` : `Stripe could not ${what}: ${messageOf(error)}`, definite);
  }
}

/** The event's Checkout Session, or a refusal when the signed body holds none (Stripe never sends that; a malformed body is not read further). */
function sessionOf(event: Stripe.Event): Stripe.Checkout.Session {
  const object = (event.data as { object?: unknown } | undefined)?.object;
  if (typeof object !== 'object' || object === null || typeof (object as { id?: unknown }).id !== 'string') throw new WebhookRejected(`The ${event.type} event ${event.id} holds no checkout session.`);
  return object as Stripe.Checkout.Session;
}

/** Maps a verified Checkout Session event to ours; a session without our deposit id (another product's) is ignored. */
function sessionEvent(event: Stripe.Event, session: Stripe.Checkout.Session, outcome: 'succeeded' | 'failed'): PaymentEvent {
  const metadata = typeof session.metadata === 'object' && session.metadata !== null ? session.metadata : undefined;
  const depositId = depositIdFrom(session.client_reference_id ?? metadata?.deposit_id);
  if (depositId === undefined) return { kind: 'ignored', eventId: event.id, type: event.type };
  if (outcome === 'failed') {
    const reason = event.type === 'checkout.session.expired' ? 'The checkout session expired before it was paid.' : 'The payment failed.';
    return { kind: 'payment.failed', eventId: event.id, sessionId: session.id, depositId, reason };
  }
  const paymentId = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const amount: unknown = session.amount_total;
  const currency: unknown = session.currency;
  // Whole minor units a number carries exactly, and an ISO 4217 code: anything else is no amount we can read.
  if (typeof paymentId !== 'string' || typeof amount !== 'number' || !Number.isSafeInteger(amount) || typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency)) {
    throw new WebhookRejected(`The ${event.type} event ${event.id} lacks its payment intent, amount or currency.`);
  }
  return {
    kind: 'payment.succeeded',
    eventId: event.id,
    sessionId: session.id,
    paymentId,
    depositId,
    amount: fromMinorUnits(amount, currency),
    currency: currency.toUpperCase(),
  };
}

export function stripeProvider({
  secretKey,
  webhookSecret,
  stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 }),
}: {
  secretKey: string;
  webhookSecret: string;
  stripe?: StripeClient;
}): PaymentProvider {
  return {
    name: 'stripe',

    async createCheckout(request): Promise<CheckoutSession> {
      const depositId = String(request.depositId);
      const unitAmount = toMinorUnits(request.amount, request.currency);
      const session = await calling('open a checkout', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: unitAmount, product_data: { name: request.description } } }],
            client_reference_id: depositId,
            metadata: { deposit_id: depositId },
            payment_intent_data: { metadata: { deposit_id: depositId } },
            customer_email: request.customerEmail,
            success_url: withSessionId(request.successUrl),
            cancel_url: request.cancelUrl,
          },
          // A retry of the same deposit (a timeout, a double click) gets the same session, never a second one.
          { idempotencyKey: `deposit-${depositId}` },
        ),
      );
      if (!session.url) throw new ProviderError(`Stripe opened checkout session ${session.id} without a hosted page URL.`);
      return { sessionId: session.id, url: session.url };
    },

    verifyWebhook(rawBody, headers): PaymentEvent {
      const header = singleHeader(headers, 'stripe-signature');
      if (!header) throw new WebhookRejected('No (or more than one) Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, header, webhookSecret);
      } catch (error) {
        throw new WebhookRejected(`Stripe's signature does not verify: ${messageOf(error)}`);
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw new WebhookRejected('The Stripe event has no id or type.');
      switch (event.type) {
        case 'checkout.session.completed': {
          // Paid by card: settled now. Unpaid: a delayed method (a bank debit) whose async_payment_* event follows.
          const session = sessionOf(event);
          return session.payment_status === 'paid' ? sessionEvent(event, session, 'succeeded') : { kind: 'ignored', eventId: event.id, type: event.type };
        }
        case 'checkout.session.async_payment_succeeded':
          return sessionEvent(event, sessionOf(event), 'succeeded');
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return sessionEvent(event, sessionOf(event), 'failed');
        default:
          return { kind: 'ignored', eventId: event.id, type: event.type };
      }
    },

    async refund(request) {
      const amount = toMinorUnits(request.amount, request.currency);
      const refund = await calling('refund', () => stripe.refunds.create({ payment_intent: request.paymentId, amount }, { idempotencyKey: request.idempotencyKey }));
      return { refundId: refund.id };
    },
  };
}
