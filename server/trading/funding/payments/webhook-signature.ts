import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './provider';

/**
 * The sandbox provider's webhook signature, Stripe's scheme: `Sandbox-Signature: t=<unix seconds>,v1=<hex>`,
 * the HMAC-SHA256 of `${t}.${rawBody}` under the shared secret. The timestamp is signed too, so an old
 * delivery replayed later is refused once it is older than the tolerance.
 */
export const signatureHeader = 'Sandbox-Signature';
export const signatureToleranceSeconds = 5 * 60;

const hmac = (secret: string, timestamp: number, rawBody: string | Buffer): Buffer => createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

/** The header's value for a body, signed now (or at `timestamp`, unix seconds). */
export function signPayload(rawBody: string | Buffer, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

/** Throws WebhookRejected unless `header` signs exactly these bytes with `secret`, within the tolerance of `nowMs`. */
export function verifySignature(rawBody: string | Buffer, header: string | undefined, secret: string, { nowMs = Date.now(), toleranceSeconds = signatureToleranceSeconds } = {}): void {
  if (!header) throw new WebhookRejected(`No ${signatureHeader} header.`);
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value, extra] = part.trim().split('=');
    if (extra !== undefined || !value) throw new WebhookRejected(`The ${signatureHeader} header is malformed.`);
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== undefined) throw new WebhookRejected(`The ${signatureHeader} header's timestamp is malformed.`);
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) throw new WebhookRejected(`The ${signatureHeader} header's v1 signature is malformed.`);
      signatures.push(Buffer.from(value, 'hex'));
    }
    // Other schemes (a future v2) are skipped, as Stripe's verifier does.
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookRejected(`The ${signatureHeader} header needs t= and v1=.`);
  const expected = hmac(secret, timestamp, rawBody);
  // Several v1 values may be sent while the secret is rolled over: one match is enough.
  if (!signatures.some((signature) => timingSafeEqual(signature, expected))) throw new WebhookRejected('The webhook signature does not match the body.');
  const ageSeconds = Math.abs(Math.floor(nowMs / 1000) - timestamp);
  if (ageSeconds > toleranceSeconds) throw new WebhookRejected(`The webhook's timestamp is ${ageSeconds} s away from now (more than ${toleranceSeconds} s): a replay or a wrong clock.`);
}
