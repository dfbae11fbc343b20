import type { Request, Response } from 'express';
import { financingTexts, rateTexts, type RolloverView } from '../../../shared/api/financing.schema';
import { Money } from '../../../shared/money';
import { api } from '../../../shared/api/endpoints';
import { financingMethodOf, rolloverInstant } from '../../../shared/trading/financing';
import { recordAudit } from '../db/audit.repo';
import type { Tx } from '../db/database';
import {
  commissionsByDay,
  commissionsByInstrument,
  financingByInstrument,
  financingByNight,
  findRollover,
  latestBookedNight,
  ratesInForceAt,
  recentRollovers,
  setBenchmarkRate,
  setInstrumentSwapPoints,
  setPlanMarkup,
  type RolloverRow,
} from '../db/financing.repo';
import { allPlans, findPlanById } from '../db/plans.repo';
import type { ApiDeps } from '../deps';
import { fail, refusal } from '../errors';
import { runRollover, type RolloverDeps } from '../financing/rollover';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

const shown = 30;
/** How many nights back the report sums. */
const reportNights = 31;
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

  on(api.financingReport, async ({ query }) => {
    const now = deps.market.now();
    const since = new Date(now.getTime() - reportNights * 86_400_000).toISOString().slice(0, 10);
    const commissions = await commissionsByDay(db, since);
    const day = query.day ?? (await latestBookedNight(db)) ?? null;
    const commissionDay = query.day ?? commissions[0]?.day ?? null;
    const figures = (r: { charged: string | null; credited: string | null; positions: number }) => ({
      charged: new Money(r.charged ?? 0).toFixed(2),
      credited: new Money(r.credited ?? 0).toFixed(2),
      positions: r.positions,
    });
    const commissionFigures = (r: { charged: string | null; sides: number }) => ({ charged: new Money(r.charged ?? 0).toFixed(2), sides: r.sides });
    return {
      data: {
        nights: (await financingByNight(db, since)).map((r) => ({ day: r.day, currency: r.currency, ...figures(r) })),
        day,
        instruments: day ? (await financingByInstrument(db, day)).map((r) => ({ symbol: r.symbol, plan: r.plan, currency: r.currency, ...figures(r) })) : [],
        commissions: commissions.map((r) => ({ day: r.day, currency: r.currency, ...commissionFigures(r) })),
        commission_day: commissionDay,
        commission_instruments: commissionDay ? (await commissionsByInstrument(db, commissionDay)).map((r) => ({ symbol: r.symbol, plan: r.plan, currency: r.currency, ...commissionFigures(r) })) : [],
      },
    };
  });

  on(api.financingRates, async () => {
    const rates = await ratesInForceAt(db, deps.market.now());
    const iso = (d: Date) => d.toISOString();
    return {
      data: {
        benchmarks: rates.benchmarks.map((b) => ({ currency: b.currency, rate_percent: new Money(b.ratePercent).toString(), effective_from: iso(b.effectiveFrom) })),
        swap_points: rates.points.map((p) => ({
          asset_id: p.assetId,
          symbol: p.symbol,
          long_points: new Money(p.longPoints).toString(),
          short_points: new Money(p.shortPoints).toString(),
          effective_from: iso(p.effectiveFrom),
        })),
        markups: rates.markups.map((m) => ({ plan_id: m.planId, plan: m.plan, asset_class: m.assetClass, markup: new Money(m.markup).toString(), effective_from: iso(m.effectiveFrom) })),
        plans: (await allPlans(db)).map((plan) => ({ id: plan.id, title: plan.title })),
        pointed: deps.market.instruments.filter((i) => financingMethodOf(i.assetClass) === 'points').map((i) => ({ id: i.id, symbol: i.symbol })),
      },
    };
  });

  /** A rate set by an admin: a new row in force from now, audited with it. */
  async function setRate(req: Request, res: Response, action: string, details: Record<string, unknown>, write: (tx: Tx, at: Date, actorId: number) => Promise<void>) {
    const actor = staffActorOf(req, res);
    await db.transaction(async (tx) => {
      await write(tx, deps.market.now(), actor.id);
      await recordAudit(tx, { actorId: actor.id, action, subjectType: 'financing', subjectId: null, details, ip: actor.ip });
    });
  }

  on(api.setBenchmark, async ({ body }, req, res) => {
    await setRate(req, res, 'financing.benchmark_set', body, (tx, at, by) => setBenchmarkRate(tx, { currency: body.currency, ratePercent: body.rate_percent, effectiveFrom: at, setBy: by }));
    return { data: {}, message: rateTexts.set(`The ${body.currency} benchmark`) };
  });

  on(api.setSwapPoints, async ({ body }, req, res) => {
    const instrument = deps.market.instrument(body.asset_id);
    if (!instrument || financingMethodOf(instrument.assetClass) !== 'points') fail(refusal.invalid(rateTexts.instrument, 'asset_id'));
    await setRate(req, res, 'financing.swap_points_set', { symbol: instrument.symbol, ...body }, (tx, at, by) =>
      setInstrumentSwapPoints(tx, { assetId: instrument.id, longPoints: body.long_points, shortPoints: body.short_points, effectiveFrom: at, setBy: by }),
    );
    return { data: {}, message: rateTexts.set(`${instrument.symbol}'s swap points`) };
  });

  on(api.setMarkup, async ({ body }, req, res) => {
    const plan = await findPlanById(db, body.plan_id);
    if (!plan) fail(refusal.invalid(rateTexts.plan, 'plan_id'));
    await setRate(req, res, 'financing.markup_set', { plan: plan.title, ...body }, (tx, at, by) =>
      setPlanMarkup(tx, { planId: plan.id, assetClass: body.asset_class, markup: body.markup, effectiveFrom: at, setBy: by }),
    );
    return { data: {}, message: rateTexts.set(`${plan.title}'s ${body.asset_class} markup`) };
  });

  return router;
}
