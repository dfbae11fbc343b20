import { conditionTexts, type ConditionView } from '../../../shared/api/conditions.schema';
import { api } from '../../../shared/api/endpoints';
import { Money } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import { readConditions, removeOverride, setConditions, type ConditionRow } from '../db/conditions.repo';
import { findPlanById } from '../db/plans.repo';
import type { ApiDeps } from '../deps';
import { fail, refusal } from '../errors';
import { TradingConditions } from '../market/conditions';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

/** What the audit trail keeps of a plan's conditions, before and after a change. */
const audited = (row: Pick<ConditionRow, 'spreadMarkup' | 'commissionKind' | 'commissionRate' | 'commissionMinimum'> | undefined) =>
  row && {
    spread_markup: row.spreadMarkup,
    commission_type: row.commissionKind,
    commission_rate: new Money(row.commissionRate).toString(),
    commission_min: new Money(row.commissionMinimum).toString(),
  };

/**
 * Admins edit each plan's trading conditions (docs/trading.md#trading-conditions), audited with before and after; every
 * trading process reads them again (`conditions.changed`), so the next quote, fill and commission use them.
 */
export function conditionsRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  /** The others read the change when they hear of it; this process before it answers (its own reading of the news may come later). */
  const changed = async (planId: number) => {
    deps.bus.publish('conditions.changed', { planId });
    deps.market.replaceConditions(await TradingConditions.load(db));
  };

  on(api.tradingConditions, async () => {
    const { rows, plans } = await readConditions(db);
    const titleOf = new Map(plans.map((p) => [p.id, p.title]));
    const conditions: ConditionView[] = rows.map((row) => ({
      plan_id: row.planId,
      plan: titleOf.get(row.planId) ?? '',
      asset_class: row.assetClass,
      asset_id: row.assetId,
      symbol: row.symbol,
      spread_markup: row.spreadMarkup,
      commission_type: row.commissionKind,
      commission_rate: new Money(row.commissionRate).toString(),
      commission_min: new Money(row.commissionMinimum).toString(),
      updated_at: row.updatedAt.toISOString(),
    }));
    return {
      data: {
        conditions,
        plans: plans.map((p) => ({ id: p.id, title: p.title, is_default: p.isDefault })),
        instruments: deps.market.instruments.map((i) => ({ id: i.id, symbol: i.symbol, asset_class: i.assetClass })),
      },
    };
  });

  on(api.setConditions, async ({ body }, req, res) => {
    const actor = staffActorOf(req, res);
    const plan = (await findPlanById(db, body.plan_id)) ?? fail(refusal.invalid(conditionTexts.plan, 'plan_id'));
    const assetId = body.asset_id === '' || body.asset_id === 0 || body.asset_id === undefined ? null : body.asset_id;
    const instrument = assetId === null ? undefined : deps.market.instrument(assetId);
    if (assetId !== null && instrument?.assetClass !== body.asset_class) fail(refusal.invalid(conditionTexts.instrument, 'asset_id'));
    const commission = { kind: body.commission_type, rate: body.commission_rate, minimum: body.commission_min };
    await db.transaction(async (tx) => {
      const before = await setConditions(tx, { planId: plan.id, assetClass: body.asset_class, assetId, spreadMarkup: body.spread_markup, commission, by: actor.id });
      const after = {
        spread_markup: body.spread_markup,
        commission_type: commission.kind,
        commission_rate: new Money(commission.rate).toString(),
        commission_min: new Money(commission.minimum).toString(),
      };
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'conditions.set',
        subjectType: 'plan',
        subjectId: plan.id,
        details: { plan: plan.title, asset_class: body.asset_class, symbol: instrument?.symbol ?? null, before: audited(before) ?? null, after },
        ip: actor.ip,
      });
    });
    await changed(plan.id);
    return { data: {}, message: conditionTexts.set(plan.title, instrument?.symbol ?? body.asset_class) };
  });

  on(api.removeConditions, async ({ body }, req, res) => {
    const actor = staffActorOf(req, res);
    const plan = (await findPlanById(db, body.plan_id)) ?? fail(refusal.invalid(conditionTexts.plan, 'plan_id'));
    const instrument = deps.market.instrument(body.asset_id) ?? fail(refusal.invalid(conditionTexts.instrument, 'asset_id'));
    await db.transaction(async (tx) => {
      const removed = (await removeOverride(tx, { planId: plan.id, assetId: instrument.id })) ?? fail(refusal.notFound(conditionTexts.noOverride));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'conditions.removed',
        subjectType: 'plan',
        subjectId: plan.id,
        details: { plan: plan.title, symbol: instrument.symbol, before: audited(removed) },
        ip: actor.ip,
      });
    });
    await changed(plan.id);
    return { data: {}, message: conditionTexts.removed(plan.title, instrument.symbol) };
  });

  return router;
}
