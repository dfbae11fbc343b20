import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { ledgerEntries } from './schema';

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** Appends an entry; the database's trigger moves the account's total and answers the balance after it. */
export async function insertLedgerEntry(tx: Tx, entry: NewLedgerEntry): Promise<{ id: number; balanceAfter: string }> {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter });
  if (!row) throw new Error('ledger insert returned no row');
  return row;
}

/**
 * Several entries in one statement over one array per column (a statement of thousands of parameters costs PostgreSQL
 * more to plan than to run): the trigger still moves each account's balance row by row, in the given order.
 */
export async function insertLedgerEntries(tx: Tx, entries: readonly NewLedgerEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (e: NewLedgerEntry) => T) => sql.param(entries.map(pick));
  await tx.execute(sql`insert into ${ledgerEntries} (account_id, kind, bucket, amount, reference, memo, created_by)
    select account_id, kind, bucket, amount, reference, memo, created_by from unnest(${column((e) => e.accountId)}::integer[], ${column((e) => e.kind)}::text[], ${column((e) => e.bucket ?? 'balance')}::text[],
      ${column((e) => e.amount)}::numeric[], ${column((e) => e.reference ?? null)}::text[], ${column((e) => e.memo ?? null)}::text[], ${column((e) => e.createdBy ?? null)}::integer[]) with ordinality as e(account_id, kind, bucket, amount, reference, memo, created_by, n)
    order by n`);
}

/** The entry an account booked under a reference (of any kind), if any: what a repeated request finds. */
export async function findLedgerEntryByReference(db: Executor, accountId: number, reference: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.reference, reference)));
  return row;
}
