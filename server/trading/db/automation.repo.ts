import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountRow } from './accounts.repo';
import type { Executor, Tx } from './database';
import type { TradeRow } from './trades.repo';
import type { UserRow } from './users.repo';
import { advisorActivations, autotraderRequests, expertAdvisors, plans, trades, tradingAccounts, users } from './schema';

/**
 * Automated trading's data: each customer's activated expert advisor (and its run), AutoTrader's
 * requests and the customers' AutoTrader switch, what the runner reads each bar, and the trades an
 * automation placed.
 */

export type ActivationRow = typeof advisorActivations.$inferSelect;
export type AutotraderRequestRow = typeof autotraderRequests.$inferSelect;
type AccountType = AccountRow['type'];

/** One run of an advisor: a new start (another instrument or account, or the same again) is another run. */
export interface AdvisorRun {
  userId: number;
  startedAt: Date;
}

// ── Activations ──────────────────────────────────────────────────────────────────────────────────

export async function findActivation(db: Executor, userId: number): Promise<ActivationRow | undefined> {
  const [row] = await db.select().from(advisorActivations).where(eq(advisorActivations.userId, userId));
  return row;
}

/** The customer's activation, locked `for update` for the rest of the transaction (the caller locks the account after it). */
export async function lockActivationRow(tx: Tx, userId: number): Promise<ActivationRow | undefined> {
  const [row] = await tx.select().from(advisorActivations).where(eq(advisorActivations.userId, userId)).for('update');
  return row;
}

/** Makes `advisorId` the customer's activated advisor, afresh: not running, no target, no memory. */
export async function saveFreshActivation(db: Executor, { userId, advisorId, activatedAt }: { userId: number; advisorId: number; activatedAt: Date }): Promise<ActivationRow> {
  const fresh = { expertAdvisorId: advisorId, running: false, accountId: null, assetId: null, state: {}, stoppedReason: null, activatedAt, startedAt: null };
  const [saved] = await db
    .insert(advisorActivations)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({ target: advisorActivations.userId, set: fresh })
    .returning();
  return saved!;
}

/** Removes the customer's activation; the row removed, if there was one. */
export async function deleteActivation(db: Executor, userId: number): Promise<ActivationRow | undefined> {
  const [row] = await db.delete(advisorActivations).where(eq(advisorActivations.userId, userId)).returning();
  return row;
}

/** Starts a new run of the activated advisor on an account and instrument: its memory starts empty and no stop reason stays. */
export async function startRun(db: Executor, { userId, accountId, assetId, startedAt }: { userId: number; accountId: number; assetId: number; startedAt: Date }): Promise<ActivationRow> {
  const [saved] = await db.update(advisorActivations).set({ running: true, accountId, assetId, state: {}, stoppedReason: null, startedAt }).where(eq(advisorActivations.userId, userId)).returning();
  return saved!;
}

/** Stops the customer's activated advisor (keeping its target and memory). */
export async function stopActivation(db: Executor, userId: number): Promise<ActivationRow> {
  const [saved] = await db.update(advisorActivations).set({ running: false }).where(eq(advisorActivations.userId, userId)).returning();
  return saved!;
}

/** Only while it is that very run, still running. */
const thisRun = (run: AdvisorRun) => and(eq(advisorActivations.userId, run.userId), eq(advisorActivations.running, true), eq(advisorActivations.startedAt, run.startedAt));

/** Stores the strategy's memory, if that run still runs. */
export async function saveRunState(db: Executor, run: AdvisorRun, state: Record<string, unknown>): Promise<void> {
  await db.update(advisorActivations).set({ state }).where(thisRun(run));
}

/** Stops that run, saying why; undefined when it no longer runs (stopped, or another run started meanwhile). */
export async function haltRun(db: Executor, run: AdvisorRun, reason: string): Promise<ActivationRow | undefined> {
  const [row] = await db.update(advisorActivations).set({ running: false, stoppedReason: reason }).where(thisRun(run)).returning();
  return row;
}

// ── Whether an automation is still on ────────────────────────────────────────────────────────────

/** Whether that very advisor run is still on for the account, and its customer active (the caller holds the account lock). */
export async function advisorRunIsOn(
  tx: Tx,
  { userId, accountId, advisorId, assetId, startedAt }: { userId: number; accountId: number; advisorId: number; assetId: number; startedAt: Date },
): Promise<boolean> {
  const [on] = await tx
    .select({ userId: advisorActivations.userId })
    .from(advisorActivations)
    .innerJoin(users, eq(users.id, advisorActivations.userId))
    .where(
      and(
        and(eq(users.id, userId), eq(users.status, 'active')),
        eq(advisorActivations.running, true),
        eq(advisorActivations.expertAdvisorId, advisorId),
        eq(advisorActivations.accountId, accountId),
        eq(advisorActivations.assetId, assetId),
        eq(advisorActivations.startedAt, startedAt),
      ),
    );
  return on !== undefined;
}

