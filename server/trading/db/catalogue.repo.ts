import { and, asc, count, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { AdvisorRow } from './advisors.repo';
import type { Executor, Tx } from './database';
import { leverageMap, listPlanFeatures } from './reference-data.repo';
import { expertAdvisors, ownedExpertAdvisors, planExpertAdvisors, planFeatureValues, plans, users } from './schema';

/**
 * The catalogue admins edit (docs/back-office.md#catalogue): advisors with the plans that include them and
 * their owners, plans with their feature values, advisors and customers, and the writes of one change.
 */

export type PlanRow = typeof plans.$inferSelect;

export interface CatalogueAdvisorRow {
  advisor: AdvisorRow;
  planIds: number[];
  /** Customers who own it now: bought for good, or a monthly one inside its paid month. */
  owners: number;
}

export interface CataloguePlanRow {
  plan: PlanRow;
  /** One value per feature row, in the rows' order ('' where the plan has none). */
  features: { id: number; label: string; value: string }[];
  advisorIds: number[];
  /** Customers on it; those with no plan count on the default one (they get its leverage). */
  customers: number;
}

/** Catalogue changes take this transaction-scoped lock first, so they run one at a time and each audit's "before" is exact. */
const catalogueLockKey = 727_010;

export async function lockCatalogue(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${catalogueLockKey})`);
}

const links = async (db: Executor, where?: ReturnType<typeof eq>) => db.select().from(planExpertAdvisors).where(where).orderBy(asc(planExpertAdvisors.planId), asc(planExpertAdvisors.expertAdvisorId));

/** Every advisor in the catalogue's order (or the one with `id`), with the plans that include it and its owners. */
export async function catalogueAdvisors(db: Executor, id?: number): Promise<CatalogueAdvisorRow[]> {
  const rows = await db
    .select()
    .from(expertAdvisors)
    .where(id === undefined ? undefined : eq(expertAdvisors.id, id))
    .orderBy(asc(expertAdvisors.sortOrder), asc(expertAdvisors.id));
  if (rows.length === 0) return [];
  const included = await links(db, id === undefined ? undefined : eq(planExpertAdvisors.expertAdvisorId, id));
  const owners = await db
    .select({ id: ownedExpertAdvisors.expertAdvisorId, n: count() })
    .from(ownedExpertAdvisors)
    .where(and(id === undefined ? undefined : eq(ownedExpertAdvisors.expertAdvisorId, id), or(isNull(ownedExpertAdvisors.paidUntil), gt(ownedExpertAdvisors.paidUntil, sql`now()`))))
    .groupBy(ownedExpertAdvisors.expertAdvisorId);
  const ownersOf = new Map(owners.map((row) => [row.id, Number(row.n)]));
  return rows.map((advisor) => ({
    advisor,
    planIds: included.filter((link) => link.expertAdvisorId === advisor.id).map((link) => link.planId),
    owners: ownersOf.get(advisor.id) ?? 0,
  }));
}

/** Every plan in its order (or the one with `id`), with its feature values, the advisors it includes and its customers. */
export async function cataloguePlans(db: Executor, id?: number): Promise<CataloguePlanRow[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(id === undefined ? undefined : eq(plans.id, id))
    .orderBy(asc(plans.sortOrder), asc(plans.id));
  if (rows.length === 0) return [];
  const features = await listPlanFeatures(db);
  const values = await db
    .select()
    .from(planFeatureValues)
    .where(id === undefined ? undefined : eq(planFeatureValues.planId, id));
  const valueOf = new Map(values.map((v) => [`${v.planId}:${v.featureId}`, v.value]));
  const included = await links(db, id === undefined ? undefined : eq(planExpertAdvisors.planId, id));
  const onPlans = await db.select({ planId: users.planId, n: count() }).from(users).where(eq(users.role, 'customer')).groupBy(users.planId);
  const [defaultPlan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true));
  const customersOf = new Map<number, number>();
  for (const { planId, n } of onPlans) {
    const on = planId ?? defaultPlan?.id;
    if (on !== undefined) customersOf.set(on, (customersOf.get(on) ?? 0) + Number(n));
  }
  return rows.map((plan) => ({
    plan,
    features: features.map((f) => ({ id: f.id, label: f.label, value: valueOf.get(`${plan.id}:${f.id}`) ?? '' })),
    advisorIds: included.filter((link) => link.planId === plan.id).map((link) => link.expertAdvisorId),
    customers: customersOf.get(plan.id) ?? 0,
  }));
}

/** Of `ids`, those that are plans. */
export async function planIdsAmong(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(inArray(plans.id, [...ids]));
  return rows.map((row) => row.id);
}

/** Of `ids`, those that are expert advisors. */
export async function advisorIdsAmong(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: expertAdvisors.id })
    .from(expertAdvisors)
    .where(inArray(expertAdvisors.id, [...ids]));
  return rows.map((row) => row.id);
}

/** The most leverage a plan can make use of: the highest leverage of any asset class (a class with none set has `defaultClassLeverage`). */
export async function highestClassLeverage(db: Executor): Promise<number> {
  return Math.max(...Object.values(await leverageMap(db)));
}

export type AdvisorChanges = Partial<Pick<AdvisorRow, 'name' | 'description' | 'price' | 'billing' | 'enabled'>>;
export type PlanChanges = Partial<Pick<PlanRow, 'title' | 'color' | 'leverage' | 'isRecommended' | 'autotraderAllowed' | 'price'>>;

export async function updateAdvisorRow(db: Executor, id: number, changes: AdvisorChanges): Promise<void> {
  if (Object.keys(changes).length > 0) await db.update(expertAdvisors).set(changes).where(eq(expertAdvisors.id, id));
}

export async function updatePlanRow(db: Executor, id: number, changes: PlanChanges): Promise<void> {
  if (Object.keys(changes).length > 0) await db.update(plans).set(changes).where(eq(plans.id, id));
}

/** Exactly `planIds` include the advisor from now on. */
export async function setAdvisorPlans(db: Executor, advisorId: number, planIds: readonly number[]): Promise<void> {
  const ofAdvisor = eq(planExpertAdvisors.expertAdvisorId, advisorId);
  await db.delete(planExpertAdvisors).where(planIds.length > 0 ? and(ofAdvisor, notInArray(planExpertAdvisors.planId, [...planIds])) : ofAdvisor);
  if (planIds.length > 0)
    await db
      .insert(planExpertAdvisors)
      .values(planIds.map((planId) => ({ planId, expertAdvisorId: advisorId })))
      .onConflictDoNothing();
}

/** The plan includes exactly `advisorIds` from now on. */
export async function setPlanAdvisors(db: Executor, planId: number, advisorIds: readonly number[]): Promise<void> {
  const ofPlan = eq(planExpertAdvisors.planId, planId);
  await db.delete(planExpertAdvisors).where(advisorIds.length > 0 ? and(ofPlan, notInArray(planExpertAdvisors.expertAdvisorId, [...advisorIds])) : ofPlan);
  if (advisorIds.length > 0)
    await db
      .insert(planExpertAdvisors)
      .values(advisorIds.map((expertAdvisorId) => ({ planId, expertAdvisorId })))
      .onConflictDoNothing();
}

/** Writes the plan's text for each feature row named (feature id → value). */
export async function setPlanFeatureValues(db: Executor, planId: number, values: ReadonlyMap<number, string>): Promise<void> {
  if (values.size === 0) return;
  await db
    .insert(planFeatureValues)
    .values([...values].map(([featureId, value]) => ({ planId, featureId, value })))
    .onConflictDoUpdate({ target: [planFeatureValues.planId, planFeatureValues.featureId], set: { value: sql`excluded.value` } });
}
