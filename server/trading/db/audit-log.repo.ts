import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from './database';
import { auditLog, users } from './schema';

/** The audit log as staff read it (docs/back-office-audit.md): filters, a page newest first, the actions there are. */

export interface AuditLogFilters {
  /** An e-mail address (any case), a user id, or `system` (what the server did by itself). */
  actor?: string | undefined;
  /** The user the entry is about: an e-mail address or a user id. */
  customer?: string | undefined;
  action?: string | undefined;
  /** Days written YYYY-MM-DD, counted in UTC, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
}

const actors = alias(users, 'actors');
const subjects = alias(users, 'subjects');

/** The largest id an integer column holds: a longer number names nobody (and must not reach the database). */
const maxUserId = 2_147_483_647;

/** Who a filter names: a user id, an e-mail address (stored trimmed and lower-cased), or nobody there can be. */
type PersonKey = { id: number } | { email: string } | null;

function personKey(value: string): PersonKey {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return id >= 1 && id <= maxUserId ? { id } : null;
  }
  return { email: text.toLowerCase() };
}

const nothing = sql`false`;

function actorCondition(db: Executor, value: string): SQL {
  if (value.trim().toLowerCase() === 'system') return isNull(auditLog.actorId);
  const key = personKey(value);
  if (!key) return nothing;
  if ('id' in key) return eq(auditLog.actorId, key.id);
  return inArray(auditLog.actorId, db.select({ id: users.id }).from(users).where(eq(users.email, key.email)));
}

/** Entries about one user: their subject is that user (`subject_id` is text, so the id is compared as text). */
function customerCondition(db: Executor, value: string): SQL {
  const key = personKey(value);
  if (!key) return nothing;
  const subject =
    'id' in key
      ? eq(auditLog.subjectId, String(key.id))
      : inArray(
          auditLog.subjectId,
          db
            .select({ id: sql<string>`${users.id}::text` })
            .from(users)
            .where(eq(users.email, key.email)),
        );
  return and(eq(auditLog.subjectType, 'user'), subject)!;
}

function conditions(db: Executor, filters: AuditLogFilters): SQL | undefined {
  return and(
    filters.actor ? actorCondition(db, filters.actor) : undefined,
    filters.customer ? customerCondition(db, filters.customer) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    // The day's bounds are worked out by the database, at midnight UTC (so any year the schema takes is fine).
    filters.from ? gte(auditLog.createdAt, sql`(${filters.from}::date)::timestamp at time zone 'UTC'`) : undefined,
    filters.to ? lt(auditLog.createdAt, sql`(${filters.to}::date + 1)::timestamp at time zone 'UTC'`) : undefined,
  );
}

export interface AuditLogRow {
  id: number;
  createdAt: Date;
  action: string;
  subjectType: string;
  subjectId: string | null;
  details: unknown;
  ip: string | null;
  actor: { id: number; firstName: string; lastName: string; email: string; role: 'customer' | 'staff' | 'admin' } | null;
  subjectUser: { id: number; firstName: string; lastName: string; email: string } | null;
}

/**
 * One page of entries matching the filters, newest first (by id: entries are only ever appended), with
 * the actor and, for an entry about a user, that user; and how many match in all.
 */
export async function auditLogPage(db: Executor, filters: AuditLogFilters, { limit, offset }: { limit: number; offset: number }): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = conditions(db, filters);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      details: auditLog.details,
      ip: auditLog.ip,
      actorId: actors.id,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      actorEmail: actors.email,
      actorRole: actors.role,
      subjectUserId: subjects.id,
      subjectFirstName: subjects.firstName,
      subjectLastName: subjects.lastName,
      subjectEmail: subjects.email,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(subjects, and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, sql`${subjects.id}::text`)))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      action: r.action,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      details: r.details,
      ip: r.ip,
      actor: r.actorId === null ? null : { id: r.actorId, firstName: r.actorFirstName!, lastName: r.actorLastName!, email: r.actorEmail!, role: r.actorRole! },
      subjectUser: r.subjectUserId === null ? null : { id: r.subjectUserId, firstName: r.subjectFirstName!, lastName: r.subjectLastName!, email: r.subjectEmail! },
    })),
  };
}

/** Every action the log holds, in order: the choices of the action filter. */
export async function auditActions(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
