import { StaffProblem } from '../../components/staff-problem';
import type { ReactNode } from 'react';
import { type DepositRow, type QueueQuery, type QueueTab, type WithdrawalRow } from '../../../shared/api/funding.schema';
import { channelBySlug } from '../../../shared/funding/crypto-channels';
import { Money } from '../../../shared/money';
import { documentKindLabels, type DocumentRow } from '../../../shared/api/verification.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import QueueCopy from '../../../client/islands/queue-copy.island';
import QueueDecision from '../../../client/islands/queue-decision.island';
import { QueueStatus } from '../../../client/components/queue-status';
import { CustomerCell } from '../../../client/components/customer-cell';
import { formatAmount, formatDate, formatWhen } from '../../../client/lib/format';
import { AppShell } from '../../components/app-shell';
import { Pager } from '../../../client/components/pager';
import { QueueFilters, QueueSummary } from '../../components/queue-filters';
import { StaffTable, type Column } from '../../../client/components/staff-table';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';
import { money } from './customers';

export type QueueKind = 'deposits' | 'withdrawals' | 'documents';
const depositMethodLabels: Record<DepositRow['method'], string> = { bank_transfer: 'Bank transfer', card: 'Card', crypto: 'Crypto' };
const withdrawalMethodLabels: Record<WithdrawalRow['method'], string> = { bank_transfer: 'Bank transfer', card: 'Card refund', crypto: 'Crypto' };
const providerLabels: Record<string, string> = { sandbox: 'Sandbox provider', stripe: 'Stripe' };

export interface QueueView {
  kind: QueueKind;
  rows: DepositRow[] | WithdrawalRow[] | DocumentRow[];
  total: number;
  lastPage: number;
  pending: number;
}

const hrefOf = (kind: QueueKind, tab: QueueTab, q?: string, page = 1) => {
  const params = new URLSearchParams({ status: tab });
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return `${paths.adminQueues}/${kind}?${params}`;
};

/**
 * The parts of a row a decision changes are rendered again in place after one (client/forms/regions.ts): the
 * row's decision island shows its outcome at once, these follow as the server renders them.
 */
const regionOf = (row: { id: number }, part: string) => `${part}-${row.id}`;

/** Who decided and when; a card or crypto deposit settles by itself (unless held for staff), a customer cancels their own withdrawal. */
function Decided({ row }: { row: DepositRow | WithdrawalRow | DocumentRow }) {
  if (row.status === 'pending' || row.status === 'held') return <span data-region={regionOf(row, 'decided')}>—</span>;
  const nobody = row.status === 'cancelled' ? 'The customer' : 'method' in row && row.method !== 'bank_transfer' && 'reference' in row ? 'Automatically' : '—';
  return (
    <div data-region={regionOf(row, 'decided')}>
      {row.decided_by ?? nobody}
      {row.decided_at ? <small className="staff-email">{formatWhen(row.decided_at)}</small> : null}
    </div>
  );
}

/** A coin and its network ("BTC — Bitcoin (Native SegWit)") from a channel's slug, or what the row says. */
function coinOf(details: { channel?: string | undefined; asset?: string | undefined; network?: string | undefined }): string {
  const channel = details.channel ? channelBySlug(details.channel) : undefined;
  if (channel) return `${channel.asset} — ${channel.networkLabel}`;
  return [details.asset, details.network].filter(Boolean).join(' — ') || 'Crypto';
}

/** A transaction id's ends, the whole of it in the title (and for screen readers). */
const shortId = (id: string) => (id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id);

/** A figure without trailing zeros ("0.01", not "0.010000000000000000"). */
const plain = (value: string) => {
  try {
    return new Money(value).toFixed();
  } catch {
    return value;
  }
};

/** A deposit's method, and its coin and network under it. */
function DepositMethod({ row }: { row: DepositRow }) {
  const under = row.method === 'crypto' && row.details ? coinOf(row.details) : null;
  return (
    <div>
      {depositMethodLabels[row.method]}
      {under ? <small className="queue-sub">{under}</small> : null}
    </div>
  );
}

