import { and, count, desc, eq, gte, inArray, lt, sql, sum, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { HistoryKind, HistoryQuery } from '../../../shared/api/customer-funding.schema';
import type { DepositDetails, WithdrawalDetails } from '../../../shared/api/funding.schema';
import type { ChainTxId } from '../../../shared/funding/chain-tx-id';
import { builtOnce } from './built-once';
import type { Executor, Tx } from './database';
import { cryptoPayments, cryptoWallets, deposits, ledgerEntries, paymentEvents, tradingAccounts, users, withdrawals } from './schema';
import type { LedgerKind } from './schema';

/** The customer's side of funding (docs/funding.md): their rows, their history, their wallets. */

/**
 * The history row kind of every ledger entry that is a row of its own (docs/funding.md#transaction-history). Deposits
 * and withdrawals show as their requests instead (a withdrawal's hold and its release are that request's entries).
 * Typed over every ledger kind, so an entry of a new kind cannot be left out of the statement.
 */
export const historyKindOfEntry = {
  realized_pnl: 'trade',
  // Overnight financing is a trading result, each line its own (its memo names the instrument and the night).
  swap: 'trade',
  commission: 'trade',
  dividend: 'trade',
  transfer: 'transfer',
  savings: 'savings',
  savings_interest: 'savings',
  plan_fee: 'charge',
  ea_purchase: 'charge',
  bonus_credit: 'adjustment',
  correction: 'adjustment',
  fee_refund: 'adjustment',
  chargeback: 'adjustment',
  negative_balance_correction: 'adjustment',
  demo_funding: 'adjustment',
  demo_reset: 'adjustment',
} as const satisfies Record<Exclude<LedgerKind, 'deposit' | 'withdrawal' | 'withdrawal_reversal'>, Exclude<HistoryKind, 'deposit' | 'withdrawal'>>;
type EntryKind = keyof typeof historyKindOfEntry;
const entryKindsOf = (kind: HistoryKind) => (Object.keys(historyKindOfEntry) as EntryKind[]).filter((entry) => historyKindOfEntry[entry] === kind);

export interface HistoryRecord {
  kind: HistoryKind;
  id: number;
  method: string;
  status: string;
  amount: string;
  fee: string;
  currency: string;
  reference: string;
  details: DepositDetails | WithdrawalDetails | null;
  destination: string | null;
  reason: string | null;
  /** A paid withdrawal's reference at the bank, chain or card provider. */
  payoutReference: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** A ledger entry is booked, so it is only ever completed. */
const statusesOf = {
  pending: { deposit: ['pending', 'held'], withdrawal: ['pending', 'processing'], entry: false },
  completed: { deposit: ['confirmed'], withdrawal: ['paid'], entry: true },
  rejected: { deposit: ['rejected', 'failed'], withdrawal: ['rejected'], entry: false },
  cancelled: { deposit: [], withdrawal: ['cancelled'], entry: false },
} as const;

/** The reference a customer quotes for an entry: a trade's own number, otherwise the entry's under its kind's prefix. */
function entryReference(kind: HistoryKind, id: number, ledgerReference: string | null): string {
  if (kind === 'trade' && ledgerReference?.startsWith('trade:')) return `TRADE-${ledgerReference.slice('trade:'.length)}`;
  const prefix: Record<HistoryKind, string> = { deposit: 'DEP', withdrawal: 'WDR', trade: 'TRADE', transfer: 'TRF', savings: 'SAV', charge: 'CHG', adjustment: 'ADJ' };
  return `${prefix[kind]}-${id}`;
}

function dateRange(column: AnyColumn, from: string | undefined, to: string | undefined): SQL[] {
  const parts: SQL[] = [];
  if (from) parts.push(gte(column, new Date(`${from}T00:00:00Z`)));
  // `to` is a whole day: everything before the next midnight.
  if (to) parts.push(lt(column, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)));
  return parts;
}

/** What one statement asks for: whose account, the history page's filters, and one row by its id when `id` is given. */
interface StatementFilter {
  userId: number;
  accountId: number;
  query: Omit<HistoryQuery, 'page'>;
  id: number | undefined;
}

const never = sql`false`;
const wants = (query: StatementFilter['query'], kind: HistoryKind) => query.kind === 'all' || query.kind === kind;
const statusOf = (query: StatementFilter['query']) => (query.status === 'all' ? undefined : statusesOf[query.status]);

/** A deposit's or withdrawal's rows of the statement: the customer's, on the account, of the kind, status and dates asked. */
function requestsWhere(table: typeof deposits | typeof withdrawals, kind: 'deposit' | 'withdrawal', { userId, accountId, query, id }: StatementFilter) {
  const statuses = statusOf(query)?.[kind];
  return and(
    eq(table.userId, userId),
    eq(table.accountId, accountId),
    id === undefined ? undefined : eq(table.id, id),
    wants(query, kind) ? undefined : never,
    statuses ? (statuses.length ? inArray(table.status, [...statuses]) : never) : undefined,
    ...dateRange(table.createdAt, query.from, query.to),
  );
}

/** The statement's deposit rows, in the union's columns. */
function depositRowsOf(db: Executor, filter: StatementFilter) {
  return db
    .select({
      kind: sql<HistoryKind | 'entry'>`'deposit'`.as('kind'),
      id: sql<number>`${deposits.id}`.as('id'),
      method: sql<string>`${deposits.method}`.as('method'),
      status: sql<string>`${deposits.status}`.as('status'),
      amount: sql<string>`coalesce(${deposits.amountReceived}, ${deposits.amountExpected}, 0)::text`.as('amount'),
      fee: sql<string>`'0'`.as('fee'),
      currency: sql<string>`${deposits.currency}`.as('currency'),
      reference: sql<string>`${deposits.reference}`.as('reference'),
      details: sql<HistoryRecord['details']>`${deposits.details}`.as('details'),
      destination: sql<string | null>`null`.as('destination'),
      reason: sql<string | null>`${deposits.reason}`.as('reason'),
      payoutReference: sql<string | null>`null`.as('payout_reference'),
      ledgerReference: sql<string | null>`null`.as('ledger_reference'),
      createdAt: sql<Date>`${deposits.createdAt}`.as('created_at'),
      decidedAt: sql<Date | null>`${deposits.decidedAt}`.as('decided_at'),
    })
    .from(deposits)
    .where(requestsWhere(deposits, 'deposit', filter));
}

/** The statement's withdrawal rows, in the union's columns. */
function withdrawalRowsOf(db: Executor, filter: StatementFilter) {
  return db
    .select({
      kind: sql<HistoryKind | 'entry'>`'withdrawal'`.as('kind'),
      id: sql<number>`${withdrawals.id}`.as('id'),
      method: sql<string>`${withdrawals.method}`.as('method'),
      status: sql<string>`${withdrawals.status}`.as('status'),
      amount: sql<string>`(-${withdrawals.amount})::text`.as('amount'),
      fee: sql<string>`${withdrawals.fee}::text`.as('fee'),
      currency: sql<string>`${withdrawals.currency}`.as('currency'),
      reference: sql<string>`'WDR-' || ${withdrawals.id}`.as('reference'),
      details: sql<HistoryRecord['details']>`${withdrawals.details}`.as('details'),
      destination: sql<string | null>`${withdrawals.destination}`.as('destination'),
      reason: sql<string | null>`${withdrawals.reason}`.as('reason'),
      payoutReference: sql<string | null>`${withdrawals.payoutReference}`.as('payout_reference'),
      ledgerReference: sql<string | null>`null`.as('ledger_reference'),
      createdAt: sql<Date>`${withdrawals.createdAt}`.as('created_at'),
      decidedAt: sql<Date | null>`${withdrawals.decidedAt}`.as('decided_at'),
    })
    .from(withdrawals)
    .where(requestsWhere(withdrawals, 'withdrawal', filter));
}

/** Every other ledger entry of the account's balance, in the union's columns (its kind and reference follow its ledger kind). */
function entryRowsOf(db: Executor, { accountId, query, id }: StatementFilter) {
  const status = statusOf(query);
  const entryKinds = query.kind === 'all' ? (Object.keys(historyKindOfEntry) as EntryKind[]) : entryKindsOf(query.kind);
  return db
    .select({
      kind: sql<HistoryKind | 'entry'>`'entry'`.as('kind'),
      id: sql<number>`${ledgerEntries.id}`.as('id'),
      method: sql<string>`${ledgerEntries.kind}`.as('method'),
      status: sql<string>`'completed'`.as('status'),
      amount: sql<string>`${ledgerEntries.amount}::text`.as('amount'),
      fee: sql<string>`'0'`.as('fee'),
      currency: sql<string>`${tradingAccounts.currency}`.as('currency'),
      reference: sql<string>`''`.as('reference'),
      details: sql<HistoryRecord['details']>`null::jsonb`.as('details'),
      destination: sql<string | null>`${ledgerEntries.memo}`.as('destination'),
      reason: sql<string | null>`null`.as('reason'),
      payoutReference: sql<string | null>`null`.as('payout_reference'),
      ledgerReference: sql<string | null>`${ledgerEntries.reference}`.as('ledger_reference'),
      createdAt: sql<Date>`${ledgerEntries.createdAt}`.as('created_at'),
      decidedAt: sql<Date | null>`null::timestamptz`.as('decided_at'),
    })
    .from(ledgerEntries)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        // The credit bucket is not money in the balance (a Demo account's reset clears it).
        eq(ledgerEntries.bucket, 'balance'),
        entryKinds.length ? inArray(ledgerEntries.kind, entryKinds) : never,
        id === undefined ? undefined : eq(ledgerEntries.id, id),
        status && !status.entry ? never : undefined,
        ...dateRange(ledgerEntries.createdAt, query.from, query.to),
      ),
    );
}

