import '../styles/staff-tables.css';
import './accounts-wallets.css';
import { useCallback, useId, useState } from 'react';
import * as z from 'zod/mini';
import { accountsOverviewSchema, accountsTexts as texts, transferSchema, type AccountsOverview, type TransferView, type WalletView } from '../../shared/api/accounts.schema';
import { accountsApi } from '../../shared/api/endpoints/accounts';
import { accountName, accountStatuses, type AccountStatus } from '../../shared/api/user.schema';
import { Money } from '../../shared/money';
import { StaffTable, type Column } from '../components/staff-table';
import { currencyFormats, showMoney, When } from '../funding/history';
import { useFundingChanges } from '../funding/live';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { OpenAccount, typeLabels } from './accounts/open-account';
import { TransferForm } from './accounts/transfer-form';

const props = z.object({
  firstName: z.string(),
  verified: z.boolean(),
  /** Every account's status is its owner's standing (docs/accounts-and-ledger.md#the-user-object). */
  status: z.enum(accountStatuses),
  /** GET /accounts/overview as the server read it for the page, or null when it could not. */
  overview: z.nullable(accountsOverviewSchema),
  /** The first page of transfers, or null when it could not be read. */
  transfers: z.nullable(z.array(transferSchema)),
  formats: currencyFormats,
});
type Props = z.infer<typeof props>;

export const walletsTexts = {
  unreachable: 'Your accounts could not be loaded. Reload the page to try again.',
  transfersFailed: 'Your transfers could not be loaded.',
  noTransfers: 'No transfers yet.',
  needTwoLive: 'Transfers move cash between two of your Live accounts. Open another Live account below to use them.',
  creditNote: 'Only cash moves. Bonus credit stays on its account and is never turned into cash by a transfer; Demo accounts hold virtual money and take no part.',
} as const;

const statusLabels: Record<AccountStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };

type Money$ = (amount: string, code?: string) => string;

/** The hero: the real-money accounts' cash, credit and equity apart (Demo money never counted), how many are active. */
function AccountsHero({
  firstName,
  verified,
  accounts,
  active,
  currency,
  money,
}: {
  firstName: string;
  verified: boolean;
  accounts: readonly WalletView[];
  active: number;
  currency: string;
  money: Money$;
}) {
  const id = useId();
  const live = accounts.filter((a) => a.type === 'live');
  const sameCurrency = live.every((a) => a.currency === currency);
  const sum = (pick: (a: WalletView) => string) => (sameCurrency ? money(live.reduce((total, a) => total.plus(pick(a)), new Money(0)).toFixed(2)) : '—');
  return (
    <section className="accounts-hero" aria-labelledby={id}>
      <div className="accounts-identity">
        <h2 id={id}>{firstName ? `${firstName}'s wallets` : 'Your wallets'}</h2>
        <span className={verified ? 'verification-badge verification-badge-ok' : 'verification-badge verification-badge-no'}>{verified ? 'Verified' : 'Unverified'}</span>
      </div>
      <dl className="accounts-tiles">
        <div className="accounts-tile accounts-tile-cash">
          <dt>Real-money balance</dt>
          <dd data-testid="accounts-cash">{sum((a) => a.balance)}</dd>
        </div>
        <div className="accounts-tile">
          <dt>Bonus credit</dt>
          <dd data-testid="accounts-credit">{sum((a) => a.credit)}</dd>
        </div>
        <div className="accounts-tile">
          <dt>Equity</dt>
          <dd data-testid="accounts-equity">{sum((a) => a.equity)}</dd>
        </div>
        <div className="accounts-tile">
          <dt>Active</dt>
          <dd data-testid="accounts-active">
            {active}/{accounts.length}
          </dd>
        </div>
        <div className="accounts-tile">
          <dt>Currency</dt>
          <dd>{currency}</dd>
        </div>
      </dl>
      <p className="accounts-hero-note">Live accounts only: cash and bonus credit are shown apart, and Demo money is never counted.</p>
    </section>
  );
}

