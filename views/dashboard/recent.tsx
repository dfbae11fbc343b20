import type { Movement } from '../../shared/api/dashboard.schema';
import { paths } from '../../shared/routes';
import { Money } from '../../shared/money';
import { money, type MoneyFormats } from './figures';
import { formatDate } from '../../client/lib/format';

/** A moment in UTC: the server does not know the reader's time zone, and this list is not an island. */
const utcTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "Recent transactions": the latest ledger movements of the Live accounts (deposits, withdrawals, trade results, fees…), newest first. */
export function RecentTransactions({ movements, formats }: { movements: readonly Movement[] | null; formats: MoneyFormats }) {
  return (
    <section className="dash-panel recent" aria-labelledby="recent-title">
      <header className="dash-panel-head">
        <h2 id="recent-title">Recent Transactions</h2>
        <a href={paths.transactionHistory}>Transaction history</a>
      </header>
      {!movements ? (
        <p className="dash-empty">Your transactions could not be read just now. Reload the page to try again.</p>
      ) : movements.length === 0 ? (
        <div className="dash-empty">
          <p>No transactions yet</p>
          <p className="dash-empty-note">Deposits, withdrawals and the results of your trades on your Live account appear here.</p>
        </div>
      ) : (
        <ul className="recent-list">
          {movements.map((m) => {
            const out = new Money(m.amount).isNegative();
            return (
              <li key={m.id}>
                <span className="recent-what">
                  <strong>{m.label}</strong>
                  <small>
                    #{m.account_number}
                    {m.bucket === 'credit' ? ' · credit' : ''} · <time dateTime={m.created_at}>{utcTime(m.created_at)}</time>
                  </small>
                </span>
                <span className={`recent-amount tone-${out ? 'loss' : new Money(m.amount).isZero() ? 'flat' : 'gain'}`}>
                  <span className="visually-hidden">{out ? 'Out: ' : 'In: '}</span>
                  {out ? '−' : '+'}
                  {money(new Money(m.amount).abs(), m.currency, formats)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
