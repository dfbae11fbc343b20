import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { pendingOrders, tradingAccounts } from './schema';

/** Limit and stop orders waiting for their price, and how each ended. */
export type PendingRow = typeof pendingOrders.$inferSelect;
type NewPending = typeof pendingOrders.$inferInsert;
type Resolution = Pick<PendingRow, 'status' | 'reason'> & Partial<Pick<PendingRow, 'tradeId'>>;

export async function insertPendingOrder(tx: Tx, values: NewPending): Promise<PendingRow> {
  const [row] = await tx.insert(pendingOrders).values(values).returning();
  return row!;
}

export async function findPendingOrder(db: Executor, id: number): Promise<PendingRow | undefined> {
  const [row] = await db.select().from(pendingOrders).where(eq(pendingOrders.id, id));
  return row;
}

/** The order while it still waits; undefined once filled, cancelled or rejected. */
export async function findWaitingOrder(db: Executor, id: number): Promise<PendingRow | undefined> {
  const [row] = await db
    .select()
    .from(pendingOrders)
    .where(and(eq(pendingOrders.id, id), eq(pendingOrders.status, 'pending')));
  return row;
}

/** Every waiting order (the engine indexes them at start). */
export async function allWaitingOrders(db: Executor): Promise<PendingRow[]> {
  return db.select().from(pendingOrders).where(eq(pendingOrders.status, 'pending'));
}

/** One account's waiting orders. */
export async function waitingOrdersOf(db: Executor, accountId: number): Promise<PendingRow[]> {
  return db
    .select()
    .from(pendingOrders)
    .where(and(eq(pendingOrders.accountId, accountId), eq(pendingOrders.status, 'pending')));
}

export async function accountIdOfPendingOrder(db: Executor, id: number): Promise<number | undefined> {
  const [row] = await db.select({ accountId: pendingOrders.accountId }).from(pendingOrders).where(eq(pendingOrders.id, id));
  return row?.accountId;
}

/** The account an order is on, when it is this customer's. */
export async function accountIdOfCustomerOrder(db: Executor, userId: number, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: pendingOrders.accountId })
    .from(pendingOrders)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, pendingOrders.accountId))
    .where(and(eq(pendingOrders.id, id), eq(tradingAccounts.userId, userId)));
  return row?.accountId;
}

/** Ends a waiting order (filled, cancelled or rejected); undefined when it was no longer waiting. */
export async function resolvePendingOrder(tx: Tx, id: number, resolution: Resolution): Promise<PendingRow | undefined> {
  const [row] = await tx
    .update(pendingOrders)
    .set({ ...resolution, resolvedAt: new Date() })
    .where(and(eq(pendingOrders.id, id), eq(pendingOrders.status, 'pending')))
    .returning();
  return row;
}

/** Moves a waiting order's price and levels; undefined when it was no longer waiting. */
export async function moveWaitingOrder(tx: Tx, id: number, change: Pick<PendingRow, 'price' | 'takeProfit' | 'stopLoss'>): Promise<PendingRow | undefined> {
  const [row] = await tx
    .update(pendingOrders)
    .set(change)
    .where(and(eq(pendingOrders.id, id), eq(pendingOrders.status, 'pending')))
    .returning();
  return row;
}

/** Cancels every waiting order of an account, with the reason. */
export async function cancelWaitingOrdersOf(tx: Tx, accountId: number, reason: string): Promise<PendingRow[]> {
  return tx
    .update(pendingOrders)
    .set({ status: 'cancelled', reason, resolvedAt: new Date() })
    .where(and(eq(pendingOrders.accountId, accountId), eq(pendingOrders.status, 'pending')))
    .returning();
}

/** One page of an account's waiting orders, newest first, and how many there are. */
export async function waitingOrdersPage(db: Executor, { accountId, limit, offset }: { accountId: number; limit: number; offset: number }) {
  const where = and(eq(pendingOrders.accountId, accountId), eq(pendingOrders.status, 'pending'));
  const [[total], rows] = [
    await db.select({ n: count() }).from(pendingOrders).where(where),
    await db.select().from(pendingOrders).where(where).orderBy(desc(pendingOrders.id)).limit(limit).offset(offset),
  ];
  return { rows, total: total?.n ?? 0 };
}
