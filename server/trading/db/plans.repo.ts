import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QueueTab } from '../../../shared/api/funding.schema';
import type { AccountRow } from './accounts.repo';
import type { Executor, Tx } from './database';
import { pendingOrders, planChangeRequests, plans, tradingAccounts, users } from './schema';

/** Plans and customers' moves between them (docs/customer-area.md#plans). */

export type PlanRow = typeof plans.$inferSelect;
export type PlanRequestRecord = typeof planChangeRequests.$inferSelect;

export async function allPlans(db: Executor): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
}

export async function findPlanById(db: Executor, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** The plan new customers get (and whose leverage a customer with none is held to). */
export async function defaultPlan(db: Executor): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.isDefault, true));
  return row;
}

/**
 * Locks every account of the customer, in id order as `lockCustomerAccounts` does (so it never deadlocks
 * an order): while a plan changes, no order of theirs is decided against the old plan's leverage.
 */
export async function lockAccountsOfUser(tx: Tx, userId: number): Promise<AccountRow[]> {
  return tx.select().from(tradingAccounts).where(eq(tradingAccounts.userId, userId)).orderBy(tradingAccounts.id).for('no key update');
}

/** Waiting pending orders on these accounts whose leverage is above `leverage` (they fill at their own). */
export async function pendingOrdersAbove(db: Executor, accountIds: readonly number[], leverage: number): Promise<number> {
  if (accountIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(pendingOrders)
    .where(and(inArray(pendingOrders.accountId, [...accountIds]), eq(pendingOrders.status, 'pending'), gt(pendingOrders.leverage, leverage)));
  return row?.n ?? 0;
}

export async function insertPlanRequest(tx: Tx, values: typeof planChangeRequests.$inferInsert): Promise<PlanRequestRecord> {
  const [row] = await tx.insert(planChangeRequests).values(values).returning();
  return row!;
}

/** A request as it stands: staff's decision on it is a compare-and-set from this state (`transition`, db/transition.ts). */
export async function findPlanRequest(db: Executor, id: number): Promise<PlanRequestRecord | undefined> {
  const [row] = await db.select().from(planChangeRequests).where(eq(planChangeRequests.id, id));
  return row;
}

export async function pendingRequestOf(db: Executor, userId: number): Promise<PlanRequestRecord | undefined> {
  const [row] = await db
    .select()
    .from(planChangeRequests)
    .where(and(eq(planChangeRequests.userId, userId), eq(planChangeRequests.status, 'pending')));
  return row;
}

/** The customer's most recent request, with its plan's title. */
export async function latestRequestOf(db: Executor, userId: number): Promise<{ row: PlanRequestRecord; planTitle: string } | undefined> {
  const [found] = await db
    .select({ row: planChangeRequests, planTitle: plans.title })
    .from(planChangeRequests)
    .innerJoin(plans, eq(plans.id, planChangeRequests.planId))
    .where(eq(planChangeRequests.userId, userId))
    .orderBy(desc(planChangeRequests.id))
    .limit(1);
  return found;
}

const fromPlan = alias(plans, 'from_plan');

/** Who decided, by name (a subquery: drizzle cannot type a query joining `users` and an alias of it). */
const decider = sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${planChangeRequests.decidedBy})`;
/** The Live account's currency a paid move was charged in. */
const currency = sql<
  string | null
>`(select ${tradingAccounts.currency} from ${tradingAccounts} where ${tradingAccounts.userId} = ${planChangeRequests.userId} and ${tradingAccounts.type} = 'live' and ${tradingAccounts.isPrimary})`;

function tabOf(tab: QueueTab): SQL | undefined {
  if (tab === 'pending') return eq(planChangeRequests.status, 'pending');
  if (tab === 'done') return ne(planChangeRequests.status, 'pending');
  return undefined;
}

/** Staff's list: pending requests first (oldest first, as they wait), then the rest newest first. */
export async function planRequestQueue(db: Executor, { tab, q, page, perPage, id }: { tab: QueueTab; q: string | undefined; page: number; perPage: number; id?: number }) {
  const where = and(tabOf(tab), q ? eq(users.email, q.trim().toLowerCase()) : undefined, id === undefined ? undefined : eq(planChangeRequests.id, id));
  const [total] = await db.select({ n: count() }).from(planChangeRequests).innerJoin(users, eq(users.id, planChangeRequests.userId)).where(where);
  const [pending] = await db.select({ n: count() }).from(planChangeRequests).where(eq(planChangeRequests.status, 'pending'));
  const isPending = sql`(${planChangeRequests.status} = 'pending')`;
  const rows = await db
    .select({
      row: planChangeRequests,
      customer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      plan: { id: plans.id, title: plans.title, leverage: plans.leverage },
      fromPlan: { id: fromPlan.id, title: fromPlan.title, leverage: fromPlan.leverage },
      decider,
      currency,
    })
    .from(planChangeRequests)
    .innerJoin(users, eq(users.id, planChangeRequests.userId))
    .innerJoin(plans, eq(plans.id, planChangeRequests.planId))
    .leftJoin(fromPlan, eq(fromPlan.id, planChangeRequests.fromPlanId))
    .where(where)
    .orderBy(desc(isPending), sql`case when ${isPending} then ${planChangeRequests.id} else -${planChangeRequests.id} end`)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0, pending: pending?.n ?? 0 };
}
export type PlanRequestJoin = Awaited<ReturnType<typeof planRequestQueue>>['rows'][number];
