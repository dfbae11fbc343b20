import { and, asc, desc, eq, inArray, isNull, max, sql, count, type SQL } from 'drizzle-orm';
import type { SavingsPeriod } from '../../../shared/savings';
import type { Executor, Tx } from './database';
import { currencies, savings, savingsAccruals, savingsPlans, savingsTerms, tradingAccounts } from './schema';

/** Savings plans, their versioned terms, customers' savings and their daily accruals (docs/customer-area.md#savings). */

export type SavingsPlanRow = typeof savingsPlans.$inferSelect;
export type SavingsTermRow = typeof savingsTerms.$inferSelect;
export type SavingRow = typeof savings.$inferSelect;

export async function listPlans(db: Executor, { activeOnly }: { activeOnly: boolean }): Promise<SavingsPlanRow[]> {
  return db
    .select()
    .from(savingsPlans)
    .where(activeOnly ? eq(savingsPlans.active, true) : undefined)
    .orderBy(asc(savingsPlans.sortOrder), asc(savingsPlans.id));
}

export async function findPlan(db: Executor, id: number): Promise<SavingsPlanRow | undefined> {
  const [row] = await db.select().from(savingsPlans).where(eq(savingsPlans.id, id));
  return row;
}

export async function lockPlan(tx: Tx, id: number): Promise<SavingsPlanRow | undefined> {
  const [row] = await tx.select().from(savingsPlans).where(eq(savingsPlans.id, id)).for('update');
  return row;
}

/** The current (not retired) terms of the plans named, by period order. */
export async function currentTerms(db: Executor, planIds: readonly number[]): Promise<SavingsTermRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(savingsTerms)
    .where(and(inArray(savingsTerms.planId, [...planIds]), isNull(savingsTerms.retiredAt)))
    .orderBy(asc(savingsTerms.planId), asc(savingsTerms.id));
}

/** Every version of the plans' terms, newest first. */
export async function termHistory(db: Executor, planIds: readonly number[]): Promise<SavingsTermRow[]> {
  if (planIds.length === 0) return [];
  return db
    .select()
    .from(savingsTerms)
    .where(inArray(savingsTerms.planId, [...planIds]))
    .orderBy(desc(savingsTerms.id));
}

export async function currentTerm(db: Executor, planId: number, period: SavingsPeriod): Promise<SavingsTermRow | undefined> {
  const [row] = await db
    .select()
    .from(savingsTerms)
    .where(and(eq(savingsTerms.planId, planId), eq(savingsTerms.period, period), isNull(savingsTerms.retiredAt)));
  return row;
}

export async function insertPlan(tx: Tx, values: typeof savingsPlans.$inferInsert): Promise<SavingsPlanRow> {
  const [row] = await tx.insert(savingsPlans).values(values).returning();
  return row!;
}

export async function updatePlan(tx: Tx, id: number, values: Partial<typeof savingsPlans.$inferInsert>): Promise<SavingsPlanRow> {
  const [row] = await tx.update(savingsPlans).set(values).where(eq(savingsPlans.id, id)).returning();
  return row!;
}

/** Retires a period's current term (if any) and, with a rate, puts a new version in its place. */
export async function replaceTerm(tx: Tx, { planId, period, roi, at }: { planId: number; period: SavingsPeriod; roi: string | null; at: Date }): Promise<void> {
  await tx
    .update(savingsTerms)
    .set({ retiredAt: at })
    .where(and(eq(savingsTerms.planId, planId), eq(savingsTerms.period, period), isNull(savingsTerms.retiredAt)));
  if (roi !== null) await tx.insert(savingsTerms).values({ planId, period, roi });
}

/** Per plan: its active savings and the principal they hold. */
export async function planFigures(db: Executor): Promise<Map<number, { count: number; saved: string }>> {
  const rows = await db
    .select({ planId: savings.planId, count: count(), saved: sql<string>`coalesce(sum(${savings.amount}), 0)::text` })
    .from(savings)
    .where(eq(savings.status, 'active'))
    .groupBy(savings.planId);
  return new Map(rows.map((row) => [row.planId, { count: row.count, saved: row.saved }]));
}

export async function siteCurrencies(db: Executor): Promise<{ code: string; rate: string }[]> {
  return db.select({ code: currencies.code, rate: currencies.rate }).from(currencies).orderBy(asc(currencies.sortOrder));
}

