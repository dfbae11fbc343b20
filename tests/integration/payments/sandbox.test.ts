import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPaymentsSandbox, type PaymentsSandbox } from '../../../server/payments-sandbox/start';
import { ProviderError, type PaymentEvent, type PaymentProvider } from '../../../server/trading/funding/payments/provider';
import { sandboxProvider } from '../../../server/trading/funding/payments/sandbox-driver';
import { sleep } from '../../support/wait';

/**
 * The sandbox provider end to end, as a browser and our server meet it: the API, the hosted pages over
 * real HTTP (forms, redirects), and signed webhooks posted to a small receiver here, read back with the
 * sandbox driver.
 */

const apiKey = 'sandbox-key-'.padEnd(48, 'k');
const webhookSecret = 'sandbox-webhook-secret-'.padEnd(48, 's');
const cardNumbers = ['4242424242424242', '4000000000000002', '4000000000009995', '4000002760003184'];
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

interface Delivery {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A webhook endpoint: keeps every delivery and answers with the statuses given (then 200). */
async function startReceiver(
  statuses: number[] = [],
): Promise<{ url: string; deliveries: Delivery[]; next(match?: (event: { type: string; data: { session_id: string } }) => boolean): Promise<Delivery>; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const waiting: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.shift() ?? 200).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const parse = (delivery: Delivery) => JSON.parse(delivery.body.toString('utf8'));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    deliveries,
    async next(match = () => true) {
      for (let round = 0; round < 200; round += 1) {
        const found = deliveries.find((delivery) => match(parse(delivery)));
        if (found) return found;
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      throw new Error('no matching webhook arrived');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Every line the sandbox logs, to check no card number is among them. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  return { logger, lines };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sandbox: PaymentsSandbox;
let base: string;
let provider: PaymentProvider;
const logs = capturingLogger();
/** Every body the sandbox answered to a request that carried a card number, less the test cards the form lists. */
const answersToCardPosts: string[] = [];
const withoutTestCardList = (body: string) => body.replace(/<section class="card">\s*<h2>Test cards<\/h2>[\s\S]*?<\/section>/, '');

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startPaymentsSandbox({ port: 0, host: '127.0.0.1', apiKey, webhookSecret, webhookUrl: receiver.url, merchantName: 'Acme <Markets>', logger: logs.logger, retryDelaysMs: [20, 20] });
  base = `http://127.0.0.1:${sandbox.port}`;
  provider = sandboxProvider({ apiUrl: base, apiKey, webhookSecret });
});
afterAll(async () => {
  await sandbox?.close();
  await receiver?.close();
});

const successUrl = 'http://127.0.0.1:3000/funding/card/done?deposit=7';
const cancelUrl = 'http://127.0.0.1:3000/funding';

async function openCheckout(fields: Partial<Parameters<PaymentProvider['createCheckout']>[0]> = {}) {
  const session = await provider.createCheckout({
    depositId: 7,
    amount: '500.00',
    currency: 'USD',
    customerEmail: 'ada@example.com',
    description: 'Deposit to account 100234',
    successUrl,
    cancelUrl,
    ...fields,
  });
  // The page's address as the sandbox gives it (localhost), reached here on the loopback address it listens on.
  return { ...session, page: `${base}${new URL(session.url).pathname}` };
}

const formTokenOf = (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';

async function getPage(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const body = await response.text();
  return { status: response.status, location: response.headers.get('location'), body };
}

/** Fills in the hosted form as a customer would. */
async function pay(page: string, number: string, fields: Record<string, string> = {}) {
  const form = await getPage(page);
  const answer = await postForm(page, { _csrf: formTokenOf(form.body), name: 'Ada Lovelace', number: grouped(number), expiry: '12/39', cvc: '123', ...fields });
  answersToCardPosts.push(answer.body, answer.location ?? '');
  return answer;
}

const eventFor = (sessionId: string, type: string) => receiver.next((event) => event.data.session_id === sessionId && event.type === type);
const verified = (delivery: Delivery): PaymentEvent => provider.verifyWebhook(delivery.body, delivery.headers as Record<string, string | string[] | undefined>);

describe('the payments sandbox API', () => {
  it('when the API key is wrong or missing, then it answers 401', async () => {
    for (const authorization of ['Bearer wrong', '']) {
      const response = await fetch(`${base}/v1/checkout/sessions`, { method: 'POST', headers: { Authorization: authorization, 'Content-Type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/API key/);
    }
    await expect(
      sandboxProvider({ apiUrl: base, apiKey: 'wrong', webhookSecret }).createCheckout({ depositId: 1, amount: '1', currency: 'USD', customerEmail: 'a@b.c', description: 'x', successUrl, cancelUrl }),
    ).rejects.toThrow(ProviderError);
  });

  it('when the input is bad, then it answers 400 naming the field', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${base}/v1/checkout/sessions`, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const good = { amount: 50000, currency: 'usd', reference: '7', description: 'Deposit', customer_email: 'ada@example.com', success_url: successUrl, cancel_url: cancelUrl };
    for (const [param, value] of [
      ['amount', 500.5],
      ['amount', '50000'],
      ['currency', 'USD'],
      ['success_url', 'javascript:alert(1)'],
      ['cancel_url', 'not a url'],
      ['reference', ''],
    ] as const) {
      const response = await post({ ...good, [param]: value });
      expect(response.status, `${param}=${value}`).toBe(400);
      expect(((await response.json()) as { error: { param: string } }).error.param).toBe(param);
    }
    const broken = await fetch(`${base}/v1/checkout/sessions`, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' }, body: '{"amount":' });
    expect(broken.status).toBe(400);
  });

  it('when a checkout is opened, then it answers its id and hosted page, in minor units (none for yen)', async () => {
    const { sessionId, url } = await openCheckout();
    expect(sessionId).toMatch(/^cs_[0-9a-f]{48}$/);
    expect(url).toBe(`http://localhost:${sandbox.port}/pay/${sessionId}`);
    const inspect = async (id: string) => (await fetch(`${base}/v1/checkout/sessions/${id}`, { headers: { Authorization: `Bearer ${apiKey}` } })).json();
    expect(await inspect(sessionId)).toMatchObject({ id: sessionId, status: 'open', amount: 50000, currency: 'usd', reference: '7', customer_email: 'ada@example.com' });
    const yen = await openCheckout({ amount: '5000', currency: 'JPY' });
    expect(await inspect(yen.sessionId)).toMatchObject({ amount: 5000, currency: 'jpy' });
  });
});

describe('the hosted checkout page', () => {
  it('when opened, then it shows the sandbox banner, the merchant, the amount, the form, the test cards and a way back, under a strict CSP', async () => {
    const { page } = await openCheckout({ description: 'Deposit <b>now</b>' });
    const { status, headers, body } = await getPage(page);
    expect(status).toBe(200);
    expect(body).toContain('Sandbox — no real money moves');
    expect(body).toContain('Acme &lt;Markets&gt;');
    expect(body).toContain('Deposit &lt;b&gt;now&lt;/b&gt;');
    expect(body).not.toContain('<b>now</b>');
    expect(body).toContain('500.00 USD');
    for (const name of ['name', 'number', 'expiry', 'cvc', '_csrf']) expect(body).toContain(`name="${name}"`);
    expect(body).toContain('4242 4242 4242 4242');
    expect(body).toContain(`href="${cancelUrl}">Cancel and return to Acme &lt;Markets&gt;</a>`);
    expect(body).not.toMatch(/<script/i);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:3000");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('when any page is sent, then it may not be framed (X-Frame-Options as its CSP says) and may use no powerful browser feature', async () => {
    const { page } = await openCheckout();
    for (const url of [page, `${base}/`, `${base}/pay/cs_${'0'.repeat(48)}`]) {
      const { headers } = await getPage(url);
      expect(headers.get('x-frame-options'), url).toBe('DENY');
      expect(headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      const policy = headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'clipboard-write', 'fullscreen']) expect(policy, url).toContain(`${feature}=()`);
      expect(policy, url).not.toContain('self');
    }
  });

  it('when the form is posted without its token, then nothing happens', async () => {
    const { page, sessionId } = await openCheckout();
    const answer = await postForm(page, { _csrf: 'forged', name: 'Ada Lovelace', number: '4242424242424242', expiry: '12/39', cvc: '123' });
    answersToCardPosts.push(answer.body);
    expect(answer.status).toBe(403);
    expect((await getPage(page)).body).toContain('name="number"');
    expect(receiver.deliveries.some((delivery) => delivery.body.includes(sessionId))).toBe(false);
  });

  it('when a field is wrong, then the form comes back with the message at the field and without the card number', async () => {
    const { page } = await openCheckout();
    const answer = await pay(page, '4242424242424242', { cvc: '1', expiry: '01/20' });
    expect(answer.status).toBe(422);
    expect(answer.body).toContain('Enter the 3 or 4 digit security code.');
    expect(answer.body).toContain('This card has expired.');
    expect(answer.body).not.toContain('value="4242');
    const unknown = await pay(page, '5555555555554444');
    expect(unknown.body).toContain('This test card is not recognised: use one of the test cards listed.');
    expect(unknown.body).not.toContain('5555');
  });

  it('when the success card pays, then the browser goes to the success URL with the session id and a signed payment.succeeded arrives', async () => {
    const { page, sessionId } = await openCheckout();
    const answer = await pay(page, '4242424242424242');
    expect(answer.status).toBe(303);
    const location = new URL(answer.location!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/funding/card/done');
    expect(Object.fromEntries(location.searchParams)).toEqual({ deposit: '7', session_id: sessionId });

    const delivery = await eventFor(sessionId, 'payment.succeeded');
    expect(delivery.headers['sandbox-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verified(delivery);
    expect(event).toEqual({ kind: 'payment.succeeded', eventId: expect.stringMatching(/^evt_/), sessionId, paymentId: expect.stringMatching(/^pi_/), depositId: 7, amount: '500.00', currency: 'USD' });

    const again = await getPage(page);
    expect(again.body).toContain('Payment received');
    expect(again.body).not.toContain('name="number"');
    expect(again.body).toContain('card ending 4242');
  });

  it('when the card is declined, then the session fails, payment.failed says why, and the page says so with the way back (no redirect)', async () => {
    for (const [number, reason] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ] as const) {
      const { page, sessionId } = await openCheckout();
      const token = formTokenOf((await getPage(page)).body);
      const answer = await pay(page, number);
      expect(answer.status).toBe(200);
      expect(answer.location).toBeNull();
      expect(answer.body).toContain(reason);
      expect(answer.body).toContain('No money was taken.');
      expect(answer.body).toContain(`href="${cancelUrl}">Return to Acme &lt;Markets&gt;</a>`);
      expect(verified(await eventFor(sessionId, 'payment.failed'))).toEqual({ kind: 'payment.failed', eventId: expect.stringMatching(/^evt_/), sessionId, depositId: 7, reason });

      // The session is single-use: the same form posted again with a good card takes nothing.
      const retry = await postForm(page, { _csrf: token, name: 'Ada Lovelace', number: '4242424242424242', expiry: '12/39', cvc: '123' });
      answersToCardPosts.push(retry.body);
      expect(retry.status).toBe(409);
      expect(retry.body).toContain('Payment failed');
      expect(receiver.deliveries.filter((delivery) => delivery.body.includes(sessionId))).toHaveLength(1);
    }
  });

  it('when the card asks for 3-D Secure and the customer completes it, then it pays', async () => {
    const { page, sessionId } = await openCheckout();
    const answer = await pay(page, '4000002760003184');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/pay/${sessionId}/3ds`);
    const challenge = await getPage(`${base}${answer.location}`);
    expect(challenge.body).toContain('Complete authentication');
    expect(challenge.body).toContain('Fail authentication');
    expect(challenge.body).toContain('card ending 3184');
    // Its form redirects to the merchant: the page's CSP must let it.
    expect(challenge.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:3000");
    expect((await getPage(page)).status).toBe(303);

    const done = await postForm(`${base}/pay/${sessionId}/3ds`, { _csrf: formTokenOf(challenge.body), outcome: 'complete' });
    expect(done.status).toBe(303);
    expect(new URL(done.location!).searchParams.get('session_id')).toBe(sessionId);
    expect(verified(await eventFor(sessionId, 'payment.succeeded'))).toMatchObject({ kind: 'payment.succeeded', amount: '500.00' });
  });

  it('when the customer fails 3-D Secure, then the session fails', async () => {
    const { page, sessionId } = await openCheckout();
    const answer = await pay(page, '4000002760003184');
    const challenge = await getPage(`${base}${answer.location}`);
    const failed = await postForm(`${base}/pay/${sessionId}/3ds`, { _csrf: formTokenOf(challenge.body), outcome: 'fail' });
    expect(failed.status).toBe(200);
    expect(failed.body).toContain('No money was taken.');
    expect(verified(await eventFor(sessionId, 'payment.failed'))).toMatchObject({ kind: 'payment.failed', reason: expect.stringMatching(/3-D Secure/) });
  });

  it('when the session id is unknown, then the page says so', async () => {
    const { status, body } = await getPage(`${base}/pay/cs_${'0'.repeat(48)}`);
    expect(status).toBe(404);
    expect(body).toContain('Checkout not found');
  });
});

describe('refunds', () => {
  it('when a payment is refunded in parts, then each part is refunded once, and never more than was paid', async () => {
    const { page, sessionId } = await openCheckout({ amount: '100.00' });
    await pay(page, '4242424242424242');
    const event = verified(await eventFor(sessionId, 'payment.succeeded'));
    if (event.kind !== 'payment.succeeded') throw new Error('expected a payment');

    const first = await provider.refund({ paymentId: event.paymentId, amount: '60.00', currency: 'USD', idempotencyKey: 'withdrawal-1' });
    expect(first.refundId).toMatch(/^re_/);
    expect(await provider.refund({ paymentId: event.paymentId, amount: '60.00', currency: 'USD', idempotencyKey: 'withdrawal-1' })).toEqual(first);
    await expect(provider.refund({ paymentId: event.paymentId, amount: '40.01', currency: 'USD', idempotencyKey: 'withdrawal-2' })).rejects.toThrow(/more than is left to refund/);

    const refund = (body: Record<string, unknown>) =>
      fetch(`${base}/v1/refunds`, { method: 'POST', headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const overRefund = await refund({ payment_id: event.paymentId, amount: 4001, idempotency_key: 'withdrawal-3' });
    expect(overRefund.status).toBe(400);
    const rest = await refund({ payment_id: event.paymentId, amount: 4000, idempotency_key: 'withdrawal-4' });
    expect(await rest.json()).toMatchObject({ id: expect.stringMatching(/^re_/), status: 'succeeded', amount: 4000 });
    expect((await refund({ payment_id: 'pi_unknown', amount: 1, idempotency_key: 'withdrawal-5' })).status).toBe(404);
  });
});

describe('webhook delivery', () => {
  it('when the receiver answers 500 twice, then the same event comes a third time and is taken', async () => {
    const flaky = await startReceiver([500, 500]);
    const flakySandbox = await startPaymentsSandbox({
      port: 0,
      host: '127.0.0.1',
      apiKey,
      webhookSecret,
      webhookUrl: flaky.url,
      merchantName: 'Acme',
      logger: logs.logger,
      retryDelaysMs: [20, 20, 20],
    });
    try {
      const driver = sandboxProvider({ apiUrl: `http://127.0.0.1:${flakySandbox.port}`, apiKey, webhookSecret });
      const { url } = await driver.createCheckout({ depositId: 8, amount: '10.00', currency: 'EUR', customerEmail: 'ada@example.com', description: 'Deposit', successUrl, cancelUrl });
      const page = `http://127.0.0.1:${flakySandbox.port}${new URL(url).pathname}`;
      await pay(page, '4242424242424242');
      await vi.waitUntil(() => flaky.deliveries.length >= 3, { timeout: 2_000, interval: 20 });
      await sleep(100); // a fourth delivery would show
      expect(flaky.deliveries).toHaveLength(3);
      const ids = flaky.deliveries.map((delivery) => JSON.parse(delivery.body.toString()).id);
      expect(new Set(ids).size).toBe(1);
      for (const delivery of flaky.deliveries)
        expect(driver.verifyWebhook(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({ eventId: ids[0], amount: '10.00', currency: 'EUR' });
      expect(logs.lines.filter((line) => line.includes(ids[0]) && line.includes('will retry'))).toHaveLength(2);
      expect(logs.lines.filter((line) => line.includes(ids[0]) && line.includes('webhook delivered'))).toHaveLength(1);
    } finally {
      await flakySandbox.close();
      await flaky.close();
    }
  });

  it('when a session is left unpaid past its time, then it expires with a payment.failed and its page says so', async () => {
    const late = await startReceiver();
    const shortSandbox = await startPaymentsSandbox({ port: 0, host: '127.0.0.1', apiKey, webhookSecret, webhookUrl: late.url, merchantName: 'Acme', logger: logs.logger, sessionTtlMs: 50 });
    try {
      const driver = sandboxProvider({ apiUrl: `http://127.0.0.1:${shortSandbox.port}`, apiKey, webhookSecret });
      const { url, sessionId } = await driver.createCheckout({ depositId: 9, amount: '10.00', currency: 'USD', customerEmail: 'ada@example.com', description: 'Deposit', successUrl, cancelUrl });
      await sleep(80);
      const { body } = await getPage(`http://127.0.0.1:${shortSandbox.port}${new URL(url).pathname}`);
      expect(body).toContain('This checkout has expired');
      expect(body).not.toContain('name="number"');
      const delivery = await late.next();
      expect(driver.verifyWebhook(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({ kind: 'payment.failed', sessionId, depositId: 9 });
    } finally {
      await shortSandbox.close();
      await late.close();
    }
  });

  it('when everything above ran, then no card number appeared in an answer to a card post, an event or a log line', () => {
    expect(logs.lines.length).toBeGreaterThan(10);
    const everything = [...answersToCardPosts.map(withoutTestCardList), ...receiver.deliveries.map((delivery) => delivery.body.toString()), ...logs.lines];
    for (const number of [...cardNumbers, '5555555555554444']) {
      for (const text of everything) {
        expect(text).not.toContain(number);
        expect(text).not.toContain(grouped(number));
      }
    }
  });
});