/** Every account with its figures, the plan's leverage and the owner's standing. */
function WalletsTable({ accounts, leverage, status, money }: { accounts: readonly WalletView[]; leverage: number | null; status: AccountStatus; money: Money$ }) {
  const id = useId();
  const columns: Column<WalletView>[] = [
    {
      label: 'Account',
      cell: (a) => (
        <span className="wallet-name">
          <strong>{accountName(a)}</strong>
          {a.primary ? <small>Opened at sign-up</small> : null}
        </span>
      ),
    },
    { label: 'Type', cell: (a) => <span className={`account-type account-type-${a.type}`}>{typeLabels[a.type]}</span> },
    { label: 'Currency', cell: (a) => a.currency },
    { label: 'Balance', cell: (a) => money(a.balance, a.currency), className: 'num' },
    { label: 'Credit', cell: (a) => money(a.credit, a.currency), className: 'num' },
    { label: 'Equity', cell: (a) => money(a.equity, a.currency), className: 'num' },
    { label: 'Leverage', cell: () => (leverage ? `1:${leverage}` : '—'), className: 'num' },
    { label: 'Status', cell: () => <span className={`account-status account-status-${status}`}>{statusLabels[status]}</span> },
  ];
  return (
    <section className="accounts-card" aria-labelledby={id}>
      <h2 id={id}>Your Wallets</h2>
      <StaffTable rows={accounts} columns={columns} rowKey={(a) => a.id} empty={texts.noWallets} className="wallets-table" />
    </section>
  );
}

/** The transfer between two Live accounts, or why there is none yet. */
function TransferSection({ live, ...form }: Parameters<typeof TransferForm>[0]) {
  const id = useId();
  return (
    <section className="accounts-card" aria-labelledby={id}>
      <h2 id={id}>{texts.transferTitle}</h2>
      <p className="accounts-muted">{texts.transferNote}</p>
      <p className="accounts-muted">{walletsTexts.creditNote}</p>
      {live.length < 2 ? (
        <p className="notice notice-info accounts-notice" role="status">
          {walletsTexts.needTwoLive}
        </p>
      ) : (
        <TransferForm live={live} {...form} />
      )}
    </section>
  );
}

function RecentTransfers({ transfers, money }: { transfers: readonly TransferView[] | null; money: Money$ }) {
  const id = useId();
  return (
    <section className="accounts-card" aria-labelledby={id}>
      <h2 id={id}>Recent transfers</h2>
      {transfers === null ? (
        <p className="accounts-muted" role="alert">
          {walletsTexts.transfersFailed}
        </p>
      ) : (
        <StaffTable
          rows={transfers}
          rowKey={(t) => t.id}
          empty={walletsTexts.noTransfers}
          className="transfers-table"
          columns={[
            { label: 'Date', cell: (t) => <When iso={t.created_at} /> },
            { label: 'From', cell: (t) => accountName(t.from) },
            { label: 'To', cell: (t) => accountName(t.to) },
            { label: 'Amount', cell: (t) => money(t.amount, t.currency), className: 'num' },
          ]}
        />
      )}
    </section>
  );
}

/**
 * The Accounts page's live part (docs/customer-area.md#accounts): the hero's figures, every account with
 * its figures, the transfer between two of the customer's Live accounts, opening another account within
 * the limits, and the recent transfers. Everything is read again after a transfer or an opening, and when
 * money moves elsewhere (a deposit credited, a trade closed).
 */
function AccountsWallets({ firstName, verified, status, overview: firstOverview, transfers: firstTransfers, formats }: Props) {
  const [overview, setOverview] = useState<AccountsOverview | null>(firstOverview);
  const [transfers, setTransfers] = useState<readonly TransferView[] | null>(firstTransfers);
  const refresh = useCallback(async () => {
    const [fresh, list] = await Promise.all([call(accountsApi.accountsOverview), call(accountsApi.accountTransfers, { query: { page: 1 } })]);
    if (fresh.ok) setOverview(fresh.data.data);
    if (list.ok) setTransfers(list.data.data);
  }, []);
  useFundingChanges(() => void refresh());

  if (!overview)
    return (
      <p className="notice notice-warning accounts-notice" role="alert">
        {walletsTexts.unreachable}
      </p>
    );

  const accounts = overview.accounts;
  const live = accounts.filter((a) => a.type === 'live');
  const currency = live[0]?.currency ?? accounts[0]?.currency ?? 'USD';
  const money: Money$ = (amount, code = currency) => showMoney(amount, code, formats);
  const active = status === 'active';
  return (
    <div className="accounts-wallets">
      <AccountsHero firstName={firstName} verified={verified} accounts={accounts} active={active ? accounts.length : 0} currency={currency} money={money} />
      <WalletsTable accounts={accounts} leverage={overview.leverage} status={status} money={money} />
      <TransferSection live={live} active={active} money={money} changed={refresh} />
      <OpenAccount limits={overview.limits} active={active} changed={refresh} />
      <RecentTransfers transfers={transfers} money={money} />
    </div>
  );
}

export default defineIsland({ name: 'accounts-wallets', component: AccountsWallets, props });
