import { accountsHoldingOpenTrades, plansOfAccountsWaiting, type AccountRow } from '../db/accounts.repo';
import type { AppDb } from '../db/database';
import { allWaitingOrders, type PendingRow } from '../db/pending-orders.repo';
import { allOpenTrades, type TradeRow } from '../db/trades.repo';

/** What the engine watches, as the database has it: every open trade, every waiting order, the accounts holding open trades. */
export interface OpenBook {
  trades: TradeRow[];
  orders: PendingRow[];
  accounts: Map<number, AccountRow>;
  /** The plan of each account holding open trades or waiting orders: the client group whose quotes they watch. */
  plans: Map<number, number | null>;
}

/**
 * Reads the open book in one read-only snapshot (repeatable read), so trades, orders and accounts agree
 * with each other: four queries however many accounts there are.
 */
export async function readOpenBook(db: AppDb): Promise<OpenBook> {
  return db.transaction(
    async (tx) => {
      const open = await allOpenTrades(tx);
      const orders = await allWaitingOrders(tx);
      const accounts = await accountsHoldingOpenTrades(tx);
      const plans = await plansOfAccountsWaiting(tx);
      for (const account of accounts) plans.set(account.id, account.planId);
      return { trades: open, orders, accounts: new Map(accounts.map((account) => [account.id, account])), plans };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
