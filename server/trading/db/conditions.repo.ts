import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AssetClass } from '../../../shared/constants';
import type { Commission } from '../../../shared/trading/conditions';
import type { Executor, Tx } from './database';
import { assets, planConditions, plans } from './schema';

/** Plans' trading conditions (docs/trading.md#trading-conditions). */

export type ConditionRow = typeof planConditions.$inferSelect;

/** Every plan's conditions, with the plans' names and which one customers without a plan are on. */
export async function readConditions(db: Executor) {
  const [rows, planRows] = await Promise.all([
    db
      .select({ row: planConditions, symbol: assets.symbol })
      .from(planConditions)
      .leftJoin(assets, eq(assets.id, planConditions.assetId))
      .orderBy(asc(planConditions.planId), asc(planConditions.assetClass), asc(planConditions.assetId)),
    db.select({ id: plans.id, title: plans.title, isDefault: plans.isDefault, sortOrder: plans.sortOrder }).from(plans).orderBy(asc(plans.sortOrder), asc(plans.id)),
  ]);
  return { rows: rows.map(({ row, symbol }) => ({ ...row, symbol })), plans: planRows, defaultPlanId: planRows.find((p) => p.isDefault)?.id ?? null };
}
export type ConditionsRead = Awaited<ReturnType<typeof readConditions>>;

export interface ConditionsChange {
  planId: number;
  assetClass: AssetClass;
  assetId: number | null;
  spreadMarkup: number;
  commission: Commission;
  by: number;
}

/** Sets a plan's conditions for a class or one instrument; returns what was there before (undefined: nothing). */
export async function setConditions(tx: Tx, change: ConditionsChange): Promise<ConditionRow | undefined> {
  // The plan's row first: two changes of one plan at once take turns, so the second finds the first's row to update.
  await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, change.planId)).for('no key update');
  const scope = and(
    eq(planConditions.planId, change.planId),
    eq(planConditions.assetClass, change.assetClass),
    change.assetId === null ? isNull(planConditions.assetId) : eq(planConditions.assetId, change.assetId),
  );
  const [before] = await tx.select().from(planConditions).where(scope).for('update');
  const values = {
    spreadMarkup: change.spreadMarkup,
    commissionKind: change.commission.kind,
    commissionRate: change.commission.rate,
    commissionMinimum: change.commission.minimum,
    updatedAt: sql`now()`,
    updatedBy: change.by,
  };
  if (before) await tx.update(planConditions).set(values).where(eq(planConditions.id, before.id));
  else await tx.insert(planConditions).values({ planId: change.planId, assetClass: change.assetClass, assetId: change.assetId, ...values });
  return before;
}

/** Removes an instrument's override (it trades at its class's conditions again); true when there was one. */
export async function removeOverride(tx: Tx, { planId, assetId }: { planId: number; assetId: number }): Promise<ConditionRow | undefined> {
  const [removed] = await tx
    .delete(planConditions)
    .where(and(eq(planConditions.planId, planId), eq(planConditions.assetId, assetId)))
    .returning();
  return removed;
}
