import type { Logger } from '../logger';
import { logJobFailure } from './errors';

/**
 * A leader job that runs one pass at start and then every `intervalMs`, never two at once (a pass asked for while one
 * runs is that one). A failed pass is logged and the next one tries again: each pass must be safe to repeat.
 */
export class PeriodicJob<Name extends string = string> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    readonly name: Name,
    private readonly pass: () => Promise<void>,
    private readonly options: { intervalMs: number; logger: Logger; failure: string },
  ) {}

  /** Runs a pass now unless one is running; resolves when it is done. */
  runNow(): Promise<void> {
    if (this.busy) return this.running;
    this.busy = true;
    this.running = this.pass()
      .catch((error: unknown) => logJobFailure(this.options.logger, error, this.options.failure))
      .finally(() => {
        this.busy = false;
      });
    return this.running;
  }

  /** Resolves once the pass under way (if any) is done. */
  idle(): Promise<void> {
    return this.running;
  }

  start(): void {
    this.timer = setInterval(() => void this.runNow(), this.options.intervalMs);
    this.timer.unref();
    void this.runNow();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
