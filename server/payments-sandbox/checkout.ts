import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CardSummary } from './cards';
import { newId, type SandboxEvent } from './events';

/**
 * The sandbox's checkout sessions, payments and refunds. They live in this process's memory only: a
 * sandbox forgets everything when it stops, as a provider's test mode may, and knows nothing of the
 * merchant's database.
 */

export type SessionStatus = 'open' | 'paid' | 'failed' | 'expired';

export interface CheckoutSessionRecord {
  readonly id: string;
  /** Minor units of `currency` (lower case ISO 4217). */
  readonly amount: number;
  readonly currency: string;
  readonly reference: string;
  readonly description: string;
  readonly customerEmail: string | null;
  readonly successUrl: string;
  readonly cancelUrl: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The hosted form's CSRF token: a post must carry it. */
  readonly formToken: string;
  status: SessionStatus;
  /** Set once a card was tried: its brand and last four digits, never more. */
  card: CardSummary | null;
  /** A 3-D Secure card waits for the customer to complete (or fail) the challenge. */
  awaitingAuthentication: boolean;
  paymentId: string | null;
  failureReason: string | null;
}

export interface PaymentRecord {
  readonly id: string;
  readonly sessionId: string;
  readonly amount: number;
  readonly currency: string;
  readonly card: CardSummary;
  refunded: number;
}

export interface RefundRecord {
  readonly id: string;
  readonly paymentId: string;
  readonly amount: number;
  readonly idempotencyKey: string;
  readonly status: 'succeeded';
}

export type NewCheckoutSession = Pick<CheckoutSessionRecord, 'amount' | 'currency' | 'reference' | 'description' | 'customerEmail' | 'successUrl' | 'cancelUrl'>;

/** A request the API refuses, with the status and message it answers. */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const expiredReason = 'The checkout session expired before it was paid.';

export class SandboxCheckout {
  private readonly sessions = new Map<string, CheckoutSessionRecord>();
  private readonly payments = new Map<string, PaymentRecord>();
  private readonly refundsByKey = new Map<string, RefundRecord>();

  constructor(private readonly options: { sessionTtlMs: number; emit: (event: SandboxEvent) => void; now?: () => number }) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  open(input: NewCheckoutSession): CheckoutSessionRecord {
    const createdAt = this.now();
    const session: CheckoutSessionRecord = {
      ...input,
      id: newId('cs'),
      createdAt,
      expiresAt: createdAt + this.options.sessionTtlMs,
      formToken: randomBytes(24).toString('base64url'),
      status: 'open',
      card: null,
      awaitingAuthentication: false,
      paymentId: null,
      failureReason: null,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session, expired first if its time is up. */
  find(id: string): CheckoutSessionRecord | undefined {
    const session = this.sessions.get(id);
    if (session) this.expireIfDue(session);
    return session;
  }

  formTokenMatches(session: CheckoutSessionRecord, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const given = Buffer.from(token);
    const expected = Buffer.from(session.formToken);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Ends every open session whose time is up (each sends its payment.failed). */
  expireDue(): void {
    for (const session of this.sessions.values()) this.expireIfDue(session);
  }

  succeed(session: CheckoutSessionRecord, card: CardSummary): PaymentRecord {
    this.assertOpen(session);
    const payment: PaymentRecord = { id: newId('pi'), sessionId: session.id, amount: session.amount, currency: session.currency, card, refunded: 0 };
    this.payments.set(payment.id, payment);
    Object.assign(session, { status: 'paid', card, awaitingAuthentication: false, paymentId: payment.id });
    this.emit(session, 'payment.succeeded');
    return payment;
  }

  /** A decline (or a failed authentication) ends the session: a new attempt needs a new checkout. */
  fail(session: CheckoutSessionRecord, reason: string, card: CardSummary | null = session.card): void {
    this.assertOpen(session);
    Object.assign(session, { status: 'failed', card, awaitingAuthentication: false, failureReason: reason });
    this.emit(session, 'payment.failed');
  }

  awaitAuthentication(session: CheckoutSessionRecord, card: CardSummary): void {
    this.assertOpen(session);
    Object.assign(session, { card, awaitingAuthentication: true });
  }

  payment(id: string): PaymentRecord | undefined {
    return this.payments.get(id);
  }

  /** Refunds part or all of what is left of a payment; the same idempotency key answers the same refund and never refunds twice. */
  refund({ paymentId, amount, idempotencyKey, currency }: { paymentId: string; amount: number; idempotencyKey: string; currency?: string }): RefundRecord {
    const earlier = this.refundsByKey.get(idempotencyKey);
    if (earlier) {
      if (earlier.paymentId !== paymentId || earlier.amount !== amount) throw new RequestRefused(400, 'This idempotency_key was used for a different refund.');
      return earlier;
    }
    const payment = this.payments.get(paymentId);
    if (!payment) throw new RequestRefused(404, `No payment ${paymentId}.`);
    if (currency !== undefined && currency !== payment.currency) throw new RequestRefused(400, `The payment was in ${payment.currency}, not ${currency}.`);
    const left = payment.amount - payment.refunded;
    if (amount > left) throw new RequestRefused(400, `The refund (${amount}) is more than is left to refund on this payment (${left}).`);
    payment.refunded += amount;
    const refund: RefundRecord = { id: newId('re'), paymentId, amount, idempotencyKey, status: 'succeeded' };
    this.refundsByKey.set(idempotencyKey, refund);
    return refund;
  }

  private expireIfDue(session: CheckoutSessionRecord): void {
    if (session.status !== 'open' || this.now() < session.expiresAt) return;
    Object.assign(session, { status: 'expired', awaitingAuthentication: false, failureReason: expiredReason });
    this.emit(session, 'payment.failed');
  }

  private assertOpen(session: CheckoutSessionRecord): void {
    if (session.status !== 'open') throw new RequestRefused(409, `The checkout session is ${session.status}.`);
  }

  private emit(session: CheckoutSessionRecord, type: SandboxEvent['type']): void {
    this.options.emit({
      id: newId('evt'),
      type,
      created: Math.floor(this.now() / 1000),
      data: {
        session_id: session.id,
        ...(session.paymentId ? { payment_id: session.paymentId } : {}),
        reference: session.reference,
        amount: session.amount,
        currency: session.currency,
        ...(type === 'payment.failed' && session.failureReason ? { reason: session.failureReason } : {}),
      },
    });
  }
}
