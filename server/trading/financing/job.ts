import { rolloversBetween } from '../../../shared/trading/financing';
import { lastCompletedRollover } from '../db/financing.repo';
import { PeriodicJob } from '../periodic-job';
import { runRollover, type RolloverDeps } from './rollover';

/** How often the leader looks for a rollover due: it bounds how late after ROLLOVER_TIME a night is booked. */
export const rolloverCheckMs = 60_000;
/** How far back the job catches up by itself after an outage; older nights are staff's to run (docs/trading.md#overnight-financing). */
export const catchUpDays = 7;

/**
 * The leader's rollover job: each minute, every rollover since the last completed one (or since this job first ran,
 * on a database that has none) is run, oldest first, each with its own day's rates.
 */
export class RolloverJob extends PeriodicJob<'rollover'> {
  constructor(deps: RolloverDeps & { intervalMs?: number }) {
    const startedAt = deps.market.now();
    super(
      'rollover',
      async () => {
        const now = deps.market.now();
        const last = await lastCompletedRollover(deps.db);
        const floor = new Date(now.getTime() - catchUpDays * 86_400_000);
        const since = last ? new Date(Math.max(last.at.getTime(), floor.getTime())) : startedAt;
        for (const day of rolloversBetween(since, now, deps.clock)) await runRollover(deps, day, { trigger: 'schedule' });
      },
      { intervalMs: deps.intervalMs ?? rolloverCheckMs, logger: deps.logger, failure: 'the rollover failed' },
    );
  }
}
