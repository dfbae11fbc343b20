import type { Config } from '../config';
import type { Logger } from '../logger';
import { startPaymentsSandbox } from '../payments-sandbox/start';
import { persistentSecret } from '../secrets';
import type { PaymentProvider } from '../trading/funding/payments/provider';
import { sandboxProvider } from '../trading/funding/payments/sandbox-driver';
import { stripeProvider } from '../trading/funding/payments/stripe-driver';
import type { Lifecycle } from './lifecycle';

/** Where the trading API takes the sandbox's events (the route that verifies them). */
export const sandboxWebhookPath = '/api/v1/payments/webhook/sandbox';

/**
 * The card payment provider (docs/funding.md#card-deposits): Stripe with its keys, or the sandbox provider
 * started here on its own port (closed with the lifecycle), its API key and webhook secret configured or
 * kept in the data folder. The sandbox keeps its sessions in memory: one per deployment, not one per
 * trading process behind a load balancer.
 */
export async function openPayments(
  config: Config,
  {
    logger,
    lifecycle,
    apiUrl,
    merchantName = 'Trading platform',
  }: {
    logger: Logger;
    lifecycle: Lifecycle;
    /** Our trading API's base, e.g. http://127.0.0.1:3001 (read at each delivery: known once the tier listens). */ apiUrl: () => string;
    merchantName?: string;
  },
): Promise<{ provider: PaymentProvider; sandboxUrl: string | undefined }> {
  const { payments } = config;
  if (payments.provider === 'stripe') {
    const { secretKey, webhookSecret } = payments.stripe;
    if (!secretKey || !webhookSecret) throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required when PAYMENTS_PROVIDER=stripe');
    return { provider: stripeProvider({ secretKey, webhookSecret }), sandboxUrl: undefined };
  }

  const apiKey = payments.sandbox.apiKey ?? persistentSecret(config.dataDir, 'payments-sandbox-key');
  const webhookSecret = payments.sandbox.webhookSecret ?? persistentSecret(config.dataDir, 'payments-webhook-secret');
  const { publicUrl } = payments.sandbox;
  let sandbox: Awaited<ReturnType<typeof startPaymentsSandbox>>;
  try {
    sandbox = await startPaymentsSandbox({
      port: payments.sandbox.port,
      // Reachable from other machines only when a public address says browsers come from elsewhere.
      host: publicUrl ? '0.0.0.0' : '127.0.0.1',
      publicUrl,
      apiKey,
      webhookSecret,
      webhookUrl: () => `${apiUrl().replace(/\/+$/, '')}${sandboxWebhookPath}`,
      merchantName,
      logger: logger.child({ component: 'payments-sandbox' }),
    });
  } catch (error) {
    // Several trading processes on one host: the first started the sandbox, the others use it (same key and secret).
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    logger.warn({ port: payments.sandbox.port }, 'the payments sandbox port is taken: using the sandbox already there');
    return { provider: sandboxProvider({ apiUrl: `http://127.0.0.1:${payments.sandbox.port}`, apiKey, webhookSecret }), sandboxUrl: publicUrl ?? `http://localhost:${payments.sandbox.port}` };
  }
  lifecycle.onClose(() => sandbox.close());
  // Our server calls the sandbox's API on loopback, whatever address browsers use.
  const provider = sandboxProvider({ apiUrl: `http://127.0.0.1:${sandbox.port}`, apiKey, webhookSecret });
  return { provider, sandboxUrl: sandbox.url };
}
