import { demoOpeningBalance } from '../../../shared/constants';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { builtOnce } from './built-once';
import { insertLedgerEntry } from './ledger.repo';
import { pendingOrders, plans, trades, tradingAccounts, users } from './schema';

/** Every user gets a Live account (starts at 0) and a Demo account funded with the opening virtual balance. */
export async function openStandardAccounts(tx: Tx, { userId, currency }: { userId: number; currency: string }) {
  const [live, demo] = await tx
    .insert(tradingAccounts)
    .values([
      { userId, type: 'live', currency },
      { userId, type: 'demo', currency },
    ])
    .returning();
  if (!live || !demo) throw new Error('opening accounts returned no rows');
  await fundNewDemo(tx, demo.id);
  return { live, demo };
}

/** A new Demo account's opening virtual balance: one `demo_funding` entry. */
const fundNewDemo = (tx: Tx, accountId: number) => insertLedgerEntry(tx, { accountId, kind: 'demo_funding', amount: demoOpeningBalance, reference: 'opening', memo: 'Opening demo balance' });

export type AccountRow = typeof tradingAccounts.$inferSelect;

/** Another account beside the sign-up ones (not primary); a Demo one is funded like the sign-up Demo (docs/customer-area.md#accounts). */
export async function openAdditionalAccount(tx: Tx, { userId, type, currency }: { userId: number; type: AccountRow['type']; currency: string }): Promise<AccountRow> {
  const [account] = await tx.insert(tradingAccounts).values({ userId, type, currency, isPrimary: false }).returning();
  if (!account) throw new Error('opening an account returned no row');
  if (type === 'demo') await fundNewDemo(tx, account.id);
  return (await findAccount(tx, account.id))!;
}

/** Holds the customer's account openings for the rest of the transaction, so two at once cannot pass the limit together. */
export async function lockAccountOpenings(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${accountOpeningLockSpace}, ${userId})`);
}
const accountOpeningLockSpace = 18_018;

export async function findAccount(db: Executor, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id));
  return row;
}

/** A customer's main Live account: the one made at sign-up (docs/accounts-and-ledger.md#accounts), where a request naming no account goes. */
export const isMainLive = (table: typeof tradingAccounts = tradingAccounts): SQL => and(eq(table.type, 'live'), eq(table.isPrimary, true)) as SQL;
export const isMainLiveRow = (account: Pick<AccountRow, 'type' | 'isPrimary'>) => account.type === 'live' && account.isPrimary;

const customerAccountQuery = builtOnce('customer_account', (db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, sql.placeholder('userId')), eq(tradingAccounts.id, sql.placeholder('accountId')))),
);
const mainLiveAccountQuery = builtOnce('main_live_account', (db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, sql.placeholder('userId')), isMainLive())),
);

/** The customer's account by id, or their Live account when no id is given; undefined for anyone else's. */
export async function findCustomerAccount(db: Executor, userId: number, accountId?: number): Promise<AccountRow | undefined> {
  const [row] = accountId === undefined ? await mainLiveAccountQuery(db).execute({ userId }) : await customerAccountQuery(db).execute({ userId, accountId });
  return row;
}

/** Every account holding an open trade (what the engine watches, with the open trades themselves). */
export async function accountsHoldingOpenTrades(db: Executor): Promise<AccountRow[]> {
  const holding = db.select({ id: trades.accountId }).from(trades).where(eq(trades.status, 'open'));
  return db.select().from(tradingAccounts).where(inArray(tradingAccounts.id, holding));
}

/** The plan (client group) of every account with an order waiting, keyed by account. */
export async function plansOfAccountsWaiting(db: Executor): Promise<Map<number, number | null>> {
  const waiting = db.select({ id: pendingOrders.accountId }).from(pendingOrders).where(eq(pendingOrders.status, 'pending'));
  const rows = await db.select({ id: tradingAccounts.id, planId: tradingAccounts.planId }).from(tradingAccounts).where(inArray(tradingAccounts.id, waiting));
  return new Map(rows.map((row) => [row.id, row.planId]));
}

const accountsOfUserQuery = builtOnce('accounts_of_user', (db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.userId, sql.placeholder('userId')))
    .orderBy(tradingAccounts.id),
);

export async function accountsOfUser(db: Executor, userId: number): Promise<AccountRow[]> {
  return accountsOfUserQuery(db).execute({ userId });
}

/** Which account of a customer an order names: its id, or their Live account when absent. */
export interface AccountWanted {
  userId: number;
  accountId?: number | undefined;
}

export interface LockedAccount {
  account: AccountRow;
  planLeverage: number | undefined;
}

const isWanted = (account: AccountRow, wanted: AccountWanted) => account.userId === wanted.userId && (wanted.accountId === undefined ? isMainLiveRow(account) : account.id === wanted.accountId);

/**
 * Locks the customers' accounts (each Live unless an id names another of theirs) and reads their plans'
 * leverage, in one statement: the first thing an order's transaction does. Rows are locked in id order,
 * so transactions locking several accounts never deadlock one another. The answer lines up with
 * `wanted`: undefined where the account is not that customer's.
 */
export async function lockCustomerAccounts(tx: Tx, wanted: readonly AccountWanted[]): Promise<(LockedAccount | undefined)[]> {
  const rows = await tx
    .select({ account: tradingAccounts, planLeverage: plans.leverage })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(or(...wanted.map((w) => and(eq(tradingAccounts.userId, w.userId), w.accountId === undefined ? isMainLive() : eq(tradingAccounts.id, w.accountId)))))
    .orderBy(tradingAccounts.id)
    .for('no key update', { of: tradingAccounts });
  return wanted.map((w) => {
    const row = rows.find((r) => isWanted(r.account, w));
    return row && { account: row.account, planLeverage: row.planLeverage ?? undefined };
  });
}

/**
 * Locks the account row for the rest of the transaction: orders, closes and ledger postings on one
 * account run one at a time. Take it first in a transaction. `no key update` (what the ledger's balance
 * update takes too) does not conflict with the key-share locks that inserts referencing the account take.
 */
export async function lockAccountRow(tx: Tx, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)).for('no key update');
  return row;
}