export async function insertSaving(tx: Tx, values: typeof savings.$inferInsert): Promise<SavingRow> {
  const [row] = await tx.insert(savings).values(values).returning();
  return row!;
}

export async function lockSaving(tx: Tx, id: number): Promise<SavingRow | undefined> {
  const [row] = await tx.select().from(savings).where(eq(savings.id, id)).for('update');
  return row;
}

/** Adds interest to what the saving has accrued and not yet paid (exact, in the database). */
export async function addAccrued(tx: Tx, id: number, amount: string): Promise<SavingRow> {
  const [row] = await tx
    .update(savings)
    .set({ accrued: sql`${savings.accrued} + ${amount}::numeric` })
    .where(eq(savings.id, id))
    .returning();
  return row!;
}

export type SavingListRow = SavingRow & { planTitle: string; earlyWithdrawal: SavingsPlanRow['earlyWithdrawal']; accountNumber: string; currency: string; daysAccrued: number };

/** A customer's savings as the page lists them: with the plan's title and rule, the account and the days accrued. */
function listedSavings(db: Executor, where: SQL | undefined) {
  return db
    .select({
      saving: savings,
      planTitle: savingsPlans.title,
      earlyWithdrawal: savingsPlans.earlyWithdrawal,
      accountNumber: tradingAccounts.number,
      currency: tradingAccounts.currency,
      daysAccrued: sql<number>`(select count(*)::int from ${savingsAccruals} where ${savingsAccruals.savingId} = ${savings.id})`,
    })
    .from(savings)
    .innerJoin(savingsPlans, eq(savingsPlans.id, savings.planId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, savings.accountId))
    .where(where)
    .$dynamic();
}

const asListRow = ({
  saving,
  ...rest
}: {
  saving: SavingRow;
  planTitle: string;
  earlyWithdrawal: SavingsPlanRow['earlyWithdrawal'];
  accountNumber: string;
  currency: string;
  daysAccrued: number;
}): SavingListRow => ({
  ...saving,
  ...rest,
  daysAccrued: Number(rest.daysAccrued),
});

/** A customer's savings, newest first: the active ones and the latest closed ones. */
export async function savingsOfUser(db: Executor, userId: number, { includeClosed, limit = 100 }: { includeClosed: boolean; limit?: number }): Promise<SavingListRow[]> {
  const rows = await listedSavings(db, and(eq(savings.userId, userId), includeClosed ? undefined : eq(savings.status, 'active')))
    .orderBy(sql`${savings.status} = 'closed'`, desc(savings.id))
    .limit(limit);
  return rows.map(asListRow);
}

export async function savingOfUser(db: Executor, userId: number, id: number): Promise<SavingListRow | undefined> {
  const [row] = await listedSavings(db, and(eq(savings.userId, userId), eq(savings.id, id)));
  return row ? asListRow(row) : undefined;
}

/** The last day a saving has accrued (a day number's date text), or null. */
export async function lastAccrualDay(db: Executor, savingId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: max(savingsAccruals.day) })
    .from(savingsAccruals)
    .where(eq(savingsAccruals.savingId, savingId));
  return row?.day ?? null;
}

/** Active savings with their last accrued day, in id order, after `afterId` (the job walks them in pages). */
export async function activeSavingsPage(db: Executor, { afterId, limit }: { afterId: number; limit: number }): Promise<(SavingRow & { lastDay: string | null })[]> {
  const rows = await db
    .select({ saving: savings, lastDay: sql<string | null>`(select max(${savingsAccruals.day})::text from ${savingsAccruals} where ${savingsAccruals.savingId} = ${savings.id})` })
    .from(savings)
    .where(and(eq(savings.status, 'active'), sql`${savings.id} > ${afterId}`))
    .orderBy(asc(savings.id))
    .limit(limit);
  return rows.map(({ saving, lastDay }) => ({ ...saving, lastDay }));
}

/** Writes each day's accrual once: the days already there are skipped; answers the days written. */
export async function insertAccruals(tx: Tx, savingId: number, days: readonly string[], amount: string): Promise<string[]> {
  const written: string[] = [];
  for (let i = 0; i < days.length; i += 500) {
    const rows = await tx
      .insert(savingsAccruals)
      .values(days.slice(i, i + 500).map((day) => ({ savingId, day, amount })))
      .onConflictDoNothing()
      .returning({ day: savingsAccruals.day });
    written.push(...rows.map((row) => row.day));
  }
  return written;
}
