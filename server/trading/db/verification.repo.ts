import { and, count, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { VerificationStatus } from '../../../shared/api/user.schema';
import type { QueueTab } from '../../../shared/api/funding.schema';
import type { Executor, Tx } from './database';
import { users, verificationDocuments } from './schema';

/** Verification documents (docs/back-office.md#verification-documents). */
export type DocumentRecord = typeof verificationDocuments.$inferSelect;

export async function insertDocument(db: Executor, row: typeof verificationDocuments.$inferInsert): Promise<DocumentRecord> {
  const [made] = await db.insert(verificationDocuments).values(row).returning();
  return made!;
}

export async function findDocument(db: Executor, id: number): Promise<DocumentRecord | undefined> {
  const [row] = await db.select().from(verificationDocuments).where(eq(verificationDocuments.id, id));
  return row;
}

/** The row, locked until the transaction ends: one review per document. */
export async function lockDocument(tx: Tx, id: number): Promise<DocumentRecord | undefined> {
  const [row] = await tx.select().from(verificationDocuments).where(eq(verificationDocuments.id, id)).for('update');
  return row;
}

export async function updateDocument(tx: Tx, id: number, values: Partial<typeof verificationDocuments.$inferInsert>): Promise<DocumentRecord> {
  const [row] = await tx.update(verificationDocuments).set(values).where(eq(verificationDocuments.id, id)).returning();
  return row!;
}

const tabOf = (tab: QueueTab): SQL | undefined => (tab === 'pending' ? eq(verificationDocuments.status, 'pending') : tab === 'done' ? ne(verificationDocuments.status, 'pending') : undefined);

/** The review queue: pending oldest first, the rest newest first; by the customer's e-mail. */
export async function documentQueue(db: Executor, { tab, q, page, perPage, id }: { tab: QueueTab; q: string | undefined; page: number; perPage: number; id?: number }) {
  const where = and(tabOf(tab), q ? eq(users.email, q.trim().toLowerCase()) : undefined, id === undefined ? undefined : eq(verificationDocuments.id, id));
  const [total] = await db.select({ n: count() }).from(verificationDocuments).innerJoin(users, eq(users.id, verificationDocuments.userId)).where(where);
  const [pending] = await db.select({ n: count() }).from(verificationDocuments).where(eq(verificationDocuments.status, 'pending'));
  const rows = await db
    .select({
      row: verificationDocuments,
      customer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      // A subquery: drizzle cannot type a query joining `users` and an alias of it.
      decider: sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${verificationDocuments.decidedBy})`,
    })
    .from(verificationDocuments)
    .innerJoin(users, eq(users.id, verificationDocuments.userId))
    .where(where)
    .orderBy(tab === 'pending' ? verificationDocuments.id : desc(verificationDocuments.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0, pending: pending?.n ?? 0 };
}

/**
 * A customer's verification state from their documents (docs/back-office.md#verification-documents):
 * approved once an identity document and a proof of address are approved; else pending while one waits;
 * else rejected when one was refused; else unverified. As SQL, for a user id column or value.
 */
export const verificationStatusSql = (userId: SQL | AnyColumn | number) => {
  const has = (condition: SQL) => sql`exists (select 1 from ${verificationDocuments} d where d.user_id = ${userId} and ${condition})`;
  return sql<VerificationStatus>`case
    when ${has(sql`d.kind = 'identity' and d.status = 'approved'`)} and ${has(sql`d.kind = 'proof_of_address' and d.status = 'approved'`)} then 'approved'
    when ${has(sql`d.status = 'pending'`)} then 'pending'
    when ${has(sql`d.status = 'rejected'`)} then 'rejected'
    else 'unverified' end`;
};

export async function verificationStatusOf(db: Executor, userId: number): Promise<VerificationStatus> {
  const [row] = await db.select({ status: verificationStatusSql(userId) }).from(sql`(select 1) one`);
  return row?.status ?? 'unverified';
}
