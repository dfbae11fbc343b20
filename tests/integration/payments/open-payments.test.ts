import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { Lifecycle } from '../../../server/compose/lifecycle';
import { openPayments } from '../../../server/compose/payments';

const dataDir = mkdtempSync(join(tmpdir(), 'payments-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const logger = pino({ level: 'silent' });

describe('openPayments', () => {
  it('when the provider is the sandbox, then it starts on its own port with secrets kept in the data folder, and stops with the lifecycle', async () => {
    const lifecycle = new Lifecycle();
    const { provider, sandboxUrl } = await openPayments(loadConfig({ DATA_DIR: dataDir, PAYMENTS_SANDBOX_PORT: '0' }), { logger, lifecycle, apiUrl: () => 'http://127.0.0.1:3001' });
    expect(provider.name).toBe('sandbox');
    expect(sandboxUrl).toMatch(/^http:\/\/localhost:\d+$/);
    for (const name of ['payments-sandbox-key', 'payments-webhook-secret']) {
      expect(readFileSync(join(dataDir, name), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      expect(statSync(join(dataDir, name)).mode & 0o777).toBe(0o600);
    }
    const session = await provider.createCheckout({
      depositId: 1,
      amount: '25.00',
      currency: 'USD',
      customerEmail: 'a@example.com',
      description: 'Deposit',
      successUrl: 'http://127.0.0.1:3000/ok',
      cancelUrl: 'http://127.0.0.1:3000/no',
    });
    expect(session.url.startsWith(`${sandboxUrl}/pay/cs_`)).toBe(true);

    await lifecycle.stop();
    await expect(
      provider.createCheckout({
        depositId: 2,
        amount: '25.00',
        currency: 'USD',
        customerEmail: 'a@example.com',
        description: 'Deposit',
        successUrl: 'http://127.0.0.1:3000/ok',
        cancelUrl: 'http://127.0.0.1:3000/no',
      }),
    ).rejects.toThrow(/could not be reached/);
  });

  it('when the provider is Stripe, then no sandbox starts', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' });
    const { provider, sandboxUrl } = await openPayments(config, { logger, lifecycle: new Lifecycle(), apiUrl: () => 'http://127.0.0.1:3001' });
    expect(provider.name).toBe('stripe');
    expect(sandboxUrl).toBeUndefined();
  });
});
