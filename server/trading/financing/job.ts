import { rolloversBetween } from '../../../shared/trading/financing';
import { lastCompletedRollover } from '../db/financing.repo';
import { logJobFailure } from '../errors';
import { runRollover, type RolloverDeps } from './rollover';

/** How often the leader looks for a rollover due: it bounds how late after ROLLOVER_TIME a night is booked. */
export const rolloverCheckMs = 60_000;
/** How far back the job catches up by itself after an outage; older nights are staff's to run (docs/trading.md#overnight-financing). */
export const catchUpDays = 7;

/**
 * The leader's rollover job: each minute, every rollover since the last completed one (or since this job first ran,
 * on a database that has none) is run, oldest first, each with its own day's rates.
 */
export class RolloverJob {
  readonly name = 'rollover';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private busy = false;
  private readonly startedAt: Date;

  constructor(private readonly deps: RolloverDeps & { intervalMs?: number }) {
    this.startedAt = deps.market.now();
  }

  /** Runs the rollovers due unless a check is running; resolves when it is done. */
  runDue(): Promise<void> {
    if (this.busy) return this.running;
    this.busy = true;
    this.running = this.dueNow()
      .catch((error: unknown) => logJobFailure(this.deps.logger, error, 'the rollover failed'))
      .finally(() => {
        this.busy = false;
      });
    return this.running;
  }

  private async dueNow(): Promise<void> {
    const now = this.deps.market.now();
    const last = await lastCompletedRollover(this.deps.db);
    const floor = new Date(now.getTime() - catchUpDays * 86_400_000);
    const since = last ? new Date(Math.max(last.at.getTime(), floor.getTime())) : this.startedAt;
    for (const day of rolloversBetween(since, now, this.deps.clock)) await runRollover(this.deps, day, { trigger: 'schedule' });
  }

  start(): void {
    this.timer = setInterval(() => void this.runDue(), this.deps.intervalMs ?? rolloverCheckMs);
    this.timer.unref();
    void this.runDue();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
