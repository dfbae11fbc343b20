import { refusal, type Refusal } from '../../errors';
import type { PaymentEvent, PaymentProvider } from './provider';

/** Our deposit id as a provider echoes it back (a string), or undefined when it is not one of ours. */
export function depositIdFrom(reference: string | null | undefined): number | undefined {
  if (typeof reference !== 'string' || !/^[1-9]\d{0,14}$/.test(reference)) return undefined;
  return Number(reference);
}

/** One header's value, whatever the case of its name; undefined when absent or sent more than once. */
export function singleHeader(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values = Object.entries(headers).filter(([key, value]) => key.toLowerCase() === wanted && value !== undefined);
  if (values.length !== 1) return undefined;
  const value = values[0]![1];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Each provider's ids as it writes them (docs/funding.md#money-from-outside). They are compared exactly, as
 * the provider defines them (both providers' ids are case-sensitive), and kept only in this shape: a prefix,
 * then letters, digits and `_`, short enough for the keys they are stored under.
 */
const idShapes: Record<PaymentProvider['name'], { event: RegExp; session: RegExp; payment: RegExp }> = {
  // Ours (server/payments-sandbox/events.ts): the prefix and 48 hex digits; hand-made events in tests use other letters.
  sandbox: { event: /^evt_\w{1,120}$/, session: /^cs_\w{1,120}$/, payment: /^pi_\w{1,120}$/ },
  // Stripe's object ids: a prefix and at most 255 characters in all.
  stripe: { event: /^evt_\w{1,251}$/, session: /^cs_\w{1,252}$/, payment: /^pi_\w{1,252}$/ },
};

const idTexts = {
  event_id: 'The event id is not one this provider sends.',
  session_id: 'The checkout session id is not one this provider sends.',
  payment_id: 'The payment id is not one this provider sends.',
} as const;

/** The first id of a verified event that is not in its provider's shape, as a refusal naming the field (422); undefined when all are. */
export function misshapenId(provider: PaymentProvider['name'], event: PaymentEvent): Refusal | undefined {
  const shapes = idShapes[provider];
  const ids: [keyof typeof idTexts, string | undefined, RegExp][] = [
    ['event_id', event.eventId, shapes.event],
    ['session_id', event.kind === 'ignored' ? undefined : event.sessionId, shapes.session],
    ['payment_id', event.kind === 'payment.succeeded' ? event.paymentId : undefined, shapes.payment],
  ];
  for (const [field, value, shape] of ids) if (value !== undefined && !shape.test(value)) return refusal.invalid(idTexts[field], field);
  return undefined;
}

/** A verified event's text as our fields name it: what the text guard checks before anything is stored (docs/funding.md#money-from-outside). */
export function eventText(event: PaymentEvent): Record<string, string> {
  if (event.kind === 'ignored') return { event_id: event.eventId, type: event.type };
  if (event.kind === 'payment.failed') return { event_id: event.eventId, session_id: event.sessionId, reason: event.reason };
  return { event_id: event.eventId, session_id: event.sessionId, payment_id: event.paymentId, currency: event.currency, amount: event.amount };
}

/** A provider's reason as the customer and staff read it: one line, at most 300 characters. */
export function readableReason(reason: string): string {
  const line = reason
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300)
    // A pair cut in two at the end would leave half a character that cannot be stored.
    .replace(/[\ud800-\udbff]$/, '')
    .trim();
  return line || 'The payment failed.';
}
