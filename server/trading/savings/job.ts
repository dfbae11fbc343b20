import type { Logger } from '../../logger';
import { announceFunding } from '../funding/announce';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { activeSavingsPage, lockSaving } from '../db/savings.repo';
import { accrueLocked, dueDays, matured } from './accrual';
import { settle } from './savings';
import { logJobFailure } from '../errors';
import { PeriodicJob } from '../periodic-job';

/** How often the leader runs the pass: days are idempotent, so this only bounds how late a day's interest or a maturity is booked. */
export const savingsPassMs = 10 * 60_000;
const pageSize = 200;

export interface SavingsPassResult {
  /** Savings that accrued at least one day, and how many days in all. */
  accrued: number;
  days: number;
  /** Fixed terms paid out. */
  matured: number;
  failed: number;
}

/**
 * One pass over the active savings (docs/customer-area.md#savings): each owed days is brought up to
 * date, and each fixed term whose release time has come is paid out and closed, each saving in a
 * transaction of its own under its row's lock. Safe to run anywhere, any number of times: a day already
 * written is skipped by its primary key, a closed saving is left alone.
 */
export async function runSavingsPass({ db, bus, logger, now }: { db: AppDb; bus: Bus; logger: Logger; now: Date }): Promise<SavingsPassResult> {
  const result: SavingsPassResult = { accrued: 0, days: 0, matured: 0, failed: 0 };
  let afterId = 0;
  for (;;) {
    const page = await activeSavingsPage(db, { afterId, limit: pageSize });
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    for (const candidate of page) {
      if (dueDays(candidate, candidate.lastDay, now).length === 0 && !matured(candidate, now)) continue;
      try {
        const outcome = await db.transaction(async (tx) => {
          const locked = await lockSaving(tx, candidate.id);
          if (!locked || locked.status !== 'active') return null;
          const { saving, days } = await accrueLocked(tx, locked, now);
          const settled = matured(saving, now) ? await settle(tx, saving, { now, early: false, actorId: null, ip: null, by: 'maturity' }) : null;
          return { days, settled, saving };
        });
        if (!outcome) continue;
        if (outcome.days > 0) {
          result.accrued += 1;
          result.days += outcome.days;
        }
        if (outcome.settled) {
          result.matured += 1;
          announceFunding(bus, { userId: outcome.saving.userId, accountId: outcome.saving.accountId, notice: outcome.settled.notice });
        }
      } catch (error) {
        result.failed += 1;
        logJobFailure(logger, error, 'savings accrual failed for one saving', { savingId: candidate.id });
      }
    }
    if (page.length < pageSize) break;
  }
  return result;
}

/** The leader's savings job: a pass at start, then every `savingsPassMs` (never two at once). */
export class SavingsJob extends PeriodicJob<'savings'> {
  constructor(deps: { db: AppDb; bus: Bus; logger: Logger; now: () => Date; intervalMs?: number }) {
    super(
      'savings',
      async () => {
        const result = await runSavingsPass({ ...deps, now: deps.now() });
        if (result.days > 0 || result.matured > 0 || result.failed > 0) deps.logger.info(result, 'savings pass');
      },
      { intervalMs: deps.intervalMs ?? savingsPassMs, logger: deps.logger, failure: 'the savings pass failed' },
    );
  }
}
