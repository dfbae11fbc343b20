import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type RequestHandler, type Router } from 'express';
import { RequestRefused, type CheckoutSessionRecord, type SandboxCheckout } from './checkout';

/**
 * The provider's API for merchants (JSON, `Authorization: Bearer <key>`): open a checkout session, look
 * one up, refund a payment. Amounts are integers in the currency's minor units; errors answer
 * `{ error: { message, param? } }`.
 */

class BadInput extends RequestRefused {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(400, message);
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function requireApiKey(apiKey: string): RequestHandler {
  const expected = digest(apiKey);
  return (req, res, next) => {
    const given = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    // Compared as digests: equal lengths for timingSafeEqual, and nothing learnt from how long a wrong key took.
    if (given && timingSafeEqual(digest(given), expected)) return next();
    res.status(401).json({ error: { message: 'Invalid API key: send Authorization: Bearer <your sandbox key>.' } });
  };
}

type Body = Record<string, unknown>;

function text(body: Body, param: string, { max, optional = false }: { max: number; optional?: boolean }): string | null {
  const value = body[param];
  if ((value === undefined || value === null) && optional) return null;
  if (typeof value !== 'string' || value.trim() === '') throw new BadInput(param, `${param} is required (a string).`);
  if (value.length > max) throw new BadInput(param, `${param} is longer than ${max} characters.`);
  return value;
}

function minorAmount(body: Body, param: string): number {
  const value = body[param];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw new BadInput(param, `${param} must be a positive integer in the currency's minor units (cents).`);
  return value;
}

function currency(body: Body, param: string, optional = false): string | undefined {
  const value = body[param];
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || !/^[a-z]{3}$/.test(value)) throw new BadInput(param, `${param} must be a lower-case ISO 4217 code such as "usd".`);
  return value;
}

function returnUrl(body: Body, param: string): string {
  const value = text(body, param, { max: 2048 })!;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BadInput(param, `${param} must be an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadInput(param, `${param} must be an http or https URL.`);
  return url.href;
}

export function sessionJson(session: CheckoutSessionRecord, publicUrl: string) {
  return {
    id: session.id,
    object: 'checkout.session',
    url: `${publicUrl}/pay/${session.id}`,
    status: session.status,
    amount: session.amount,
    currency: session.currency,
    reference: session.reference,
    description: session.description,
    customer_email: session.customerEmail,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    payment_id: session.paymentId,
    card: session.card,
    failure_reason: session.failureReason,
    created: Math.floor(session.createdAt / 1000),
    expires_at: Math.floor(session.expiresAt / 1000),
  };
}

export function apiRoutes({ checkout, apiKey, publicUrl }: { checkout: SandboxCheckout; apiKey: string; publicUrl: () => string }): Router {
  const api = express.Router();
  api.use(requireApiKey(apiKey));
  api.use(express.json({ limit: '20kb' }));
  const bodyOf = (body: unknown): Body => (body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {});

  api.post('/checkout/sessions', (req, res) => {
    const body = bodyOf(req.body);
    const customerEmail = text(body, 'customer_email', { max: 254, optional: true });
    if (customerEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(customerEmail)) throw new BadInput('customer_email', 'customer_email is not an e-mail address.');
    const session = checkout.open({
      amount: minorAmount(body, 'amount'),
      currency: currency(body, 'currency')!,
      reference: text(body, 'reference', { max: 200 })!,
      description: text(body, 'description', { max: 500 })!,
      customerEmail,
      successUrl: returnUrl(body, 'success_url'),
      cancelUrl: returnUrl(body, 'cancel_url'),
    });
    res.status(201).json(sessionJson(session, publicUrl()));
  });

  api.get('/checkout/sessions/:id', (req, res) => {
    const session = checkout.find(req.params.id);
    if (!session) throw new RequestRefused(404, `No checkout session ${req.params.id}.`);
    res.json(sessionJson(session, publicUrl()));
  });

  api.post('/refunds', (req, res) => {
    const body = bodyOf(req.body);
    const refund = checkout.refund({
      paymentId: text(body, 'payment_id', { max: 200 })!,
      amount: minorAmount(body, 'amount'),
      idempotencyKey: text(body, 'idempotency_key', { max: 255 })!,
      currency: currency(body, 'currency', true),
    });
    res.json({ id: refund.id, object: 'refund', status: refund.status, amount: refund.amount, payment_id: refund.paymentId });
  });

  api.use((req, res) => {
    res.status(404).json({ error: { message: `No such endpoint: ${req.method} /v1${req.path}.` } });
  });
  return api;
}

/** The API's errors as JSON: refusals with their status, a body that is not JSON as 400, anything else as 500. */
export const apiErrors: express.ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof RequestRefused) {
    res.status(error.status).json({ error: { message: error.message, ...(error instanceof BadInput ? { param: error.param } : {}) } });
    return;
  }
  const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) req.log?.error({ err: error }, 'sandbox API failed');
  res.status(status).json({ error: { message: status === 400 ? 'The body is not valid JSON.' : status === 500 ? 'The sandbox failed.' : String(error.message) } });
};
