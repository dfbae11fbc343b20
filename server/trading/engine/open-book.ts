import { eq, inArray } from 'drizzle-orm';
import type { AccountRow } from '../db/accounts.repo';
import type { AppDb } from '../db/database';
import { allWaitingOrders, type PendingRow } from '../db/pending-orders.repo';
import { trades, tradingAccounts } from '../db/schema';
import { allOpenTrades, type TradeRow } from '../db/trades.repo';

/** What the engine watches, as the database has it: every open trade, every waiting order, the accounts holding open trades. */
export interface OpenBook {
  trades: TradeRow[];
  orders: PendingRow[];
  accounts: Map<number, AccountRow>;
}

/**
 * Reads the open book in one read-only snapshot (repeatable read), so trades, orders and accounts agree
 * with each other: three queries however many accounts there are.
 */
export async function readOpenBook(db: AppDb): Promise<OpenBook> {
  return db.transaction(
    async (tx) => {
      const open = await allOpenTrades(tx);
      const orders = await allWaitingOrders(tx);
      const holding = tx.select({ id: trades.accountId }).from(trades).where(eq(trades.status, 'open'));
      const accounts = await tx.select().from(tradingAccounts).where(inArray(tradingAccounts.id, holding));
      return { trades: open, orders, accounts: new Map(accounts.map((account) => [account.id, account])) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
