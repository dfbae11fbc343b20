import { fromMinorUnits, toMinorUnits } from './minor-units';
import { ProviderError, WebhookRejected, type CheckoutSession, type PaymentEvent, type PaymentProvider } from './provider';
import { depositIdFrom, singleHeader } from './event-fields';
import { signatureHeader, verifySignature } from './webhook-signature';

/** The sandbox provider (`server/payments-sandbox`) seen from our side: its API over HTTP, its signed webhooks. */

const requestTimeoutMs = 15_000;

interface SandboxEventBody {
  id: string;
  type: string;
  data: { session_id: string; payment_id?: string; reference: string; amount: number; currency: string; reason?: string };
}

function readEvent(rawBody: Buffer): SandboxEventBody {
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('The webhook body is not JSON.');
  }
  const candidate = event as Partial<SandboxEventBody> | null;
  if (typeof candidate?.id !== 'string' || typeof candidate.type !== 'string') throw new WebhookRejected('The webhook body is not a sandbox event (no id or type).');
  return candidate as SandboxEventBody;
}

function readPayment(event: SandboxEventBody): { sessionId: string; depositId: number } {
  const data = event.data as Partial<SandboxEventBody['data']> | undefined;
  const depositId = depositIdFrom(data?.reference);
  if (typeof data?.session_id !== 'string' || depositId === undefined) throw new WebhookRejected(`The ${event.type} event ${event.id} has no session or deposit reference.`);
  return { sessionId: data.session_id, depositId };
}

export function sandboxProvider({ apiUrl, apiKey, webhookSecret, fetch: send = fetch }: { apiUrl: string; apiKey: string; webhookSecret: string; fetch?: typeof fetch }): PaymentProvider {
  const base = apiUrl.replace(/\/+$/, '');

  async function post(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await send(`${base}/v1${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`The payments sandbox (${base}) could not be reached: ${error instanceof Error ? error.message : String(error)}`, false);
    }
    let answer: Record<string, unknown> = {};
    try {
      answer = (await response.json()) as Record<string, unknown>;
    } catch {
      // Not JSON: the status says enough below.
    }
    if (!response.ok) {
      const message = (answer.error as { message?: unknown } | undefined)?.message;
      throw new ProviderError(typeof message === 'string' ? message : `The payments sandbox answered ${response.status}.`, response.status < 500);
    }
    return answer;
  }

  return {
    name: 'sandbox',

    async createCheckout(request): Promise<CheckoutSession> {
      const session = await post('/checkout/sessions', {
        amount: toMinorUnits(request.amount, request.currency),
        currency: request.currency.toLowerCase(),
        reference: String(request.depositId),
        description: request.description,
        customer_email: request.customerEmail,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (typeof session.id !== 'string' || typeof session.url !== 'string') throw new ProviderError('The payments sandbox answered without a session id and URL.');
      return { sessionId: session.id, url: session.url };
    },

    verifyWebhook(rawBody, headers): PaymentEvent {
      verifySignature(rawBody, singleHeader(headers, signatureHeader), webhookSecret);
      const event = readEvent(rawBody);
      if (event.type === 'payment.failed') {
        const reason = typeof event.data?.reason === 'string' ? event.data.reason : 'The payment failed.';
        return { kind: 'payment.failed', eventId: event.id, ...readPayment(event), reason };
      }
      if (event.type !== 'payment.succeeded') return { kind: 'ignored', eventId: event.id, type: event.type };
      const payment = readPayment(event);
      const { payment_id: paymentId, amount, currency } = event.data;
      if (typeof paymentId !== 'string' || typeof amount !== 'number' || !Number.isSafeInteger(amount) || typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency)) {
        throw new WebhookRejected(`The payment.succeeded event ${event.id} lacks its payment id, amount or currency.`);
      }
      return { kind: 'payment.succeeded', eventId: event.id, ...payment, paymentId, amount: fromMinorUnits(amount, currency), currency: currency.toUpperCase() };
    },

    async refund(request) {
      const refund = await post('/refunds', {
        payment_id: request.paymentId,
        amount: toMinorUnits(request.amount, request.currency),
        currency: request.currency.toLowerCase(),
        idempotency_key: request.idempotencyKey,
      });
      if (typeof refund.id !== 'string') throw new ProviderError('The payments sandbox answered without a refund id.');
      return { refundId: refund.id };
    },
  };
}