/** Whether AutoTrader is still on for the account, and its customer active (the caller holds the account lock). */
export async function autotraderIsOn(tx: Tx, { userId, accountId }: { userId: number; accountId: number }): Promise<boolean> {
  const [on] = await tx
    .select({ userId: users.id })
    .from(users)
    .where(and(and(eq(users.id, userId), eq(users.status, 'active')), eq(users.autotrader, true), eq(users.autotraderAccountId, accountId)));
  return on !== undefined;
}

// ── The runner's jobs ────────────────────────────────────────────────────────────────────────────

/** Every running advisor with what a bar needs: its run, strategy, customer's standing, plan leverage and account. */
export async function advisorJobs(db: Executor) {
  return db
    .select({
      userId: advisorActivations.userId,
      advisorId: advisorActivations.expertAdvisorId,
      accountId: advisorActivations.accountId,
      assetId: advisorActivations.assetId,
      state: advisorActivations.state,
      startedAt: advisorActivations.startedAt,
      strategy: expertAdvisors.strategy,
      params: expertAdvisors.params,
      status: users.status,
      planLeverage: plans.leverage,
      balance: tradingAccounts.balance,
      currency: tradingAccounts.currency,
      planId: tradingAccounts.planId,
    })
    .from(advisorActivations)
    .innerJoin(expertAdvisors, eq(expertAdvisors.id, advisorActivations.expertAdvisorId))
    .innerJoin(users, eq(users.id, advisorActivations.userId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, advisorActivations.accountId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(advisorActivations.running, true));
}
export type AdvisorJob = Awaited<ReturnType<typeof advisorJobs>>[number];

/** Every customer AutoTrader is on for, with their level, standing, plan leverage and the account it trades. */
export async function autotraderJobs(db: Executor) {
  return db
    .select({
      userId: users.id,
      level: users.autotraderLevel,
      accountId: tradingAccounts.id,
      status: users.status,
      planLeverage: plans.leverage,
      balance: tradingAccounts.balance,
      currency: tradingAccounts.currency,
      planId: tradingAccounts.planId,
    })
    .from(users)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, users.autotraderAccountId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.autotrader, true));
}
export type AutotraderJob = Awaited<ReturnType<typeof autotraderJobs>>[number];

// ── Trades placed by an automation ───────────────────────────────────────────────────────────────

/** The account's currency and plan, for an advisor's figures on it (undefined when there is no such account). */
export async function accountHolder(db: Executor, accountId: number): Promise<{ currency: string; planId: number | null } | undefined> {
  const [account] = await db.select({ currency: tradingAccounts.currency, planId: tradingAccounts.planId }).from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
  return account;
}

const advisorOnAccount = ({ advisorId, accountId }: { advisorId: number; accountId: number }) => and(eq(trades.expertAdvisorId, advisorId), eq(trades.accountId, accountId));

/**
 * An advisor's positions on an account: whether each is wholly closed and its realised P/L. A partly
 * closed position is several rows (each closed part points at the open trade), counted as one.
 */
export async function advisorPositions(db: Executor, which: { advisorId: number; accountId: number }): Promise<{ closed: boolean; realized: string }[]> {
  const root = sql<number>`coalesce(${trades.parentId}, ${trades.id})`;
  return db
    .select({ closed: sql<boolean>`bool_and(${trades.status} = 'closed')`, realized: sql<string>`coalesce(sum(${trades.realizedPnl}), 0)::text` })
    .from(trades)
    .where(advisorOnAccount(which))
    .groupBy(root);
}

/** An advisor's open trades on an account. */
export async function advisorOpenTrades(db: Executor, which: { advisorId: number; accountId: number }): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(advisorOnAccount(which), eq(trades.status, 'open')));
}

/** An automation's open trades on one instrument of an account (an advisor's: only that advisor's). */
export async function automationOpenTrades(
  db: Executor,
  { accountId, assetId, placedBy, advisorId }: { accountId: number; assetId: number; placedBy: 'expert_advisor' | 'autotrader'; advisorId?: number },
): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(
      and(
        eq(trades.accountId, accountId),
        eq(trades.assetId, assetId),
        eq(trades.status, 'open'),
        eq(trades.placedBy, placedBy),
        advisorId !== undefined ? eq(trades.expertAdvisorId, advisorId) : undefined,
      ),
    );
}

/** How many trades AutoTrader holds open on an account. */
export async function autotraderOpenCount(db: Executor, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trades)
    .where(and(eq(trades.accountId, accountId), eq(trades.status, 'open'), eq(trades.placedBy, 'autotrader')));
  return row?.n ?? 0;
}

// ── AutoTrader: the customers' switch and their requests ─────────────────────────────────────────

