import { aliasedTable, count, desc, eq } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { accountTransfers, tradingAccounts } from './schema';

/** Transfers between a customer's own accounts (docs/customer-area.md#accounts). */

export type TransferRow = typeof accountTransfers.$inferSelect;

export async function insertTransfer(tx: Tx, row: { userId: number; fromAccountId: number; toAccountId: number; amount: string }): Promise<TransferRow> {
  const [inserted] = await tx.insert(accountTransfers).values(row).returning();
  if (!inserted) throw new Error('inserting a transfer returned no row');
  return inserted;
}

const source = aliasedTable(tradingAccounts, 'source');
const target = aliasedTable(tradingAccounts, 'target');

export interface TransferListRow {
  transfer: TransferRow;
  from: { id: number; number: string; type: 'live' | 'demo'; currency: string };
  to: { id: number; number: string; type: 'live' | 'demo' };
}

/** A customer's transfers, newest first, with the accounts' numbers. */
export async function transfersOf(db: Executor, { userId, limit, offset }: { userId: number; limit: number; offset: number }): Promise<{ rows: TransferListRow[]; total: number }> {
  const where = eq(accountTransfers.userId, userId);
  const rows = await db
    .select({
      transfer: accountTransfers,
      from: { id: source.id, number: source.number, type: source.type, currency: source.currency },
      to: { id: target.id, number: target.number, type: target.type },
    })
    .from(accountTransfers)
    .innerJoin(source, eq(source.id, accountTransfers.fromAccountId))
    .innerJoin(target, eq(target.id, accountTransfers.toAccountId))
    .where(where)
    .orderBy(desc(accountTransfers.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(accountTransfers).where(where);
  return { rows, total: counted?.total ?? 0 };
}
