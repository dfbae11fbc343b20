import '../styles/staff-tables.css';
import './wallet-overview.css';
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { fundingOverviewSchema, historyRowSchema } from '../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { paths } from '../../shared/routes';
import { currencyFormats, kindLabels, showMoney, SignedAmount, StatusBadge, When } from '../funding/history';
import { useFundingChanges } from '../funding/live';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';

export const overviewLists = ['all', 'deposit', 'withdrawal'] as const;
export type OverviewList = (typeof overviewLists)[number];
const listLabels: Record<OverviewList, string> = { all: 'All', deposit: 'Deposits', withdrawal: 'Withdrawals' };

export const overviewTexts = {
  empty: 'No transactions found.',
  failed: 'The wallet could not be loaded. Reload the page to try again.',
  historyFailed: 'Failed to load transaction history',
} as const;

const props = z.object({
  /** The account's figures as the server read them for the page (null when it could not). */
  account: fundingOverviewSchema.shape.account,
  failed: z.boolean(),
  /** The first page of the list shown, or null when it could not be read. */
  rows: z.nullable(z.array(historyRowSchema)),
  list: z.enum(overviewLists),
  formats: currencyFormats,
});

/** The wallet address of one of the list's tabs (links, so it works before hydrating and without scripts). */
export const overviewListHref = (list: OverviewList) => (list === 'all' ? paths.wallet : `${paths.wallet}?list=${list}`);

/**
 * The wallet's Overview tab (docs/funding.md#wallet): the Live account's real figures and the first page
 * of its money movements (All / Deposits / Withdrawals), both read again when the money changes elsewhere
 * (staff paid or rejected a withdrawal, confirmed a deposit).
 */
function WalletOverview({ account: firstAccount, failed, rows: firstRows, list: firstList, formats }: z.infer<typeof props>) {
  const [account, setAccount] = useState(firstAccount);
  const [rows, setRows] = useState(firstRows);
  const [list, setList] = useState<OverviewList>(firstList);

  const readList = useCallback(async (which: OverviewList) => {
    const result = await call(customerFundingApi.fundingHistory, { query: { kind: which, status: 'all', page: 1 } });
    if (result.ok) setRows(result.data.data);
    return result.ok;
  }, []);
  const refresh = useCallback(async () => {
    const [overview] = await Promise.all([call(customerFundingApi.fundingOverview), readList(list)]);
    if (overview.ok) setAccount(overview.data.data.account);
  }, [list, readList]);
  useFundingChanges(() => void refresh());

  const choose = async (which: OverviewList) => {
    setList(which);
    window.history.replaceState(null, '', overviewListHref(which));
    if (!(await readList(which))) setRows(null);
  };

  if (failed && !account)
    return (
      <p className="notice notice-warning wallet-notice" role="alert">
        {overviewTexts.failed}
      </p>
    );
  if (!account) return null;
  const money = (amount: string) => showMoney(amount, account.currency, formats);
  const figures: [string, string, string][] = [
    ['Balance', account.balance, 'balance'],
    ['Credit', account.credit, 'credit'],
    ['Equity', account.equity, 'equity'],
    ['Free margin', account.free_margin, 'free-margin'],
    ['Withdrawable', account.withdrawable, 'withdrawable'],
    ['Pending withdrawals', account.pending_withdrawals, 'pending-withdrawals'],
    ['Total deposited', account.total_deposited, 'total-deposited'],
    ['Total withdrawn', account.total_withdrawn, 'total-withdrawn'],
  ];

  return (
    <div className="wallet-overview">
      <section aria-labelledby="wallet-figures-title">
        <h2 id="wallet-figures-title" className="visually-hidden">
          Live account #{account.number}
        </h2>
        <dl className="wallet-figures">
          {figures.map(([label, value, key]) => (
            <div key={key} className={`wallet-figure wallet-figure-${key}`}>
              <dt>{label}</dt>
              <dd data-testid={`wallet-${key}`}>{money(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="wallet-history" aria-labelledby="wallet-history-title">
        <header>
          <h2 id="wallet-history-title">Transaction history</h2>
          <nav className="staff-tabs" aria-label="Transaction history">
            {overviewLists.map((which) => (
              <a
                key={which}
                href={overviewListHref(which)}
                aria-current={list === which ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void choose(which);
                }}
              >
                {listLabels[which]}
              </a>
            ))}
          </nav>
        </header>
        {rows === null ? (
          <p className="wallet-empty" role="alert">
            {overviewTexts.historyFailed}
          </p>
        ) : rows.length === 0 ? (
          <p className="wallet-empty">{overviewTexts.empty}</p>
        ) : (
          <ul className="wallet-moves">
            {rows.map((row) => (
              <li key={row.key}>
                <div className="wallet-move-what">
                  <strong>
                    {kindLabels[row.kind]} · {row.method_label}
                  </strong>
                  <small>
                    <When iso={row.created_at} /> · <code>{row.reference}</code>
                  </small>
                </div>
                <div className="wallet-move-amount">
                  <SignedAmount row={row} formats={formats} />
                  <StatusBadge row={row} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="wallet-more">
          <a href={paths.transactionHistory}>View all transactions</a>
        </p>
      </section>
    </div>
  );
}

export default defineIsland({ name: 'wallet-overview', component: WalletOverview, props });
