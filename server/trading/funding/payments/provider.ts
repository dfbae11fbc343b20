/**
 * A card payment provider (docs/funding.md#card-deposits). Card data never reaches our servers: a deposit
 * opens a checkout session on the provider's hosted page, and only a webhook the provider signed credits it.
 * Amounts travel as decimal strings in major units (`"500.00"`); each driver converts to the provider's own
 * minor units.
 */

export interface CheckoutRequest {
  /** Our deposit row: the provider echoes it back in its events (`reference`). */
  depositId: number;
  amount: string;
  /** ISO 4217, upper case: the account's currency. */
  currency: string;
  customerEmail: string;
  /** Shown on the hosted page, e.g. "Deposit to account 100234". */
  description: string;
  /** Where the provider sends the browser after a payment, and when the customer gives up. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id of the session (our deposit keeps it). */
  sessionId: string;
  /** The hosted page to send the browser to. */
  url: string;
}

/** What a verified webhook says, in our terms. */
export type PaymentEvent =
  | {
      kind: 'payment.succeeded';
      /** The provider's event id: the idempotency key (one credit per event, and one per deposit). */
      eventId: string;
      sessionId: string;
      /** The provider's payment id, which a refund names. */
      paymentId: string;
      depositId: number;
      /** What the provider took, in major units, and in which currency. */
      amount: string;
      currency: string;
    }
  | { kind: 'payment.failed'; eventId: string; sessionId: string; depositId: number; reason: string }
  /** A well-signed event we have no use for (the provider sends many kinds). */
  | { kind: 'ignored'; eventId: string; type: string };

export interface RefundRequest {
  paymentId: string;
  amount: string;
  currency: string;
  /** The same key twice refunds once (our withdrawal's id). */
  idempotencyKey: string;
}

/** Thrown by `verifyWebhook` when the signature, its age or the body is not what the provider would send. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

/** Thrown when the provider refuses or cannot be reached; the message can be shown to staff. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  /**
   * True when the provider answered and refused (nothing was done); false when the outcome is unknown (no
   * answer, a timeout, a server error), so a refund may have gone through and must be retried, never undone.
   */
  constructor(
    message: string,
    readonly definite = true,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Checks the signature over the raw body (never a re-serialised one) and reads the event; throws WebhookRejected. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  /** Returns the provider's refund id; throws ProviderError. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}