/** The customer's statement of one account (deposits, withdrawals and every other ledger entry), newest first, filtered as the history page asks. */
export async function historyOf(
  db: Executor,
  {
    userId,
    accountId,
    query,
    limit,
    offset,
    id,
  }: { userId: number; accountId: number; query: Omit<HistoryQuery, 'page'>; limit: number; offset: number; /** One row of the kind asked for. */ id?: number },
) {
  const filter: StatementFilter = { userId, accountId, query, id };
  const [depositRows, withdrawalRows, entryRows] = [depositRowsOf(db, filter), withdrawalRowsOf(db, filter), entryRowsOf(db, filter)];
  const all = unionAll(depositRows, withdrawalRows, entryRows).as('history');
  const [total] = await db.select({ n: count() }).from(all);
  const rows = await db.select().from(all).orderBy(desc(all.createdAt), desc(all.id)).limit(limit).offset(offset);
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ ledgerReference, ...row }): HistoryRecord => {
      // An entry's row kind and reference follow its ledger kind.
      const kind = row.kind === 'entry' ? historyKindOfEntry[row.method as EntryKind] : row.kind;
      return {
        ...row,
        kind,
        reference: row.kind === 'entry' ? entryReference(kind, row.id, ledgerReference) : row.reference,
        createdAt: new Date(row.createdAt),
        decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
      };
    }),
  };
}

