import '../styles/staff-tables.css';
import './accounts-wallets.css';
import { useCallback, useId, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { accountsOverviewSchema, accountsTexts as texts, transferRequest, transferSchema, type AccountsOverview, type TransferView, type WalletView } from '../../shared/api/accounts.schema';
import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import { accountsApi } from '../../shared/api/endpoints/accounts';
import { accountName, accountStatuses, accountTitles, type AccountStatus } from '../../shared/api/user.schema';
import { Money } from '../../shared/money';
import { StaffTable, type Column } from '../components/staff-table';
import { currencyFormats, showMoney, When } from '../funding/history';
import { useFundingChanges } from '../funding/live';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { dismissToast, showToast } from '../state/toasts';

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
  openTitle: 'Open another account',
  openNote: 'A Live account starts empty: fund it by a transfer from another Live account. A Demo account starts with 10,000.00 of virtual money.',
  atLimit: (title: string, max: number) => `You hold the most ${title}s one customer may open (${max}).`,
} as const;

const statusLabels: Record<AccountStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };
const typeLabels = { live: 'Live', demo: 'Demo' } as const;

interface TransferForm {
  from: string;
  to: string;
  amount: string;
}

function firstPair(accounts: readonly WalletView[]): TransferForm {
  const live = accounts.filter((a) => a.type === 'live');
  const from = live.find((a) => a.primary) ?? live[0];
  const to = live.find((a) => a !== from);
  return { from: from ? String(from.id) : '', to: to ? String(to.id) : '', amount: '' };
}

/** The request the form would send, checked with the contract's own schema (its messages are the server's). */
function checkTransfer(form: TransferForm): FieldErrors {
  const parsed = transferRequest.safeParse({ from_account_id: form.from, to_account_id: form.to, amount: form.amount.trim() });
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!errors.to_account_id && form.from && form.from === form.to) errors.to_account_id = [texts.sameAccount];
  return errors;
}

/** "Make Transfer" is offered only for an amount above 0 between two different accounts (the original's rule). */
function positive(amount: string): boolean {
  try {
    return new Money(amount.trim()).greaterThan(0);
  } catch {
    return false;
  }
}

/**
 * The Accounts page's live part (docs/customer-area.md#accounts): the hero's figures (cash, credit and
 * equity of the real-money accounts apart; Demo money never counted), every account with its figures,
 * the transfer between two of the customer's Live accounts, opening another account within the limits,
 * and the recent transfers. Everything is read again after a transfer or an opening, and when money
 * moves elsewhere (a deposit credited, a trade closed).
 */
