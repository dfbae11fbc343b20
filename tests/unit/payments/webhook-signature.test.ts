import { describe, expect, it } from 'vitest';
import { WebhookRejected } from '../../../server/trading/funding/payments/provider';
import { signPayload, verifySignature } from '../../../server/trading/funding/payments/webhook-signature';

const secret = 'whsec-sandbox-'.padEnd(48, 'x');
const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', data: { amount: 50000 } });

const rejection = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookRejected);
    return (error as Error).message;
  }
  throw new Error('expected a WebhookRejected');
};

describe('the sandbox webhook signature', () => {
  it('when the body is signed with the secret, then it verifies (as a string or as the raw bytes)', () => {
    const header = signPayload(body, secret);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verifySignature(body, header, secret)).not.toThrow();
    expect(() => verifySignature(Buffer.from(body), header, secret)).not.toThrow();
  });

  it('when one byte of the body changed, then it is refused', () => {
    const header = signPayload(body, secret);
    expect(rejection(() => verifySignature(body.replace('50000', '50001'), header, secret))).toMatch(/does not match/);
  });

  it('when it was signed with another secret, then it is refused', () => {
    const header = signPayload(body, 'another-secret'.padEnd(48, 'y'));
    expect(rejection(() => verifySignature(body, header, secret))).toMatch(/does not match/);
  });

  it('when the timestamp is more than 5 minutes from now, then it is refused even with a good signature', () => {
    const now = Date.now();
    const sixMinutesAgo = Math.floor(now / 1000) - 6 * 60;
    expect(rejection(() => verifySignature(body, signPayload(body, secret, sixMinutesAgo), secret, { nowMs: now }))).toMatch(/timestamp/);
    const fourMinutesAgo = Math.floor(now / 1000) - 4 * 60;
    expect(() => verifySignature(body, signPayload(body, secret, fourMinutesAgo), secret, { nowMs: now })).not.toThrow();
  });

  it('when the timestamp was changed after signing, then it is refused', () => {
    const header = signPayload(body, secret, 1_700_000_000);
    expect(rejection(() => verifySignature(body, header.replace('t=1700000000', 't=1700000001'), secret, { nowMs: 1_700_000_000_000 }))).toMatch(/does not match/);
  });

  it('when the header is missing or malformed, then it is refused with a message saying so', () => {
    const good = signPayload(body, secret);
    const v1 = good.split(',')[1]!;
    expect(rejection(() => verifySignature(body, undefined, secret))).toMatch(/No Sandbox-Signature header/);
    expect(rejection(() => verifySignature(body, '', secret))).toMatch(/No Sandbox-Signature header/);
    expect(rejection(() => verifySignature(body, 'garbage', secret))).toMatch(/malformed/);
    expect(rejection(() => verifySignature(body, v1, secret))).toMatch(/needs t= and v1=/);
    expect(rejection(() => verifySignature(body, `t=abc,${v1}`, secret))).toMatch(/timestamp is malformed/);
    expect(rejection(() => verifySignature(body, 't=1700000000,v1=abcd', secret))).toMatch(/v1 signature is malformed/);
  });

  it('when several v1 signatures are sent (a secret being rolled over), then one that matches is enough', () => {
    const header = signPayload(body, secret);
    const [t, v1] = header.split(',');
    expect(() => verifySignature(body, `${t},v1=${'0'.repeat(64)},${v1}`, secret)).not.toThrow();
  });
});