/** What an account has brought in and paid out, and what is held for withdrawals not yet paid. */
export async function fundingTotals(db: Executor, accountId: number) {
  const [deposited] = await db
    .select({ n: sum(deposits.amountReceived) })
    .from(deposits)
    .where(and(eq(deposits.accountId, accountId), eq(deposits.status, 'confirmed')));
  const [paid] = await db
    .select({ n: sum(withdrawals.amount) })
    .from(withdrawals)
    .where(and(eq(withdrawals.accountId, accountId), eq(withdrawals.status, 'paid')));
  const [held] = await db
    .select({ n: sum(withdrawals.amount) })
    .from(withdrawals)
    .where(and(eq(withdrawals.accountId, accountId), inArray(withdrawals.status, ['pending', 'processing'])));
  return { deposited: deposited?.n ?? '0', withdrawn: paid?.n ?? '0', pending: held?.n ?? '0' };
}

/** The customer's paid card deposits with what is left to refund (paid in, minus card withdrawals not rejected or cancelled). */
export async function refundableCardDeposits(db: Executor, { userId, accountId, depositId }: { userId: number; accountId: number; depositId?: number }) {
  // Spelled out: drizzle leaves columns unqualified inside a select's sql, and here two tables have an `id`.
  const refunded = sql<string>`coalesce((select sum(w.amount) from withdrawals w where w.deposit_id = "deposits"."id" and w.status not in ('rejected', 'cancelled')), 0)`;
  const rows = await db
    .select({
      id: deposits.id,
      reference: deposits.reference,
      createdAt: deposits.createdAt,
      amount: deposits.amountReceived,
      paymentId: deposits.providerPaymentId,
      provider: deposits.provider,
      refunded,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.accountId, accountId),
        eq(deposits.method, 'card'),
        eq(deposits.status, 'confirmed'),
        depositId === undefined ? undefined : eq(deposits.id, depositId),
      ),
    )
    .orderBy(desc(deposits.id));
  return rows.map((row) => ({ ...row, amount: row.amount ?? '0', refunded: String(row.refunded) }));
}

export async function lockWithdrawalOfUser(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
    .for('update');
  return row;
}

/** Records a provider event once: false when it was handled before (a replay). */
export async function claimPaymentEvent(tx: Tx, event: { provider: string; eventId: string; kind: string; depositId: number | null }): Promise<boolean> {
  const inserted = await tx.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.eventId });
  return inserted.length === 1;
}

export type CryptoWalletRow = typeof cryptoWallets.$inferSelect;
export type CryptoPaymentRow = typeof cryptoPayments.$inferSelect;

const walletsOfUserQuery = builtOnce('wallets_of_user', (db) =>
  db
    .select()
    .from(cryptoWallets)
    .where(eq(cryptoWallets.userId, sql.placeholder('userId')))
    .orderBy(cryptoWallets.id),
);