/** Whether AutoTrader is on for the customer, with the user row locked `no key update` for the rest of the transaction. */
export async function lockAutotraderFlag(tx: Tx, userId: number): Promise<boolean | undefined> {
  const [user] = await tx.select({ autotrader: users.autotrader }).from(users).where(eq(users.id, userId)).for('no key update');
  return user?.autotrader;
}

/** The customer's user row, locked `no key update` for the rest of the transaction. */
export async function lockAutotraderUser(tx: Tx, userId: number): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return user;
}

/** Turns AutoTrader on for the customer at a level, on an account. */
export async function switchAutotraderOn(db: Executor, { userId, level, accountId }: { userId: number; level: NonNullable<UserRow['autotraderLevel']>; accountId: number }): Promise<void> {
  await db.update(users).set({ autotrader: true, autotraderLevel: level, autotraderAccountId: accountId, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Turns AutoTrader off for the customer (no level, no account), only while it is on: whether this call turned it off (once however many race). */
export async function switchAutotraderOff(db: Executor, userId: number): Promise<boolean> {
  const off = await db
    .update(users)
    .set({ autotrader: false, autotraderLevel: null, autotraderAccountId: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.autotrader, true)))
    .returning({ id: users.id });
  return off.length > 0;
}

/** Customers AutoTrader is on for (most recently changed first, at most 500), with the account it trades and its open trades there. */
export async function activeAutotraderRows(db: Executor): Promise<{ user: UserRow; type: AccountType; number: string; open: number }[]> {
  const open = db
    .select({ accountId: trades.accountId, n: count().as('n') })
    .from(trades)
    .where(and(eq(trades.status, 'open'), eq(trades.placedBy, 'autotrader')))
    .groupBy(trades.accountId)
    .as('open');
  const rows = await db
    .select({ user: users, type: tradingAccounts.type, number: tradingAccounts.number, open: open.n })
    .from(users)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, users.autotraderAccountId))
    .leftJoin(open, eq(open.accountId, tradingAccounts.id))
    .where(eq(users.autotrader, true))
    .orderBy(desc(users.updatedAt))
    .limit(500);
  return rows.map((r) => ({ ...r, open: Number(r.open ?? 0) }));
}

/** The customer's latest AutoTrader request, with the account it names. */
export async function latestAutotraderRequest(db: Executor, userId: number): Promise<{ request: AutotraderRequestRow; type: AccountType; number: string } | undefined> {
  const [latest] = await db
    .select({ request: autotraderRequests, type: tradingAccounts.type, number: tradingAccounts.number })
    .from(autotraderRequests)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, autotraderRequests.accountId))
    .where(eq(autotraderRequests.userId, userId))
    .orderBy(desc(autotraderRequests.id))
    .limit(1);
  return latest;
}

/** A new pending request; undefined when the customer already has one pending (the database's partial unique index). */
export async function addAutotraderRequest(db: Executor, values: { userId: number; level: AutotraderRequestRow['level']; accountId: number }): Promise<AutotraderRequestRow | undefined> {
  const [row] = await db.insert(autotraderRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** A request as it stands: staff's decision on it is a compare-and-set from this state (`transition`, db/transition.ts). */
export async function findAutotraderRequest(db: Executor, id: number): Promise<AutotraderRequestRow | undefined> {
  const [row] = await db.select().from(autotraderRequests).where(eq(autotraderRequests.id, id));
  return row;
}

const deciders = alias(users, 'deciders');

/** Requests for the back office (of one status, or one by id), newest first, at most 200: with the customer, the account and who decided. */
export async function autotraderRequestRows(db: Executor, { status, id }: { status?: AutotraderRequestRow['status'] | undefined; id?: number | undefined }) {
  return db
    .select({
      request: autotraderRequests,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, autotrader: users.autotrader },
      type: tradingAccounts.type,
      number: tradingAccounts.number,
      deciderFirst: deciders.firstName,
      deciderLast: deciders.lastName,
    })
    .from(autotraderRequests)
    .innerJoin(users, eq(users.id, autotraderRequests.userId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, autotraderRequests.accountId))
    .leftJoin(deciders, eq(deciders.id, autotraderRequests.decidedBy))
    .where(and(status ? eq(autotraderRequests.status, status) : undefined, id !== undefined ? eq(autotraderRequests.id, id) : undefined))
    .orderBy(desc(autotraderRequests.id))
    .limit(200);
}

/** Whether the customer's plan includes AutoTrader (the plan's `autotrader_allowed`; a customer without a plan has the default plan's). */
export async function planAllowsAutotrader(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ allowed: plans.autotraderAllowed })
    .from(users)
    .innerJoin(plans, or(eq(plans.id, users.planId), and(isNull(users.planId), eq(plans.isDefault, true))))
    .where(eq(users.id, userId));
  return row?.allowed ?? false;
}
