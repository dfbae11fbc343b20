import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { ProviderError, WebhookRejected, type CheckoutRequest } from '../../../server/trading/funding/payments/provider';
import { stripeProvider, type StripeClient } from '../../../server/trading/funding/payments/stripe-driver';

/** Offline: events are signed here with Stripe's own test helper, and the API calls go to a stub. */
const secret = 'whsec_testsecret123';
const webhooks = new Stripe('sk_test_offline').webhooks;

function stubbedStripe(overrides: Partial<{ createSession: StripeClient['checkout']['sessions']['create']; createRefund: StripeClient['refunds']['create'] }> = {}) {
  const createSession = vi.fn(overrides.createSession ?? (async () => ({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' })));
  const createRefund = vi.fn(overrides.createRefund ?? (async () => ({ id: 're_1' })));
  const stripe: StripeClient = { checkout: { sessions: { create: createSession } }, refunds: { create: createRefund }, webhooks };
  return { provider: stripeProvider({ secretKey: 'sk_test_offline', webhookSecret: secret, stripe }), createSession, createRefund };
}

const session = (fields: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  mode: 'payment',
  client_reference_id: '42',
  metadata: { deposit_id: '42' },
  payment_intent: 'pi_123',
  payment_status: 'paid',
  amount_total: 50000,
  currency: 'usd',
  ...fields,
});

function delivery(type: string, object: Record<string, unknown>, signWith = secret) {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', api_version: '2025-01-01', created: 1_700_000_000, livemode: false, type, data: { object } });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': webhooks.generateTestHeaderString({ payload, secret: signWith }) } };
}

const request: CheckoutRequest = {
  depositId: 42,
  amount: '500.00',
  currency: 'USD',
  customerEmail: 'ada@example.com',
  description: 'Deposit to account 100234',
  successUrl: 'https://trade.example.com/funding/card/done?deposit=42',
  cancelUrl: 'https://trade.example.com/funding',
};

describe('the Stripe driver', () => {
  it('when a checkout opens, then Stripe gets one line item in minor units, our deposit id three ways and the deposit as the idempotency key', async () => {
    const { provider, createSession } = stubbedStripe();
    expect(await provider.createCheckout(request)).toEqual({ sessionId: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(createSession).toHaveBeenCalledWith(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 50000, product_data: { name: 'Deposit to account 100234' } } }],
        client_reference_id: '42',
        metadata: { deposit_id: '42' },
        payment_intent_data: { metadata: { deposit_id: '42' } },
        customer_email: 'ada@example.com',
        success_url: 'https://trade.example.com/funding/card/done?deposit=42&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://trade.example.com/funding',
      },
      { idempotencyKey: 'deposit-42' },
    );
  });

  it('when the currency has no decimals, then the amount is sent as it is', async () => {
    const { provider, createSession } = stubbedStripe();
    await provider.createCheckout({ ...request, amount: '5000', currency: 'JPY', successUrl: 'https://trade.example.com/done' });
    const [params] = createSession.mock.calls[0]!;
    expect(params.line_items?.[0]?.price_data).toMatchObject({ currency: 'jpy', unit_amount: 5000 });
    expect(params.success_url).toBe('https://trade.example.com/done?session_id={CHECKOUT_SESSION_ID}');
  });

  it('when Stripe refuses, or the amount does not fit the currency, then a ProviderError says why', async () => {
    const { provider } = stubbedStripe({
      createSession: async () => {
        throw new Stripe.errors.StripeInvalidRequestError({ message: 'Amount must be at least $0.50 usd', type: 'invalid_request_error' });
      },
    });
    await expect(provider.createCheckout(request)).rejects.toThrow(new ProviderError('Stripe: Amount must be at least $0.50 usd'));
    await expect(provider.createCheckout({ ...request, amount: '10.001' })).rejects.toThrow(ProviderError);
  });

  it('when a refund is asked, then it names the payment intent, the minor units and our idempotency key', async () => {
    const { provider, createRefund } = stubbedStripe();
    expect(await provider.refund({ paymentId: 'pi_123', amount: '120.50', currency: 'EUR', idempotencyKey: 'withdrawal-7' })).toEqual({ refundId: 're_1' });
    expect(createRefund).toHaveBeenCalledWith({ payment_intent: 'pi_123', amount: 12050 }, { idempotencyKey: 'withdrawal-7' });
  });

  it('when a refund fails, then the error is a ProviderError', async () => {
    const { provider } = stubbedStripe({
      createRefund: async () => {
        throw new Stripe.errors.StripeInvalidRequestError({ message: 'Refund amount ($600.00) is greater than charge amount ($500.00)', type: 'invalid_request_error' });
      },
    });
    await expect(provider.refund({ paymentId: 'pi_123', amount: '600', currency: 'USD', idempotencyKey: 'w-1' })).rejects.toThrow(/greater than charge amount/);
    await expect(provider.refund({ paymentId: 'pi_123', amount: '600', currency: 'USD', idempotencyKey: 'w-1' })).rejects.toMatchObject({ definite: true });
  });

  it('when Stripe cannot be reached, then the refund’s outcome is unknown (not a refusal)', async () => {
    const { provider } = stubbedStripe({
      createRefund: async () => {
        throw new Stripe.errors.StripeConnectionError({ message: 'Request timed out', type: 'api_error' });
      },
    });
    await expect(provider.refund({ paymentId: 'pi_123', amount: '60', currency: 'USD', idempotencyKey: 'w-2' })).rejects.toMatchObject({ name: 'ProviderError', definite: false });
  });

  it('when a paid checkout completes, or a delayed payment succeeds, then it is payment.succeeded with the payment intent and the amount in major units', () => {
    const { provider } = stubbedStripe();
    const succeeded = { kind: 'payment.succeeded', eventId: 'evt_1', sessionId: 'cs_test_1', paymentId: 'pi_123', depositId: 42, amount: '500.00', currency: 'USD' };
    const completed = delivery('checkout.session.completed', session());
    expect(provider.verifyWebhook(completed.body, completed.headers)).toEqual(succeeded);
    const asyncSucceeded = delivery('checkout.session.async_payment_succeeded', session({ payment_intent: { id: 'pi_123', object: 'payment_intent' } }));
    expect(provider.verifyWebhook(asyncSucceeded.body, asyncSucceeded.headers)).toEqual(succeeded);
    const yen = delivery('checkout.session.completed', session({ amount_total: 5000, currency: 'jpy' }));
    expect(provider.verifyWebhook(yen.body, yen.headers)).toMatchObject({ amount: '5000', currency: 'JPY' });
  });

  it('when a delayed payment fails or the session expires, then it is payment.failed', () => {
    const { provider } = stubbedStripe();
    const failed = delivery('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' }));
    expect(provider.verifyWebhook(failed.body, failed.headers)).toEqual({ kind: 'payment.failed', eventId: 'evt_1', sessionId: 'cs_test_1', depositId: 42, reason: 'The payment failed.' });
    const expired = delivery('checkout.session.expired', session({ payment_status: 'unpaid', payment_intent: null, client_reference_id: null }));
    expect(provider.verifyWebhook(expired.body, expired.headers)).toMatchObject({ kind: 'payment.failed', depositId: 42, reason: expect.stringMatching(/expired/) });
  });

  it('when a checkout completes unpaid, another kind of event arrives, or the session is not one of ours, then it is ignored', () => {
    const { provider } = stubbedStripe();
    const unpaid = delivery('checkout.session.completed', session({ payment_status: 'unpaid' }));
    expect(provider.verifyWebhook(unpaid.body, unpaid.headers)).toEqual({ kind: 'ignored', eventId: 'evt_1', type: 'checkout.session.completed' });
    const other = delivery('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent' });
    expect(provider.verifyWebhook(other.body, other.headers)).toEqual({ kind: 'ignored', eventId: 'evt_1', type: 'payment_intent.succeeded' });
    const notOurs = delivery('checkout.session.completed', session({ client_reference_id: null, metadata: {} }));
    expect(provider.verifyWebhook(notOurs.body, notOurs.headers)).toMatchObject({ kind: 'ignored' });
  });

  it('when the signature is wrong, missing, or the body was changed, then the webhook is rejected', () => {
    const { provider } = stubbedStripe();
    const forged = delivery('checkout.session.completed', session(), 'whsec_someoneelse');
    expect(() => provider.verifyWebhook(forged.body, forged.headers)).toThrow(WebhookRejected);
    const good = delivery('checkout.session.completed', session());
    expect(() => provider.verifyWebhook(good.body, {})).toThrow(WebhookRejected);
    const tampered = Buffer.from(good.body.toString().replace('50000', '90000'));
    expect(() => provider.verifyWebhook(tampered, good.headers)).toThrow(WebhookRejected);
  });
});