/** What the method adds: a crypto payment's transaction, confirmations, coin amount and (once credited) rate; a card payment's provider. */
function DepositDetailsCell({ row }: { row: DepositRow }) {
  const details = row.details;
  if (row.method === 'card') {
    return (
      <dl className="queue-details">
        <dt>Provider</dt>
        <dd>{row.provider ? (providerLabels[row.provider] ?? row.provider) : '—'}</dd>
      </dl>
    );
  }
  if (row.method !== 'crypto' || !details) return <>—</>;
  const channel = details.channel ? channelBySlug(details.channel) : undefined;
  const asset = details.asset ?? channel?.asset ?? '';
  const required = details.required_confirmations ?? channel?.confirmations;
  return (
    <dl className="queue-details">
      {details.tx_id ? (
        <>
          <dt>Tx</dt>
          <dd>
            <code title={details.tx_id}>
              <span aria-hidden="true">{shortId(details.tx_id)}</span>
              <span className="visually-hidden">{details.tx_id}</span>
            </code>
          </dd>
        </>
      ) : null}
      {details.crypto_amount ? (
        <>
          <dt>Amount</dt>
          <dd className="queue-figure">
            {plain(details.crypto_amount)} {asset}
          </dd>
        </>
      ) : null}
      <dt>Confirmations</dt>
      <dd>
        {details.confirmations ?? 0}
        {required !== undefined ? ` / ${required}` : ''}
      </dd>
      {details.rate && row.status === 'confirmed' ? (
        <>
          <dt>Rate</dt>
          <dd className="queue-figure">
            {formatAmount({ amount: details.rate, decimals: 2 })} {row.currency} per {asset}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** What the provider or the chain reported for a deposit held for staff, in its own currency or coin ("90,071,992,547,409.91 USD", "0.5 BTC"). */
function reportedOf(row: DepositRow): string | null {
  const { reported_amount: amount, reported_currency: currency } = row.details ?? {};
  if (!amount || !currency) return null;
  return currency === row.currency ? money(amount, currency) : `${plain(amount)} ${currency}`;
}

/** What the customer said they would send (a bank transfer, a card payment) and what arrived; for a held deposit, what was reported beside what was expected. */
function DepositAmount({ row }: { row: DepositRow }) {
  const reported = row.status === 'held' ? reportedOf(row) : null;
  const region = regionOf(row, 'amount');
  if (reported) {
    return (
      <div className="money" data-region={region}>
        {reported}
        <small className="staff-email">Reported{row.amount_expected !== null ? `; expected ${money(row.amount_expected, row.currency)}` : ''}</small>
      </div>
    );
  }
  if (row.amount_received !== null) {
    return (
      <div className="money" data-region={region}>
        {money(row.amount_received, row.currency)}
        <small className="staff-email">
          {row.amount_expected !== null && row.amount_expected !== row.amount_received ? `Received; expected ${money(row.amount_expected, row.currency)}` : 'Received'}
        </small>
      </div>
    );
  }
  if (row.amount_expected === null) return <span data-region={region}>—</span>;
  return (
    <div className="money" data-region={region}>
      {money(row.amount_expected, row.currency)}
      <small className="staff-email">Expected</small>
    </div>
  );
}

/** A status, and under it why (a rejection's reason, a card's decline, a payment held for staff). */
function StatusWithReason({ status, reason, region }: { status: string; reason: string | null; region: string }) {
  return (
    <div data-region={region}>
      <QueueStatus status={status} />
      {reason ? <small className="queue-reason">{reason}</small> : null}
    </div>
  );
}

/**
 * A pending bank transfer, or any deposit held for staff (docs/funding.md#money-from-outside): staff confirm the
 * amount received or reject it. Otherwise card and crypto deposits are credited by themselves (the provider's
 * webhook, the chain's confirmations). A held deposit's confirm field starts from what was expected, never
 * from what was reported: that is what staff check.
 */
function DepositDecision({ row }: { row: DepositRow }) {
  const held = row.status === 'held';
  if (held || (row.status === 'pending' && row.method === 'bank_transfer')) {
    const reported = held ? reportedOf(row) : null;
    const why = [reported ? `Reported ${reported}` : null, row.amount_expected !== null ? `expected ${money(row.amount_expected, row.currency)}` : null, row.reason].filter(Boolean).join('; ');
    return (
      <Island
        island={QueueDecision}
        client="visible"
        props={{ kind: 'deposit', id: row.id, summary: `${row.reference} from ${row.customer.name}`, suggested: row.amount_expected, currency: row.currency, ...(held ? { held: why } : {}) }}
      />
    );
  }
  if (row.status !== 'pending') return null;
  if (row.method === 'card') return <small className="queue-waiting">Waiting for the provider</small>;
  const required = row.details?.required_confirmations ?? (row.details?.channel ? channelBySlug(row.details.channel)?.confirmations : undefined) ?? 0;
  const left = Math.max(required - (row.details?.confirmations ?? 0), 0);
  return <small className="queue-waiting">{left > 0 ? `Waiting for ${left} ${left === 1 ? 'confirmation' : 'confirmations'}` : 'Being credited'}</small>;
}

/** Where a withdrawal goes, in the parts staff pay to: a bank account, a wallet (its full address to copy), or the card a deposit was paid with. */
function Destination({ row }: { row: WithdrawalRow }) {
  const details = row.details;
  if (!details) return <span className="staff-reason">{row.destination}</span>;
  if (row.method === 'card') {
    return (
      <p className="queue-destination">
        Refund to the card that paid <code>{details.deposit_reference ?? 'a card deposit'}</code>
      </p>
    );
  }
  if (row.method === 'crypto') {
    return (
      <div className="queue-destination">
        <strong>{coinOf(details)}</strong>
        {details.address ? <Island island={QueueCopy} client="visible" props={{ text: details.address, label: `${details.asset ?? 'wallet'} address of ${row.customer.name}` }} /> : null}
      </div>
    );
  }
  return (
    <div className="queue-destination">
      <dl className="queue-details">
        {details.account_name ? (
          <>
            <dt>Name</dt>
            <dd>{details.account_name}</dd>
          </>
        ) : null}
        {details.bank_name ? (
          <>
            <dt>Bank</dt>
            <dd>{details.bank_name}</dd>
          </>
        ) : null}
        {details.iban ? (
          <>
            <dt>IBAN</dt>
            <dd>
              <Island island={QueueCopy} client="visible" props={{ text: details.iban, label: `IBAN of ${row.customer.name}` }} />
            </dd>
          </>
        ) : details.account_number ? (
          <>
            <dt>Account</dt>
            <dd>
              <Island island={QueueCopy} client="visible" props={{ text: details.account_number, label: `account number of ${row.customer.name}` }} />
            </dd>
          </>
        ) : null}
        {details.bic ? (
          <>
            <dt>BIC</dt>
            <dd>
              <code>{details.bic}</code>
            </dd>
          </>
        ) : null}
        {details.iban && details.account_number ? (
          <>
            <dt>Account</dt>
            <dd>{details.account_number}</dd>
          </>
        ) : null}
      </dl>
      {details.bank_address ? <small className="staff-email">{details.bank_address}</small> : null}
    </div>
  );
}

/** The amount held, our fee, and what is sent when there is a fee. */
function WithdrawalAmount({ row }: { row: WithdrawalRow }) {
  const fee = new Money(row.fee);
  return (
    <div className="money">
      {money(row.amount, row.currency)}
      <small className="staff-email">Fee {money(row.fee, row.currency)}</small>
      {fee.isZero() ? null : <small className="staff-email">Send {money(new Money(row.amount).minus(fee).toFixed(2), row.currency)}</small>}
    </div>
  );
}

/**
 * A pending withdrawal: paid with the payout reference, or (a card's) refunded through the provider. A
 * processing one is a refund the provider has not confirmed: it may be retried (never refunding twice).
 */
function WithdrawalDecision({ row }: { row: WithdrawalRow }) {
  const retry = row.status === 'processing' && row.method === 'card';
  if (row.status !== 'pending' && !retry) return null;
  const amount = money(row.amount, row.currency);
  return (
    <Island
      island={QueueDecision}
      client="visible"
      props={{
        kind: 'withdrawal',
        id: row.id,
        summary: row.method === 'card' ? `${amount} to ${row.customer.name}, refunded to the card that paid ${row.details?.deposit_reference ?? 'the deposit'}` : `${amount} to ${row.customer.name}`,
        suggested: null,
        currency: row.currency,
        refund: row.method === 'card',
        retryOnly: retry,
      }}
    />
  );
}

function Customer({ row }: { row: DepositRow | WithdrawalRow | DocumentRow }) {
  return <CustomerCell customer={row.customer} account={'account_number' in row ? row.account_number : null} />;
}

const customerColumn: Column<DepositRow | WithdrawalRow | DocumentRow> = { label: 'Customer', cell: (row) => <Customer row={row} />, className: 'queue-customer' };
const statusColumn: Column<DepositRow | WithdrawalRow | DocumentRow> = { label: 'Status', cell: (row) => <QueueStatus status={row.status} region={regionOf(row, 'status')} /> };
const decidedColumn = (label: string): Column<DepositRow | WithdrawalRow | DocumentRow> => ({ label, cell: (row) => <Decided row={row} /> });
/** A pending row's decision buttons (an island: the dialogs). */
const decideColumn = <T extends { status: string }>(
  props: (row: T) => { kind: 'deposit' | 'withdrawal' | 'document'; id: number; summary: string; suggested: string | null; currency: string },
): Column<T> => ({
  label: 'Decide',
  hiddenLabel: true,
  cell: (row) => (row.status === 'pending' ? <Island island={QueueDecision} client="visible" props={props(row)} /> : null),
});

const depositColumns: readonly Column<DepositRow>[] = [
  customerColumn,
  { label: 'Method', cell: (row) => <DepositMethod row={row} />, className: 'queue-method' },
  {
    label: 'Reference',
    cell: (row) => (
      <div>
        <code className="queue-ref">{row.reference}</code>
        <small className="queue-sub">Opened {formatWhen(row.created_at)}</small>
      </div>
    ),
  },
  { label: 'Amount', cell: (row) => <DepositAmount row={row} /> },
  { label: 'Details', cell: (row) => <DepositDetailsCell row={row} />, className: 'queue-details-cell' },
  { label: 'Status', cell: (row) => <StatusWithReason status={row.status} reason={row.reason} region={regionOf(row, 'status')} />, className: 'staff-reason' },
  decidedColumn('Decided'),
  { label: 'Decide', hiddenLabel: true, cell: (row) => <DepositDecision row={row} /> },
];

const withdrawalColumns: readonly Column<WithdrawalRow>[] = [
  customerColumn,
  { label: 'Method', cell: (row) => withdrawalMethodLabels[row.method] },
  { label: 'Amount', cell: (row) => <WithdrawalAmount row={row} /> },
  { label: 'To', cell: (row) => <Destination row={row} />, className: 'queue-destination-cell' },
  { label: 'Requested', cell: (row) => formatWhen(row.created_at) },
  statusColumn,
  { label: 'Payout / reason', cell: (row) => <span data-region={regionOf(row, 'outcome')}>{row.payout_reference ?? row.reason ?? '—'}</span>, className: 'staff-reason' },
  decidedColumn('Decided'),
  { label: 'Decide', hiddenLabel: true, cell: (row) => <WithdrawalDecision row={row} /> },
];

const documentColumns: readonly Column<DocumentRow>[] = [
  customerColumn,
  {
    label: 'Document',
    // The identity document's type and side ("National ID · Back"); a third-party provider's checks say so.
    cell: (row) => (
      <>
        {row.label}
        {row.kind === 'identity' && row.label !== documentKindLabels.identity ? (
          <>
            <br />
            <small>{documentKindLabels.identity}</small>
          </>
        ) : null}
        {row.kind === 'identity' ? (
          <>
            <br />
            <small className="staff-email">
              {row.birth_date ? `Date of birth given: ${formatDate(row.birth_date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}` : 'No date of birth given yet'}
            </small>
          </>
        ) : null}
        {row.provider === 'manual' ? null : (
          <>
            <br />
            <small>Checked by {row.provider}</small>
          </>
        )}
      </>
    ),
  },
  {
    label: 'File',
    cell: (row) => (
      <a href={row.file_url} target="_blank" rel="noopener" className="document-link">
        {row.is_image ? <img src={row.file_url} alt={`${row.label} of ${row.customer.name}`} className="document-thumb" loading="lazy" /> : null}
        <span>{row.is_image ? 'Open full size' : `Open ${row.file_name}`}</span>
      </a>
    ),
  },
  { label: 'Sent', cell: (row) => formatWhen(row.created_at) },
  statusColumn,
  { label: 'Reason', cell: (row) => <span data-region={regionOf(row, 'outcome')}>{row.reason ?? '—'}</span>, className: 'staff-reason' },
  decidedColumn('Reviewed'),
  decideColumn((row) => ({ kind: 'document', id: row.id, summary: `${row.label} of ${row.customer.name}`, suggested: null, currency: '' })),
];

const descriptions: Record<QueueKind, string> = {
  deposits:
    'Bank transfers to match by reference and confirm with the amount received, or reject. Card and crypto deposits are credited by themselves (the provider’s verified payment, the chain’s confirmations) and listed to be seen, unless held for review: an amount other than expected, or past the method’s limit, waits here for you to confirm the amount received or reject.',
  withdrawals: 'Withdrawals to pay out with the payout reference (bank and crypto) or refund to the card through the provider (card), or reject: the funds go back to the balance.',
  documents: 'Identity documents to check against the account and approve, or reject with a reason the customer reads.',
};

/** The queues' tab bar, and the sandbox chain beside them (where crypto deposits come from in the sandbox). */
export function QueueTabs({ current }: { current: QueueKind | 'sandbox-chain' }) {
  return (
    <nav className="staff-tabs" aria-label="Queues">
      <a href={hrefOf('deposits', 'pending')} aria-current={current === 'deposits' ? 'page' : undefined}>
        Deposits
      </a>
      <a href={hrefOf('withdrawals', 'pending')} aria-current={current === 'withdrawals' ? 'page' : undefined}>
        Withdrawals
      </a>
      <a href={hrefOf('documents', 'pending')} aria-current={current === 'documents' ? 'page' : undefined}>
        Documents
      </a>
      <a href={paths.adminSandboxChain} aria-current={current === 'sandbox-chain' ? 'page' : undefined}>
        Sandbox chain
      </a>
    </nav>
  );
}

interface QueuesProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  query: QueueQuery;
  view: QueueView | null;
  kind: QueueKind;
  problem: string | null;
}

/** `/admin/queues/{deposits,withdrawals,documents}` (docs/back-office.md#funding-queues, #verification-documents). */
export function QueuesPage({ settings, user, csrfToken, query, view, kind, problem }: QueuesProps): ReactNode {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="queues">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Queues</h1>
        <p>{descriptions[kind]}</p>
      </section>
      <QueueTabs current={kind} />
      <QueueFilters
        action={`${paths.adminQueues}/${kind}`}
        q={query.q}
        status={query.status}
        pending={view ? view.pending : null}
        placeholder={kind === 'deposits' ? 'Reference or e-mail' : 'Customer e-mail'}
        doneLabel="Done"
      />
      <StaffProblem message={problem} />
      {view ? (
        <>
          <QueueSummary total={view.total} pending={view.pending} status={query.status} />
          {kind === 'deposits' ? (
            <StaffTable rows={view.rows as DepositRow[]} rowKey={(row) => row.id} columns={depositColumns} />
          ) : kind === 'withdrawals' ? (
            <StaffTable rows={view.rows as WithdrawalRow[]} rowKey={(row) => row.id} columns={withdrawalColumns} />
          ) : (
            <StaffTable rows={view.rows as DocumentRow[]} rowKey={(row) => row.id} columns={documentColumns} />
          )}
          <Pager page={query.page} lastPage={view.lastPage} hrefOf={(n) => hrefOf(kind, query.status, query.q, n)} />
        </>
      ) : null}
    </AppShell>
  );
}
