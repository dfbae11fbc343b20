import { isMainLive } from './accounts.repo';
import { aliasedTable, and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerListQuery, CustomerSort } from '../../../shared/api/back-office.schema';
import { onlineWindowMs } from '../../../shared/constants';
import type { Executor } from './database';
import { escapeLike } from './like';
import { verificationStatusSql } from './verification.repo';
import { auditLog, autotraderRequests, chatMessages, customerNotes, expertAdvisors, ledgerEntries, ownedExpertAdvisors, plans, tradingAccounts, users } from './schema';

/** The back office's reads (docs/back-office.md): counts for the overview, the customer list, a customer's page. */

export async function overviewCounts(db: Executor, now = new Date()) {
  const onlineSince = new Date(now.getTime() - onlineWindowMs);
  const [[customers], [autotrader], [chats]] = [
    await db
      .select({
        total: count(),
        pending: sql<number>`count(*) filter (where ${users.status} = 'pending')::int`,
        online: sql<number>`count(*) filter (where ${users.lastSeenAt} >= ${onlineSince})::int`,
      })
      .from(users)
      .where(eq(users.role, 'customer')),
    await db.select({ n: count() }).from(autotraderRequests).where(eq(autotraderRequests.status, 'pending')),
    await db
      .select({ n: sql<number>`count(distinct ${chatMessages.customerId})::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.isAdmin, false), isNull(chatMessages.readAt))),
  ];
  return {
    customersTotal: customers?.total ?? 0,
    customersPending: customers?.pending ?? 0,
    customersOnline: customers?.online ?? 0,
    autotraderPending: autotrader?.n ?? 0,
    unreadChats: chats?.n ?? 0,
  };
}

const likePrefix = (text: string) => `${escapeLike(text)}%`;

/**
 * The search: an e-mail, full-name or last-name prefix (indexed with text_pattern_ops, migration 0020),
 * an exact account number, or a customer id. Each branch can use an index, so PostgreSQL ORs index scans
 * (the account number is a scalar subquery: as `id in (…)` inside the OR it made the planner scan the table).
 */
export function customerSearch(q: string): SQL | undefined {
  const text = q.trim().toLowerCase();
  if (!text) return undefined;
  const prefix = likePrefix(text);
  const matches: SQL[] = [
    sql`${users.email} like ${prefix}`,
    sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${prefix}`,
    sql`lower(${users.lastName}) like ${prefix}`,
    sql`${users.id} = (select ${tradingAccounts.userId} from ${tradingAccounts} where ${tradingAccounts.number} = ${q.trim()} limit 1)`,
  ];
  if (/^\d{1,9}$/.test(text)) matches.push(eq(users.id, Number(text)));
  return or(...matches);
}

const live = aliasedTable(tradingAccounts, 'live');

const orderOf: Record<CustomerSort, SQL[]> = {
  newest: [sql`${users.createdAt} desc`, sql`${users.id} desc`],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id)],
  email: [asc(users.email)],
  balance: [sql`${live.balance} desc nulls last`, asc(users.id)],
};

export async function customerListPage(db: Executor, query: CustomerListQuery, perPage: number) {
  const verification = verificationStatusSql(users.id);
  const where = and(
    eq(users.role, 'customer'),
    query.status === 'all' ? undefined : eq(users.status, query.status),
    query.verification === 'all' ? undefined : sql`${verification} = ${query.verification}`,
    query.q ? customerSearch(query.q) : undefined,
  );
  const [[total], rows] = [
    await db.select({ n: count() }).from(users).where(where),
    await db
      .select({ user: users, plan: plans.title, account: live, verification })
      .from(users)
      .leftJoin(plans, eq(plans.id, users.planId))
      .leftJoin(live, and(eq(live.userId, users.id), isMainLive(live)))
      .where(where)
      .orderBy(...orderOf[query.sort])
      .limit(perPage)
      .offset((query.page - 1) * perPage),
  ];
  return { rows, total: total?.n ?? 0 };
}

export async function notesOf(db: Executor, customerId: number, limit = 100) {
  return db
    .select({ note: customerNotes, author: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(customerNotes)
    .innerJoin(users, eq(users.id, customerNotes.authorId))
    .where(eq(customerNotes.customerId, customerId))
    .orderBy(desc(customerNotes.id))
    .limit(limit);
}

export async function addNote(db: Executor, note: { customerId: number; authorId: number; body: string }) {
  const [row] = await db.insert(customerNotes).values(note).returning();
  return row!;
}

/** What was done to this customer, and by them where they are the actor (sign-ins are not audited), newest first. */
export async function auditTrailOf(db: Executor, customerId: number, limit = 50) {
  return db
    .select({ entry: auditLog, actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(customerId))))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export async function ledgerOf(db: Executor, accountIds: readonly number[], limit = 50) {
  if (accountIds.length === 0) return [];
  return db
    .select({ entry: ledgerEntries, number: tradingAccounts.number })
    .from(ledgerEntries)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerEntries.accountId, [...accountIds]))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
}

export async function advisorsOwnedBy(db: Executor, userId: number) {
  return db
    .select({ id: expertAdvisors.id, name: expertAdvisors.name })
    .from(ownedExpertAdvisors)
    .innerJoin(expertAdvisors, eq(expertAdvisors.id, ownedExpertAdvisors.expertAdvisorId))
    .where(eq(ownedExpertAdvisors.userId, userId))
    .orderBy(asc(expertAdvisors.name));
}

export async function planChoices(db: Executor) {
  return db.select({ id: plans.id, title: plans.title, leverage: plans.leverage }).from(plans).orderBy(asc(plans.sortOrder), asc(plans.id));
}
