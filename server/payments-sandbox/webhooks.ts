import type { Logger } from '../logger';
import { signatureHeader, signPayload } from '../trading/funding/payments/webhook-signature';
import type { SandboxEvent } from './events';

export const defaultRetryDelaysMs: readonly number[] = [1000, 5000, 30_000, 120_000, 600_000];
const attemptTimeoutMs = 10_000;

/**
 * Posts each event to the merchant's webhook URL, signed afresh for every attempt, until it answers 2xx:
 * after a network error or any other status it tries again after each of `retryDelaysMs`, then gives up.
 * The event (and its id, the merchant's idempotency key) is the same on every attempt.
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private closed = false;

  constructor(
    private readonly options: {
      /** Where events go; a function when the receiver's address is known only once it listens. */
      url: string | (() => string);
      secret: string;
      logger: Logger;
      retryDelaysMs?: readonly number[];
      fetch?: typeof fetch;
    },
  ) {}

  send(event: SandboxEvent): void {
    if (this.closed) {
      this.options.logger.warn({ eventId: event.id, type: event.type }, 'webhook not sent: the sandbox is stopping');
      return;
    }
    this.attempt(event, JSON.stringify(event), 1);
  }

  /** Stops the retries still waiting and cuts off the attempts under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stopping.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private attempt(event: SandboxEvent, body: string, attempt: number): void {
    const delivery = this.deliver(event, body, attempt).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  private async deliver(event: SandboxEvent, body: string, attempt: number): Promise<void> {
    const { secret, logger, retryDelaysMs = defaultRetryDelaysMs, fetch: post = fetch } = this.options;
    const url = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    const context = { eventId: event.id, type: event.type, attempt, url };
    let failure: { status?: number; error?: string };
    try {
      const response = await post(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [signatureHeader]: signPayload(body, secret), 'User-Agent': 'payments-sandbox' },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(attemptTimeoutMs)]),
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) {
        logger.info({ ...context, status: response.status }, 'webhook delivered');
        return;
      }
      failure = { status: response.status };
    } catch (error) {
      if (this.closed) return;
      failure = { error: error instanceof Error ? error.message : String(error) };
    }
    const delay = retryDelaysMs[attempt - 1];
    if (delay === undefined || this.closed) {
      logger.error({ ...context, ...failure }, 'webhook delivery failed: giving up');
      return;
    }
    logger.warn({ ...context, ...failure, retryInMs: delay }, 'webhook delivery failed: will retry');
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.attempt(event, body, attempt + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