export async function walletsOfUser(db: Executor, userId: number): Promise<CryptoWalletRow[]> {
  return walletsOfUserQuery(db).execute({ userId });
}

/** Adds the wallets missing (two callers racing both succeed: the unique index keeps one of each). */
export async function insertWallets(db: Executor, rows: (typeof cryptoWallets.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(cryptoWallets).values(rows).onConflictDoNothing();
}

export async function walletOfUser(db: Executor, userId: number, id: number): Promise<CryptoWalletRow | undefined> {
  const [row] = await db
    .select()
    .from(cryptoWallets)
    .where(and(eq(cryptoWallets.id, id), eq(cryptoWallets.userId, userId)));
  return row;
}

export async function walletById(db: Executor, id: number): Promise<CryptoWalletRow | undefined> {
  const [row] = await db.select().from(cryptoWallets).where(eq(cryptoWallets.id, id));
  return row;
}

/** The wallet paid at `address`; case matters only where the address format says so (Tron's base58), not for hex or bech32. */
export async function walletByAddress(db: Executor, channel: string, address: string, { caseSensitive }: { caseSensitive: boolean }): Promise<CryptoWalletRow | undefined> {
  const same = caseSensitive ? eq(cryptoWallets.address, address) : eq(sql`lower(${cryptoWallets.address})`, address.toLowerCase());
  const [row] = await db
    .select()
    .from(cryptoWallets)
    .where(and(eq(cryptoWallets.channel, channel), same));
  return row;
}

export async function paymentsOfWallet(db: Executor, walletId: number) {
  return db
    .select({ payment: cryptoPayments, credited: deposits.amountReceived })
    .from(cryptoPayments)
    .leftJoin(deposits, eq(deposits.id, cryptoPayments.depositId))
    .where(eq(cryptoPayments.walletId, walletId))
    .orderBy(desc(cryptoPayments.id))
    .limit(50);
}

/**
 * The chain payment, locked; made (seen, unconfirmed) when the chain reports it first. Keyed on the id in its
 * chain's one spelling (`canonicalTxId`, docs/funding.md#money-from-outside), as every row is stored.
 */
export async function lockChainPayment(tx: Tx, { walletId, txId }: { walletId: number; txId: ChainTxId }): Promise<CryptoPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(cryptoPayments)
    .where(and(eq(cryptoPayments.walletId, walletId), eq(cryptoPayments.txId, txId)))
    .for('update');
  return row;
}

/** Holds the (wallet, transaction) pair for the rest of the transaction, whether its row exists yet or not: one lock for every spelling of the id. */
export async function lockChainTransaction(tx: Tx, walletId: number, txId: ChainTxId): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${chainLockSpace}, hashtext(${`${walletId}:${txId}`}))`);
}
const chainLockSpace = 17_017;

export async function lockChainPaymentById(tx: Tx, id: number): Promise<CryptoPaymentRow | undefined> {
  const [row] = await tx.select().from(cryptoPayments).where(eq(cryptoPayments.id, id)).for('update');
  return row;
}

export async function insertChainPayment(tx: Tx, row: typeof cryptoPayments.$inferInsert & { txId: ChainTxId }): Promise<CryptoPaymentRow> {
  const [made] = await tx.insert(cryptoPayments).values(row).returning();
  return made!;
}

export async function updateChainPayment(tx: Tx, id: number, values: Omit<Partial<typeof cryptoPayments.$inferInsert>, 'txId'>): Promise<CryptoPaymentRow> {
  const [row] = await tx.update(cryptoPayments).set(values).where(eq(cryptoPayments.id, id)).returning();
  return row!;
}

/** The chain payment a deposit shows, locked, if the deposit is one. */
export async function lockChainPaymentOfDeposit(tx: Tx, depositId: number): Promise<CryptoPaymentRow | undefined> {
  const [row] = await tx.select().from(cryptoPayments).where(eq(cryptoPayments.depositId, depositId)).for('update');
  return row;
}

/** The sandbox chain's recent payments with their wallets and customers, for staff. */
export async function recentChainPayments(db: Executor, { id, limit }: { id?: number; limit: number }) {
  return db
    .select({ payment: cryptoPayments, wallet: cryptoWallets, email: users.email })
    .from(cryptoPayments)
    .innerJoin(cryptoWallets, eq(cryptoWallets.id, cryptoPayments.walletId))
    .innerJoin(users, eq(users.id, cryptoWallets.userId))
    .where(id === undefined ? undefined : eq(cryptoPayments.id, id))
    .orderBy(desc(cryptoPayments.id))
    .limit(limit);
}
