import { financingTexts, type RolloverView } from '../../../shared/api/financing.schema';
import { api } from '../../../shared/api/endpoints';
import { rolloverInstant } from '../../../shared/trading/financing';
import { recordAudit } from '../db/audit.repo';
import { findRollover, recentRollovers, type RolloverRow } from '../db/financing.repo';
import type { ApiDeps } from '../deps';
import { fail, refusal } from '../errors';
import { runRollover, type RolloverDeps } from '../financing/rollover';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

const shown = 30;
const yearMs = 366 * 86_400_000;

const presentRollover = (row: RolloverRow): RolloverView => ({
  day: row.day,
  at: row.at.toISOString(),
  started_at: row.startedAt.toISOString(),
  completed_at: row.completedAt?.toISOString() ?? null,
  trigger: row.trigger,
  positions: row.positions,
});

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Admins' view of the rollovers, and a day run by hand: a missed night, or every night with ROLLOVER_TIME=off (docs/trading.md#overnight-financing). */
export function financingRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const rolloverDeps: RolloverDeps = { db, market: deps.market, bus: deps.bus, logger: deps.logger, clock: deps.rollover.clock };

  on(api.rollovers, async () => ({
    data: (await recentRollovers(db, shown)).map(presentRollover),
    clock: { time: hhmm(deps.rollover.clock.minute), time_zone: deps.rollover.clock.timeZone, scheduled: deps.rollover.scheduled },
  }));

  on(api.runRollover, async ({ body: { day } }, req, res) => {
    const actor = staffActorOf(req, res);
    const at = rolloverInstant(day, deps.rollover.clock).getTime();
    const now = deps.market.now().getTime();
    if (at > now) fail(refusal.invalid(financingTexts.notYet(day), 'day'));
    if (now - at > yearMs) fail(refusal.invalid(financingTexts.tooOld, 'day'));
    if ((await findRollover(db, day))?.completedAt) fail(refusal.conflict(financingTexts.alreadyBooked(day)));
    const result = await runRollover(rolloverDeps, day, { trigger: 'staff', actorId: actor.id });
    if (result.alreadyDone) fail(refusal.conflict(financingTexts.alreadyBooked(day)));
    await recordAudit(db, { actorId: actor.id, action: 'financing.rollover_run', subjectType: 'rollover', subjectId: null, details: { day, booked: result.booked }, ip: actor.ip });
    const row = (await findRollover(db, day))!;
    return { data: { rollover: presentRollover(row), booked: result.booked }, message: financingTexts.booked(day, result.booked) };
  });

  return router;
}
