import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload, signatureHeader } from '../../../server/trading/funding/payments/webhook-signature';
import { testPaymentsKeys } from '../../support/trading';
import { startWebStack, type WebStack } from '../../support/web';

/** The provider reaches the webhook through the web tier (the site's public address), without a session or a CSRF token. */

let stack: WebStack;
beforeAll(async () => {
  stack = await startWebStack();
});
afterAll(() => stack.close());

describe('the payment webhook behind the web tier', () => {
  it('passes the raw body and signature through to the API, with no session or CSRF token', async () => {
    const body = JSON.stringify({ id: 'evt_web_1', type: 'payment.succeeded', created: 1, data: { session_id: 'cs_x', payment_id: 'pi_x', reference: '424242', amount: 100, currency: 'usd' } });
    const res = await request(stack.web)
      .post('/api/v1/payments/webhook/sandbox')
      .set('Content-Type', 'application/json')
      .set(signatureHeader, signPayload(body, testPaymentsKeys.webhookSecret))
      .send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, handled: 'ignored' });
  });

  it('a forged event is refused by the API behind it', async () => {
    const res = await request(stack.web).post('/api/v1/payments/webhook/sandbox').set('Content-Type', 'application/json').set(signatureHeader, 't=1,v1=00').send('{}');
    expect(res.status).toBe(400);
  });

  it('other API writes still need the CSRF token', async () => {
    const res = await request(stack.web).post('/api/v1/funding/deposits/card').send({ amount: '100' });
    expect(res.status).toBe(403);
  });
});
