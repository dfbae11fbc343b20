import { and, count, desc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { QueueTab } from '../../../shared/api/funding.schema';
import type { Executor, Tx } from './database';
import { deposits, tradingAccounts, users, verificationDocuments, withdrawals } from './schema';

/** The funding queues' rows (docs/back-office.md#funding-queues). */

export type DepositRecord = typeof deposits.$inferSelect;
export type WithdrawalRecord = typeof withdrawals.$inferSelect;

export async function insertDeposit(tx: Tx, row: typeof deposits.$inferInsert): Promise<DepositRecord> {
  const [made] = await tx.insert(deposits).values(row).returning();
  return made!;
}

export async function insertWithdrawal(tx: Tx, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRecord> {
  const [made] = await tx.insert(withdrawals).values(row).returning();
  return made!;
}

/** The row, locked until the transaction ends (a provider's event or a chain report on one deposit wait for each other). */
export async function lockDeposit(tx: Tx, id: number): Promise<DepositRecord | undefined> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

/** The row as it stands: a decision on it is a compare-and-set from this state (`transition`, docs/back-office.md#decisions-happen-once). */
export async function findDeposit(db: Executor, id: number): Promise<DepositRecord | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

export async function findWithdrawal(db: Executor, id: number): Promise<WithdrawalRecord | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

/** Details beside the status (a checkout session, a chain payment's confirmations); a status is changed by `transition` (db/transition.ts). */
export async function updateDeposit(tx: Executor, id: number, values: Omit<Partial<typeof deposits.$inferInsert>, 'status'>): Promise<DepositRecord> {
  const [row] = await tx.update(deposits).set(values).where(eq(deposits.id, id)).returning();
  return row!;
}

/** Details beside the status (the hold's entry); a status is changed by `transition` (db/transition.ts). */
export async function updateWithdrawal(tx: Tx, id: number, values: Omit<Partial<typeof withdrawals.$inferInsert>, 'status'>): Promise<WithdrawalRecord> {
  const [row] = await tx.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  return row!;
}

const person = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
/** Who decided, by name (a subquery: drizzle cannot type a query joining `users` and an alias of it). */
const deciderOf = (decidedBy: typeof deposits.decidedBy | typeof withdrawals.decidedBy) =>
  sql<string | null>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${decidedBy})`;

/** Pending: what waits (a deposit `held` for staff too, a card refund whose provider has not answered yet); done: the rest. */
function tabOf(status: typeof deposits.status | typeof withdrawals.status, tab: QueueTab): SQL | undefined {
  const waiting = status === deposits.status ? inArray(deposits.status, ['pending', 'held']) : withdrawalsWaiting;
  if (tab === 'pending') return waiting;
  if (tab === 'done') return not(waiting);
  return undefined;
}

/** A withdrawal not yet paid, rejected or cancelled: a request, or a card refund under way (retried from the queue when its outcome is unknown). */
const withdrawalsWaiting = inArray(withdrawals.status, ['pending', 'processing']);

/** What staff act on: a bank transfer awaiting its money, or any deposit held for them. */
const staffsToDecide = or(and(eq(deposits.status, 'pending'), eq(deposits.method, 'bank_transfer')), eq(deposits.status, 'held'));

/** A deposit's reference or the customer's e-mail, exactly. */
const searchDeposits = (q: string | undefined) => (q ? or(eq(deposits.reference, q.trim().toUpperCase()), eq(users.email, q.trim().toLowerCase())) : undefined);

export async function depositQueue(db: Executor, { tab, q, page, perPage, id }: { tab: QueueTab; q: string | undefined; page: number; perPage: number; id?: number }) {
  const where = and(tabOf(deposits.status, tab), searchDeposits(q), id === undefined ? undefined : eq(deposits.id, id));
  const [total] = await db.select({ n: count() }).from(deposits).innerJoin(users, eq(users.id, deposits.userId)).where(where);
  // Staff act on bank transfers and on held deposits: a card or crypto deposit otherwise waits for its provider or its chain.
  const [pending] = await db.select({ n: count() }).from(deposits).where(staffsToDecide);
  const rows = await db
    .select({ row: deposits, customer: person, accountNumber: tradingAccounts.number, decider: deciderOf(deposits.decidedBy) })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, deposits.accountId))
    .where(where)
    .orderBy(tab === 'pending' ? deposits.id : desc(deposits.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0, pending: pending?.n ?? 0 };
}

export async function withdrawalQueue(db: Executor, { tab, q, page, perPage, id }: { tab: QueueTab; q: string | undefined; page: number; perPage: number; id?: number }) {
  const where = and(tabOf(withdrawals.status, tab), q ? eq(users.email, q.trim().toLowerCase()) : undefined, id === undefined ? undefined : eq(withdrawals.id, id));
  const [total] = await db.select({ n: count() }).from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(where);
  const [pending] = await db.select({ n: count() }).from(withdrawals).where(withdrawalsWaiting);
  const rows = await db
    .select({ row: withdrawals, customer: person, accountNumber: tradingAccounts.number, decider: deciderOf(withdrawals.decidedBy) })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, withdrawals.accountId))
    .where(where)
    .orderBy(tab === 'pending' ? withdrawals.id : desc(withdrawals.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0, pending: pending?.n ?? 0 };
}

/** What waits in the queues (the overview's counts). */
export async function pendingQueueCounts(db: Executor) {
  const [d] = await db.select({ n: count() }).from(deposits).where(staffsToDecide);
  const [w] = await db.select({ n: count() }).from(withdrawals).where(withdrawalsWaiting);
  const [v] = await db.select({ n: count() }).from(verificationDocuments).where(eq(verificationDocuments.status, 'pending'));
  return { deposits: d?.n ?? 0, withdrawals: w?.n ?? 0, documents: v?.n ?? 0 };
}