function AccountsWallets({ firstName, verified, status, overview: firstOverview, transfers: firstTransfers, formats }: Props) {
  const [overview, setOverview] = useState<AccountsOverview | null>(firstOverview);
  const [transfers, setTransfers] = useState<readonly TransferView[] | null>(firstTransfers);
  const [form, setForm] = useState<TransferForm>(() => firstPair(firstOverview?.accounts ?? []));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState<'live' | 'demo' | null>(null);
  const [openType, setOpenType] = useState<'live' | 'demo'>('live');
  const [openError, setOpenError] = useState<string | null>(null);
  const [failureToast, setFailureToast] = useState<number | null>(null);
  const id = useId();
  const ids = (field: string) => `${id}-${field}`;

  const refresh = useCallback(async () => {
    const [fresh, list] = await Promise.all([call(accountsApi.accountsOverview), call(accountsApi.accountTransfers, { query: { page: 1 } })]);
    if (fresh.ok) setOverview(fresh.data.data);
    if (list.ok) setTransfers(list.data.data);
    return fresh.ok ? fresh.data.data : null;
  }, []);
  useFundingChanges(() => void refresh());

  const checked = useMemo(() => checkTransfer(form), [form]);

  if (!overview)
    return (
      <p className="notice notice-warning accounts-notice" role="alert">
        {walletsTexts.unreachable}
      </p>
    );

  const accounts = overview.accounts;
  const live = accounts.filter((a) => a.type === 'live');
  const byId = (value: string) => accounts.find((a) => String(a.id) === value);
  const source = byId(form.from);
  const currency = live[0]?.currency ?? accounts[0]?.currency ?? 'USD';
  const money = (amount: string, code = currency) => showMoney(amount, code, formats);
  const sum = (pick: (a: WalletView) => string) => live.reduce((total, a) => total.plus(pick(a)), new Money(0)).toFixed(2);
  const sameCurrency = live.every((a) => a.currency === currency);
  const active = status === 'active' ? accounts.length : 0;
  const leverage = overview.leverage ? `1:${overview.leverage}` : '—';
  const messageOf = (field: 'from_account_id' | 'to_account_id' | 'amount') => serverErrors[field]?.[0] ?? (touched ? checked[field]?.[0] : undefined);
  const canSend = live.length >= 2 && status === 'active' && positive(form.amount) && form.from !== form.to && !busy;

  const change = (patch: Partial<TransferForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors({});
    if (patch.amount !== undefined) setTouched(true);
  };

  async function transfer() {
    setTouched(true);
    if (Object.keys(checked).length > 0) return;
    setBusy(true);
    const result = await call(accountsApi.transferFunds, { body: { from_account_id: form.from, to_account_id: form.to, amount: form.amount.trim() } });
    setBusy(false);
    if (failureToast !== null) dismissToast(failureToast);
    if (!result.ok) {
      setServerErrors(result.errors);
      setFailureToast(showToast({ kind: 'error', title: texts.transferFailed, ...(result.message ? { description: result.message } : {}) }));
      return;
    }
    setFailureToast(null);
    showToast({ kind: 'success', title: texts.transferred, description: `${money(result.data.data.amount)} from ${accountName(result.data.data.from)} to ${accountName(result.data.data.to)}.` });
    setForm((current) => ({ ...current, amount: '' }));
    setTouched(false);
    await refresh();
  }

  async function open() {
    setOpening(openType);
    setOpenError(null);
    const result = await call(accountsApi.openAccount, { body: { type: openType } });
    setOpening(null);
    if (!result.ok) {
      const message = result.errors.type?.[0] ?? result.message ?? texts.openFailed;
      setOpenError(message);
      showToast({ kind: 'error', title: texts.openFailed, description: message });
      return;
    }
    showToast({ kind: 'success', title: result.data.message });
    const fresh = await refresh();
    // A second Live account makes the transfer form usable: preselect the pair.
    if (fresh && (!form.from || !form.to)) setForm(firstPair(fresh.accounts));
  }

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
    { label: 'Leverage', cell: () => leverage, className: 'num' },
    { label: 'Status', cell: () => <span className={`account-status account-status-${status}`}>{statusLabels[status]}</span> },
  ];

  const limits = overview.limits;
  const limitOf = (type: 'live' | 'demo') => limits[type];
  const full = (type: 'live' | 'demo') => limitOf(type).held >= limitOf(type).max;

  return (
    <div className="accounts-wallets">
      <section className="accounts-hero" aria-labelledby={ids('hero')}>
        <div className="accounts-identity">
          <h2 id={ids('hero')}>{firstName ? `${firstName}'s wallets` : 'Your wallets'}</h2>
          <span className={verified ? 'verification-badge verification-badge-ok' : 'verification-badge verification-badge-no'}>{verified ? 'Verified' : 'Unverified'}</span>
        </div>
        <dl className="accounts-tiles">
          <div className="accounts-tile accounts-tile-cash">
            <dt>Real-money balance</dt>
            <dd data-testid="accounts-cash">{sameCurrency ? money(sum((a) => a.balance)) : '—'}</dd>
          </div>
          <div className="accounts-tile">
            <dt>Bonus credit</dt>
            <dd data-testid="accounts-credit">{sameCurrency ? money(sum((a) => a.credit)) : '—'}</dd>
          </div>
          <div className="accounts-tile">
            <dt>Equity</dt>
            <dd data-testid="accounts-equity">{sameCurrency ? money(sum((a) => a.equity)) : '—'}</dd>
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

      <section className="accounts-card" aria-labelledby={ids('wallets')}>
        <h2 id={ids('wallets')}>Your Wallets</h2>
        <StaffTable rows={accounts} columns={columns} rowKey={(a) => a.id} empty={texts.noWallets} className="wallets-table" />
      </section>

      <section className="accounts-card" aria-labelledby={ids('transfer')}>
        <h2 id={ids('transfer')}>{texts.transferTitle}</h2>
        <p className="accounts-muted">{texts.transferNote}</p>
        <p className="accounts-muted">{walletsTexts.creditNote}</p>
        {live.length < 2 ? (
          <p className="notice notice-info accounts-notice" role="status">
            {walletsTexts.needTwoLive}
          </p>
        ) : (
          <form
            className="transfer-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (canSend) void transfer();
            }}
          >
            <div className="transfer-field">
              <label htmlFor={ids('from')}>From account</label>
              <select
                id={ids('from')}
                value={form.from}
                aria-invalid={messageOf('from_account_id') ? true : undefined}
                aria-describedby={ids('from-help')}
                onChange={(event) => change({ from: event.target.value })}
              >
                {live.map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountName(a)} ({money(a.balance, a.currency)})
                  </option>
                ))}
              </select>
              <small id={ids('from-help')} className={messageOf('from_account_id') ? 'field-problem' : 'accounts-muted'} role={messageOf('from_account_id') ? 'alert' : undefined}>
                {messageOf('from_account_id') ?? (source ? `Up to ${money(source.transferable, source.currency)} can move now.` : '')}
              </small>
            </div>
            <div className="transfer-field">
              <label htmlFor={ids('to')}>To account</label>
              <select
                id={ids('to')}
                value={form.to}
                aria-invalid={messageOf('to_account_id') ? true : undefined}
                aria-describedby={ids('to-problem')}
                onChange={(event) => change({ to: event.target.value })}
              >
                {live.map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountName(a)} ({money(a.balance, a.currency)})
                  </option>
                ))}
              </select>
              <small id={ids('to-problem')} className="field-problem" role={messageOf('to_account_id') ? 'alert' : undefined}>
                {messageOf('to_account_id') ?? ''}
              </small>
            </div>
            <div className="transfer-field">
              <label htmlFor={ids('amount')}>Amount</label>
              <div className="transfer-amount">
                <input
                  id={ids('amount')}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  value={form.amount}
                  aria-invalid={messageOf('amount') ? true : undefined}
                  aria-describedby={ids('amount-problem')}
                  onChange={(event) => change({ amount: event.target.value })}
                />
                {source && new Money(source.transferable).greaterThan(0) ? (
                  <button type="button" className="secondary outline transfer-max" onClick={() => change({ amount: new Money(source.transferable).toFixed(2) })}>
                    Max
                  </button>
                ) : null}
              </div>
              <small id={ids('amount-problem')} className="field-problem" role={messageOf('amount') ? 'alert' : undefined}>
                {messageOf('amount') ?? ''}
              </small>
            </div>
            <button type="submit" className="transfer-submit" disabled={!canSend} aria-busy={busy || undefined}>
              {busy ? 'Processing...' : 'Make Transfer'}
            </button>
          </form>
        )}
      </section>

      <section className="accounts-card" aria-labelledby={ids('open')}>
        <h2 id={ids('open')}>{walletsTexts.openTitle}</h2>
        <p className="accounts-muted">{walletsTexts.openNote}</p>
        <form
          className="open-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!full(openType) && !opening) void open();
          }}
        >
          <fieldset className="open-types">
            <legend className="visually-hidden">Account type</legend>
            {(['live', 'demo'] as const).map((type) => (
              <label key={type} className={openType === type ? 'open-type open-type-chosen' : 'open-type'}>
                <input type="radio" name={ids('type')} value={type} checked={openType === type} onChange={() => (setOpenType(type), setOpenError(null))} />
                <span>
                  <strong>{typeLabels[type]}</strong>
                  <small>
                    {limitOf(type).held} of {limitOf(type).max} held
                  </small>
                </span>
              </label>
            ))}
          </fieldset>
          {full(openType) ? (
            <p className="accounts-muted" role="status">
              {walletsTexts.atLimit(accountTitles[openType], limitOf(openType).max)}
            </p>
          ) : null}
          {openError ? (
            <p className="field-problem" role="alert">
              {openError}
            </p>
          ) : null}
          <button type="submit" disabled={full(openType) || opening !== null || status !== 'active'} aria-busy={opening !== null || undefined}>
            {opening ? 'Opening...' : `Open ${typeLabels[openType]} account`}
          </button>
        </form>
      </section>

      <section className="accounts-card" aria-labelledby={ids('history')}>
        <h2 id={ids('history')}>Recent transfers</h2>
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
    </div>
  );
}

export default defineIsland({ name: 'accounts-wallets', component: AccountsWallets, props });
