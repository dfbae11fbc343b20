import { and, count, desc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { VerificationStatus } from '../../../shared/api/user.schema';
import { documentKinds, type DocumentKind, type KindStatus } from '../../../shared/api/verification.schema';
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

/** Details beside the status (the provider's reference); a review's decision is a `transition` (db/transition.ts). */
export async function updateDocument(tx: Tx, id: number, values: Omit<Partial<typeof verificationDocuments.$inferInsert>, 'status'>): Promise<DocumentRecord> {
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
      customer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, birthDate: users.birthDate },
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
 * Where each kind of document stands for a customer (docs/customer-area.md#verification), as SQL for a user
 * id column or value:
 * - identity is approved with an approved passport page, or an approved front AND back of one driving
 *   licence or national ID (an older identity row with no type or side counts as a whole document);
 * - proof of address and selfie are approved with one approved document;
 * - else pending while one of the kind waits; else rejected when the latest document of a slot (kind,
 *   type, side) was refused (a newer one sent for that slot leaves the refusal as history); else unverified.
 */
export const kindStatusSql = (userId: SQL | AnyColumn | number, kind: DocumentKind) => {
  const has = (condition: SQL) => sql`exists (select 1 from ${verificationDocuments} d where d.user_id = ${userId} and d.kind = ${kind} and ${condition})`;
  const approved =
    kind === 'identity'
      ? sql`(${has(sql`d.status = 'approved' and (d.id_type = 'passport' or (d.id_type is null and d.side is null))`)} or ${has(
          sql`d.status = 'approved' and d.side = 'front' and d.id_type is distinct from 'passport' and exists (select 1 from ${verificationDocuments} b where b.user_id = d.user_id and b.kind = 'identity' and b.status = 'approved' and b.side = 'back' and b.id_type is not distinct from d.id_type)`,
        )})`
      : has(sql`d.status = 'approved'`);
  const refused = has(
    sql`d.status = 'rejected' and not exists (select 1 from ${verificationDocuments} n where n.user_id = d.user_id and n.kind = d.kind and n.id_type is not distinct from d.id_type and n.side is not distinct from d.side and n.id > d.id)`,
  );
  return sql<KindStatus>`(case when ${approved} then 'approved' when ${has(sql`d.status = 'pending'`)} then 'pending' when ${refused} then 'rejected' else 'unverified' end)`;
};

/**
 * A customer's verification state (the user's `verification_status`): approved once identity and proof of
 * address are; else pending while any kind waits; else rejected when any kind was refused; else unverified.
 */
export const verificationStatusSql = (userId: SQL | AnyColumn | number) => {
  const [identity, address, selfie] = documentKinds.map((kind) => kindStatusSql(userId, kind));
  // Each kind's status written once and read by name: repeated in every branch, its subqueries were planned eight
  // times over, most of the user object's planning time.
  return sql<VerificationStatus>`(select case
    when k.identity = 'approved' and k.address = 'approved' then 'approved'
    when 'pending' in (k.identity, k.address, k.selfie) then 'pending'
    when 'rejected' in (k.identity, k.address, k.selfie) then 'rejected'
    else 'unverified' end
    from (select ${identity} as identity, ${address} as address, ${selfie} as selfie offset 0) k)`;
};

export async function verificationStatusOf(db: Executor, userId: number): Promise<VerificationStatus> {
  const [row] = await db.select({ status: verificationStatusSql(userId) }).from(sql`(select 1) one`);
  return row?.status ?? 'unverified';
}

/** Whether both the customer's identity and their proof of address are approved (what a withdrawal needs, docs/customer-area.md#verification). */
export async function identityAndAddressApproved(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ identity: kindStatusSql(userId, 'identity'), address: kindStatusSql(userId, 'proof_of_address') }).from(sql`(select 1) one`);
  return row?.identity === 'approved' && row.address === 'approved';
}

/** Whether the customer's identity document is approved: names, date of birth and country are then locked (docs/customer-area.md#verified-identity). */
export async function identityApproved(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ status: kindStatusSql(userId, 'identity') }).from(sql`(select 1) one`);
  return row?.status === 'approved';
}

/** Each kind's status and the whole case's, in one read. */
export async function verificationSummaryOf(db: Executor, userId: number): Promise<{ status: VerificationStatus; kinds: Record<DocumentKind, KindStatus> }> {
  const [row] = await db
    .select({
      status: verificationStatusSql(userId),
      identity: kindStatusSql(userId, 'identity'),
      proof_of_address: kindStatusSql(userId, 'proof_of_address'),
      selfie: kindStatusSql(userId, 'selfie'),
    })
    .from(sql`(select 1) one`);
  return { status: row!.status, kinds: { identity: row!.identity, proof_of_address: row!.proof_of_address, selfie: row!.selfie } };
}

/** A customer's documents, newest first, each saying whether it is the newest of its slot (kind, type, side): an older one is history. */
export async function documentsOfUser(db: Executor, userId: number): Promise<Array<DocumentRecord & { current: boolean }>> {
  const rows = await db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId)).orderBy(desc(verificationDocuments.id)).limit(500);
  const seen = new Set<string>();
  return rows.map((row) => {
    const slot = `${row.kind}:${row.idType ?? ''}:${row.side ?? ''}`;
    const current = !seen.has(slot);
    seen.add(slot);
    return { ...row, current };
  });
}

/** One of the customer's own documents; another's is not found. */
export async function findOwnDocument(db: Executor, userId: number, id: number): Promise<DocumentRecord | undefined> {
  const [row] = await db
    .select()
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.id, id), eq(verificationDocuments.userId, userId)));
  return row;
}

/** The document of one slot (kind, type, side) still waiting for review, or already approved: a second upload of it is refused. */
export async function pendingInSlot(
  db: Executor,
  userId: number,
  slot: { kind: DocumentKind; idType: string | null; side: string | null },
  status: 'pending' | 'approved' = 'pending',
): Promise<DocumentRecord | undefined> {
  const [row] = await db
    .select()
    .from(verificationDocuments)
    .where(
      and(
        eq(verificationDocuments.userId, userId),
        eq(verificationDocuments.kind, slot.kind),
        eq(verificationDocuments.status, status),
        sql`${verificationDocuments.idType} is not distinct from ${slot.idType}`,
        sql`${verificationDocuments.side} is not distinct from ${slot.side}`,
      ),
    )
    .limit(1);
  return row;
}

/** A document a configured provider is checking, by the provider's reference (its decision comes back with it). */
export async function findByProviderRef(db: Executor, provider: string, ref: string): Promise<DocumentRecord | undefined> {
  const [row] = await db
    .select()
    .from(verificationDocuments)
    .where(and(eq(verificationDocuments.provider, provider), eq(verificationDocuments.providerRef, ref)));
  return row;
}
