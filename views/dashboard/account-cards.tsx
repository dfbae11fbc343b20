import type { AccountSummaryView } from '../../shared/api/trades.schema';
import type { TradesSummary, User } from '../../shared/api/user.schema';
import { accountName } from '../../shared/api/user.schema';
import { terminalPathOf } from '../../shared/routes';
import { Money } from '../../shared/money';
import { converted, money, signedMoney, toneOf, type MoneyFormats } from './figures';

/** One account as the cards show it: the figures of `GET /accounts`, or only balance and credit (from the user object) when those could not be read. */
export type CardAccount = Pick<AccountSummaryView, 'id' | 'number' | 'type' | 'title' | 'currency' | 'balance' | 'credit'> & { figures: AccountSummaryView | null };

/** Live accounts first (real money), then Demo; each in the order opened. */
export function cardAccounts(user: User, summaries: readonly AccountSummaryView[] | null): CardAccount[] {
  const list: CardAccount[] = summaries
    ? summaries.map((s) => ({ ...s, figures: s }))
    : user.accounts.map((a) => ({ id: a.id, number: a.number, type: a.type, title: a.title, currency: a.currency, balance: a.balance, credit: a.credit_balance, figures: null }));
  return [...list.filter((a) => a.type === 'live'), ...list.filter((a) => a.type === 'demo')];
}

/** The balance's test id: the sign-up Live account (the user object's `account_id`) and the first Demo keep the names the end-to-end tests read. */
function balanceTestId(account: CardAccount, user: User, firstDemo: number | undefined): string {
  if (account.type === 'live' && account.number === user.account_id) return 'balance-live';
  if (account.type === 'demo' && account.id === firstDemo) return 'balance-demo';
  return `balance-${account.number}`;
}

const marginLevelText = (level: string) => (level === '∞' || level === '' ? '—' : `${new Money(level).toFixed(2)}%`);

function Figure({ label, value, tone, note }: { label: string; value: string; tone?: string; note?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={tone ? `tone-${tone}` : undefined} title={note}>
        {value}
      </dd>
    </div>
  );
}

/** The account cards ("Account Balance", docs/customer-area.md#dashboard), one per account, every figure real: balance, credit, equity, margin, free margin, margin level, open and lifetime P/L. */
export function AccountCards({
  user,
  accounts,
  formats,
  figuresFailed,
  maxLeverage,
}: {
  user: User;
  accounts: readonly CardAccount[];
  formats: MoneyFormats;
  figuresFailed: boolean;
  /** The most leverage any instrument takes for this customer (null when the dashboard's figures could not be read). */
  maxLeverage: number | null;
}) {
  const firstDemo = accounts.find((a) => a.type === 'demo')?.id;
  return (
    <section className="dash-accounts" aria-label="Your accounts">
      {figuresFailed ? (
        <p className="notice notice-warning dash-wide" role="status">
          Equity and margin could not be read just now; balances are shown as last booked. Reload the page to try again.
        </p>
      ) : null}
      {accounts.map((account) => {
        const show = (amount: string) => money(amount, account.currency, formats);
        const demo = account.type === 'demo';
        const inDisplay = demo ? null : converted(account.balance, account.currency, formats);
        const f = account.figures;
        return (
          <article key={account.id} className={`account-card account-${account.type}`} data-account-type={account.type} aria-labelledby={`account-${account.id}-title`}>
            <header>
              <h2 id={`account-${account.id}-title`}>{accountName(account)}</h2>
              {demo ? <span className="demo-badge">Demo money</span> : <span className="live-badge">Real money</span>}
            </header>
            <p className="account-label">Account Balance</p>
            <p className="account-balance" data-testid={balanceTestId(account, user, firstDemo)}>
              {show(account.balance)}
            </p>
            {inDisplay ? <p className="account-converted">{inDisplay}</p> : null}
            {demo ? <p className="account-note">Virtual funds for practice: never added to your real balances.</p> : null}
            <dl className="account-figures">
              <Figure label="Credit" value={show(account.credit)} note="Bonus credit counts toward equity and margin; it cannot be withdrawn." />
              {f ? (
                <>
                  <Figure label="Equity" value={show(f.equity)} />
                  <Figure label="Margin" value={show(f.margin)} />
                  <Figure label="Free margin" value={show(f.freeMargin)} />
                  <Figure label="Margin level" value={marginLevelText(f.marginLevel)} note={f.marginLevel === '∞' ? 'No margin in use' : undefined} />
                  <Figure label={`Open P/L (${f.open_trades} open)`} value={signedMoney(f.pnl, account.currency, formats)} tone={toneOf(f.pnl)} />
                  <Figure label="Lifetime P/L" value={signedMoney(f.lifetimePnl, account.currency, formats)} tone={toneOf(f.lifetimePnl)} />
                </>
              ) : null}
              {!demo && maxLeverage !== null ? <Figure label="Leverage" value={`up to 1:${maxLeverage}`} /> : null}
              <Figure label="Account Type" value={demo ? 'Demo' : (user.account_type?.title ?? 'Live')} />
            </dl>
            <a className="button-link outline" role="button" href={terminalPathOf(user)} data-trade-room="">
              Open Trade Room
            </a>
          </article>
        );
      })}
    </section>
  );
}

/** The Live account's record ("Total PNL", "Total Deposits", "Profitable Orders", docs/customer-area.md#dashboard), each with an honest empty text. */
export function RecordCards({ summary, currency, accountLabel, formats }: { summary: TradesSummary; currency: string; accountLabel: string; formats: MoneyFormats }) {
  const show = (amount: string) => money(amount, currency, formats);
  const deposited = !new Money(summary.total_deposit).isZero();
  const evens = summary.trades_count - summary.total_wins - summary.total_losses;
  return (
    <section className="dash-record" aria-label={`Trading record of your ${accountLabel}`}>
      <article className="record-card">
        <h2>Total P/L</h2>
        <p className={`record-value tone-${toneOf(summary.total_pnl)}`}>{signedMoney(summary.total_pnl, currency, formats)}</p>
        {converted(summary.total_pnl, currency, formats) ? <p className="account-converted">{converted(summary.total_pnl, currency, formats)}</p> : null}
        <p className="record-note">
          {summary.trades_count === 0 ? 'No closed trades yet' : `Realised on ${summary.trades_count} closed trade${summary.trades_count === 1 ? '' : 's'} · ${accountLabel}`}
        </p>
      </article>
      <article className="record-card">
        <h2>Total Deposits</h2>
        <p className="record-value">{show(summary.total_deposit)}</p>
        {deposited && converted(summary.total_deposit, currency, formats) ? <p className="account-converted">{converted(summary.total_deposit, currency, formats)}</p> : null}
        <p className="record-note">{deposited ? `Deposited into your ${accountLabel}` : 'No deposits yet'}</p>
      </article>
      <article className="record-card">
        <h2>Profitable Orders</h2>
        <p className="record-value">
          {summary.total_wins}
          <span className="record-of">/{summary.trades_count}</span>
        </p>
        <p className="record-note">{summary.trades_count === 0 ? 'No orders closed yet' : `${summary.total_losses} at a loss${evens > 0 ? ` · ${evens} break-even` : ''}`}</p>
      </article>
    </section>
  );
}
