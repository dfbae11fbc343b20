import type { Tx } from '../db/database';
import { insertLedgerEntries, insertLedgerEntry } from '../db/ledger.repo';
import type { LedgerKind } from '../db/schema';
import { money } from '../../../shared/money';

export interface LedgerPosting {
  accountId: number;
  kind: LedgerKind;
  /** A decimal string; positive credits the account, negative debits it. */
  amount: string;
  bucket?: 'balance' | 'credit';
  /** Idempotency key within (account, kind): posting the same reference twice is refused by the database. */
  reference?: string;
  memo?: string;
  createdBy?: number;
}

/**
 * Appends one entry. Must run inside the caller's transaction, so the entry and whatever caused it
 * commit together. The database trigger updates the account's running total and records it in
 * `balance_after`, which is returned.
 */
export async function postEntry(tx: Tx, posting: LedgerPosting): Promise<{ id: number; balanceAfter: string }> {
  return insertLedgerEntry(tx, entryOf(posting));
}

/** Appends several entries in one statement (a rollover's page of positions), each checked as `postEntry` checks one. */
export async function postEntries(tx: Tx, postings: readonly LedgerPosting[]): Promise<void> {
  await insertLedgerEntries(tx, postings.map(entryOf));
}

function entryOf(posting: LedgerPosting) {
  const amount = money(posting.amount);
  if (!amount.isFinite() || (amount.isZero() && posting.kind !== 'realized_pnl')) {
    throw new Error(`ledger amount must be a non-zero number, got ${posting.amount}`);
  }
  // Never round money silently: the caller rounds (and books any remainder) before posting.
  if (amount.decimalPlaces() > 2) throw new Error(`ledger amount has more than 2 decimals: ${posting.amount}`);
  return {
    accountId: posting.accountId,
    kind: posting.kind,
    bucket: posting.bucket ?? 'balance',
    amount: amount.toFixed(2),
    reference: posting.reference ?? null,
    memo: posting.memo ?? null,
    createdBy: posting.createdBy ?? null,
  };
}
