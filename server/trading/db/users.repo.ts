import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role, UserStatus, VerificationStatus } from '../../../shared/api/user.schema';
import { defaultCurrency } from '../../../shared/constants';
import { openStandardAccounts } from './accounts.repo';
import type { Executor, Tx } from './database';
import type { NotificationRow } from './notifications.repo';
import { accountRecords, plans, siteSettings, tradingAccounts, users } from './schema';
import { tradeRecordOf, tradeRecordSql, type TradeRecord, type TradeRecordJson } from './trade-record.repo';
import { verificationStatusSql } from './verification.repo';
import { builtOnce } from './built-once';

export type UserRow = typeof users.$inferSelect;

/** Whether anyone is registered yet (the demo site is seeded only into a database without users). */
export async function hasUsers(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) > 0;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * The user's row, locked until the transaction ends, so a change of standing or plan decides once. `no key
 * update`, not `update`: the engine's transactions insert notifications for this user (a key-share lock
 * through the foreign key) and must not wait on staff.
 */
export async function lockUserRow(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

export async function findPlan(db: Executor, id: number) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, id));
  return plan;
}

export async function setUserPlan(tx: Tx, userId: number, planId: number): Promise<void> {
  await tx.update(users).set({ planId, updatedAt: new Date() }).where(eq(users.id, userId));
}

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  username?: string | null;
  role?: Role;
  status?: UserStatus;
  /** Why the status is not active (the reason staff gave). */
  statusReason?: string | null;
  planSlug?: string;
  currency?: string;
  phone?: string | null;
  country?: string | null;
  nationality?: string | null;
  promoCode?: string | null;
}

/** Creates the user with the default (or named) plan and, for a customer, their Live and Demo accounts, all or nothing. */
export async function createUser(db: Executor, input: NewUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const planFilter = input.planSlug ? eq(plans.slug, input.planSlug) : eq(plans.isDefault, true);
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(planFilter);
    if (input.planSlug && !plan) throw new Error(`unknown plan ${input.planSlug}`);
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email.trim().toLowerCase(),
        passwordHash: input.passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username ?? null,
        phone: input.phone ?? null,
        country: input.country ?? null,
        nationality: input.nationality ?? null,
        promoCode: input.promoCode ?? null,
        role: input.role ?? 'customer',
        status: input.status ?? 'pending',
        statusReason: input.statusReason ?? null,
        planId: plan?.id ?? null,
      })
      .returning();
    if (!user) throw new Error('user insert returned no row');
    // Money lives only in customers' accounts (docs/accounts-and-ledger.md#whose-accounts): staff and admins get none.
    if (user.role === 'customer') await openStandardAccounts(tx, { userId: user.id, currency: input.currency ?? defaultCurrency });
    return user;
  });
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row !== undefined;
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Sets a user's status with the reason staff gave (kept while not active, so the customer can be shown it). */
export async function setUserStatus(db: Executor, id: number, status: UserStatus, reason: string | null = null): Promise<UserRow | undefined> {
  const statusReason = status === 'active' ? null : reason;
  const [row] = await db.update(users).set({ status, statusReason, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}

/** Marks users seen now (their realtime connection is open). */
export async function markUsersSeen(db: Executor, ids: readonly number[]): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(users.id, [...ids]));
}

export async function touchLastSeen(db: Executor, id: number): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ lastSeenAt: users.lastSeenAt });
  return row?.lastSeenAt ?? new Date();
}

/**
 * What GET /user shows of a person, read in one statement: the user, their accounts, plan, up to 20
 * unread notifications, the Live account's trading record and the site's `must_verify_account`.
 */
export interface UserProfile {
  user: UserRow;
  accounts: (typeof tradingAccounts.$inferSelect)[];
  plan: typeof plans.$inferSelect | undefined;
  unread: NotificationRow[];
  /** Expert advisors the user may use: owned, or included in their plan: `user.eas` (docs/advisors.md#usable-advisors). */
  advisorIds: number[];
  /** The Live account's trading record (`trades_summary`); none without a Live account. */
  record: TradeRecord | undefined;
  /** The site setting their standing depends on (see `standingOf`). */
  mustVerifyAccount: boolean;
  /** From their documents (docs/back-office.md#verification-documents). */
  verification: VerificationStatus;
}

interface UnreadJson {
  id: number;
  user_id: number;
  title: string;
  message: string;
  color: NotificationRow['color'];
  created_at: string;
}

const profileQuery = builtOnce('load_profile', (db) =>
  db
    .select({
      user: users,
      account: tradingAccounts,
      plan: plans,
      unread: sql<
        UnreadJson[]
      >`(select coalesce(json_agg(n order by n.id), '[]'::json) from (select id, user_id, title, message, color, created_at from notifications where user_id = ${users.id} and read_at is null order by id limit 20) n)`,
      advisorIds: sql<
        number[]
      >`(select coalesce(json_agg(e.id order by e.id), '[]'::json) from (select expert_advisor_id as id from owned_expert_advisors where user_id = ${users.id} and (paid_until is null or paid_until > now()) union select expert_advisor_id from plan_expert_advisors where plan_id = ${users.planId}) e)`,
      // Summed on the Live account's row only (a CASE runs its subquery only when taken).
      record: sql<TradeRecordJson | null>`case when ${tradingAccounts.type} = 'live' and ${tradingAccounts.isPrimary} then ${tradeRecordSql()} end`,
      mustVerifyAccount: sql<boolean>`coalesce((select ${siteSettings.mustVerifyAccount} from ${siteSettings} where ${siteSettings.id} = 1), true)`,
      verification: verificationStatusSql(users.id),
    })
    .from(users)
    .leftJoin(tradingAccounts, eq(tradingAccounts.userId, users.id))
    .leftJoin(accountRecords, eq(accountRecords.accountId, tradingAccounts.id))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(tradingAccounts.id)),
);

export async function loadProfile(db: Executor, userId: number): Promise<UserProfile | undefined> {
  const rows = await profileQuery(db).execute({ userId });
  const first = rows[0];
  if (!first) return undefined;
  return {
    user: first.user,
    accounts: rows.flatMap((row) => (row.account ? [row.account] : [])),
    plan: first.plan ?? undefined,
    advisorIds: first.advisorIds.map(Number),
    record: rows.flatMap((row) => (row.record ? [tradeRecordOf(row.record)] : []))[0],
    mustVerifyAccount: Boolean(first.mustVerifyAccount),
    verification: first.verification,
    unread: first.unread.map((n) => ({ id: Number(n.id), userId: n.user_id, title: n.title, message: n.message, color: n.color, readAt: null, createdAt: new Date(n.created_at) })),
  };
}
