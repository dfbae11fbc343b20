import { closeServer, listen } from '../listen';
import type { Logger } from '../logger';
import { SandboxCheckout } from './checkout';
import { createSandboxApp } from './app';
import { WebhookSender } from './webhooks';

export interface PaymentsSandboxOptions {
  /** 0: any free port. */
  port: number;
  host: string;
  /** The address browsers reach the sandbox at (default `http://localhost:<port>`). */
  publicUrl?: string;
  /** The merchant's key for the API (`Authorization: Bearer …`). */
  apiKey: string;
  /** Signs every webhook (`Sandbox-Signature`). */
  webhookSecret: string;
  /** Where events are posted. */
  webhookUrl: string | (() => string);
  /** Shown on the hosted pages. */
  merchantName: string;
  logger: Logger;
  /** The waits between webhook attempts (default 1 s, 5 s, 30 s, 2 min, 10 min). */
  retryDelaysMs?: readonly number[];
  /** How long a checkout session may be paid (default 30 minutes). */
  sessionTtlMs?: number;
}

export interface PaymentsSandbox {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const expirySweepMs = 60_000;

/** Starts the sandbox card provider on its own port (its own origin, as a real provider's pages are). */
export async function startPaymentsSandbox(options: PaymentsSandboxOptions): Promise<PaymentsSandbox> {
  const { logger } = options;
  const webhooks = new WebhookSender({ url: options.webhookUrl, secret: options.webhookSecret, logger, retryDelaysMs: options.retryDelaysMs });
  const checkout = new SandboxCheckout({ sessionTtlMs: options.sessionTtlMs ?? 30 * 60_000, emit: (event) => webhooks.send(event) });
  let url = options.publicUrl?.replace(/\/+$/, '');
  const app = createSandboxApp({ checkout, apiKey: options.apiKey, merchantName: options.merchantName, publicUrl: () => url!, https: url?.startsWith('https:') ?? false, logger });
  const { server, port } = await listen(app, options.port, options.host);
  url ??= `http://localhost:${port}`;
  // Sessions left unpaid expire (and say so to the merchant) even when nobody opens their page again.
  const sweep = setInterval(() => checkout.expireDue(), expirySweepMs);
  sweep.unref();
  logger.info({ url, port }, 'payments sandbox listening');

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close() {
      closing ??= (async () => {
        clearInterval(sweep);
        await closeServer(server, 2_000);
        await webhooks.close();
      })();
      return closing;
    },
  };
}
