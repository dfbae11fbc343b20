import type { Tx } from './database';
import { ledgerEntries } from './schema';

export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** Appends an entry; the database's trigger moves the account's total and answers the balance after it. */
export async function insertLedgerEntry(tx: Tx, entry: NewLedgerEntry): Promise<{ id: number; balanceAfter: string }> {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter });
  if (!row) throw new Error('ledger insert returned no row');
  return row;
}
