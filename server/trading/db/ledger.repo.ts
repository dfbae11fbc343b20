import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { ledgerEntries } from './schema';

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** Appends an entry; the database's trigger moves the account's total and answers the balance after it. */
export async function insertLedgerEntry(tx: Tx, entry: NewLedgerEntry): Promise<{ id: number; balanceAfter: string }> {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter });
  if (!row) throw new Error('ledger insert returned no row');
  return row;
}

/** The entry an account booked under a reference (of any kind), if any: what a repeated request finds. */
export async function findLedgerEntryByReference(db: Executor, accountId: number, reference: string) {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.reference, reference)));
  return row;
}
