import type { HistoryRow } from '../../../shared/api/customer-funding.schema';
import { withdrawalRules } from '../../../shared/api/customer-funding.schema';
import type { DepositDetails, WithdrawalDetails } from '../../../shared/api/funding.schema';
import { channelBySlug } from '../../../shared/funding/crypto-channels';
import { formatMoney, Money } from '../../../shared/money';
import { closeReasonLabel } from '../../../shared/api/trades.schema';
import type { HistoryRecord, historyKindOfEntry } from '../db/customer-funding.repo';

/** The transaction history's rows (docs/funding.md#transaction-history): one status set, signed amounts, the destination masked. */

const depositMethodLabels: Record<string, string> = { card: 'Card', crypto: 'Crypto', bank_transfer: 'Bank transfer' };
/** What each ledger entry that is a row of its own is called (every kind historyKindOfEntry lists). */
const entryLabels: Record<keyof typeof historyKindOfEntry, string> = {
  realized_pnl: 'Trade P/L',
  swap: 'Overnight financing',
  commission: 'Commission',
  dividend: 'Dividend adjustment',
  transfer: 'Transfer',
  savings: 'Savings',
  savings_interest: 'Savings interest',
  plan_fee: 'Plan fee',
  ea_purchase: 'Expert advisor purchase',
  bonus_credit: 'Bonus',
  correction: 'Correction',
  fee_refund: 'Fee refund',
  chargeback: 'Chargeback',
  negative_balance_correction: 'Negative balance protection',
  demo_funding: 'Demo funding',
  demo_reset: 'Demo reset',
};
const entryLabel = (kind: string) => entryLabels[kind as keyof typeof entryLabels] ?? kind;
const statusLabels: Record<string, string> = {
  pending: 'Pending',
  held: 'Being reviewed',
  processing: 'Processing',
  confirmed: 'Completed',
  paid: 'Paid',
  completed: 'Completed',
  rejected: 'Rejected',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Only the last four characters of an account number or IBAN: enough to recognise, useless to copy. */
const lastFour = (value: string) => `•••• ${value.replace(/\s+/g, '').slice(-4)}`;

function describeEntry(record: HistoryRecord): string {
  if (record.method === 'realized_pnl' && record.destination) {
    // The P/L entry's memo is "<close reason> <symbol>".
    const [reason = '', symbol = ''] = record.destination.split(' ');
    return `${closeReasonLabel(reason)} ${symbol}`.trim();
  }
  return record.destination ?? entryLabel(record.method);
}

function describe(record: HistoryRecord): string {
  if (record.kind !== 'deposit' && record.kind !== 'withdrawal') return describeEntry(record);
  if (record.kind === 'deposit') {
    const details = (record.details ?? {}) as DepositDetails;
    if (record.method === 'crypto') {
      const channel = details.channel ? channelBySlug(details.channel) : undefined;
      const progress = record.status === 'pending' && details.required_confirmations ? ` · ${details.confirmations ?? 0}/${details.required_confirmations} confirmations` : '';
      return `${details.crypto_amount ?? ''} ${channel?.asset ?? ''} on ${channel?.networkLabel ?? ''}${progress}`.trim();
    }
    if (record.method === 'card') return 'Card payment on the provider’s secure page';
    return `Bank transfer quoting ${record.reference}`;
  }
  const where = withdrawalDestination(record);
  // A paid withdrawal carries the reference the customer finds it by at their bank, on the chain or on their card.
  return record.payoutReference ? `${where} · payout reference ${record.payoutReference}` : where;
}

function withdrawalDestination(record: HistoryRecord): string {
  const details = (record.details ?? {}) as WithdrawalDetails;
  if (record.method === 'card') return `Refund to the card that paid ${details.deposit_reference ?? ''}`.trim();
  if (record.method === 'crypto') return `${details.asset ?? ''} to ${details.address ? `${details.address.slice(0, 6)}…${details.address.slice(-4)}` : ''}`.trim();
  const account = details.iban ?? details.account_number;
  return `${details.bank_name ?? 'Bank'}${account ? `, ${lastFour(account)}` : ''}`;
}

/**
 * The reason a customer reads: staff's or the provider's words on a row that ended without the money (rejected,
 * failed, cancelled). While a row waits, its reason is for staff (why a deposit is held: docs/funding.md#money-from-outside).
 */
const customerReason = (record: HistoryRecord): string | null => (['rejected', 'failed', 'cancelled'].includes(record.status) ? record.reason : null);

export function presentHistory(record: HistoryRecord, { cancellable = true }: { cancellable?: boolean } = {}): HistoryRow {
  const methodLabel =
    record.kind === 'deposit'
      ? (depositMethodLabels[record.method] ?? record.method)
      : record.kind === 'withdrawal'
        ? withdrawalRules[record.method as keyof typeof withdrawalRules].label
        : entryLabel(record.method);
  return {
    key: `${record.kind}-${record.id}`,
    id: record.id,
    kind: record.kind,
    method: record.method,
    method_label: methodLabel,
    status: record.status as HistoryRow['status'],
    status_label: statusLabels[record.status] ?? record.status,
    amount: new Money(record.amount).toFixed(2),
    fee: new Money(record.fee).toFixed(2),
    currency: record.currency,
    reference: record.reference,
    description: describe(record),
    reason: customerReason(record),
    created_at: record.createdAt.toISOString(),
    updated_at: record.decidedAt?.toISOString() ?? null,
    cancellable: cancellable && record.kind === 'withdrawal' && record.status === 'pending',
  };
}

const csvCell = (value: string) => {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const historyCsvHeader = ['Date', 'Type', 'Method', 'Status', 'Amount', 'Fee', 'Currency', 'Reference', 'Description', 'Reason'];

export function historyCsvLine(row: HistoryRow): string {
  return [row.created_at, row.kind, row.method_label, row.status_label, row.amount, row.fee, row.currency, row.reference, row.description, row.reason ?? ''].map(csvCell).join(',');
}

/**
 * The original client's row (`GET /user/deposits`, `/user/withdrawals`): a preformatted amount, its status words,
 * details as a JSON string; `type` is deposit or withdrawal (its tabs filter on it), the method apart.
 */
export function presentLegacy(row: HistoryRow, kind: 'deposit' | 'withdrawal', accountNumber: string, symbol: string | undefined) {
  const legacyStatus: Record<string, string> = { confirmed: 'approved', paid: 'completed', failed: 'rejected', processing: 'pending', held: 'pending' };
  return {
    id: row.id,
    amount: formatMoney({ amount: new Money(row.amount).abs().toFixed(2), currency: row.currency, ...(symbol ? { symbol } : {}) }),
    date: row.created_at,
    type: kind,
    method: row.method_label,
    account: accountNumber,
    status: legacyStatus[row.status] ?? row.status,
    details: JSON.stringify({
      reference: row.reference,
      method: row.method_label,
      description: row.description,
      ...(row.reason ? { reason: row.reason } : {}),
      ...(row.fee !== '0.00' ? { fee: row.fee } : {}),
    }),
  };
}
