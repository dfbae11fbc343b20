import { Router, type Request } from 'express';
import { fieldErrors, firstError, messageOf } from '../../shared/api/common.schema';
import { historyQuery, type FundingOverview, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { queryOfForm } from '../../shared/api/form-query';
import { api as endpoints } from '../../shared/api/endpoints';
import { paths } from '../../shared/routes';
import { overviewLists, type OverviewList } from '../../client/islands/wallet-overview.island';
import type { HistoryFilters } from '../../client/funding/history';
import { TransactionHistoryPage, type HistoryView } from '../../views/pages/transaction-history';
import { walletTabOf, WalletPage, type WalletView } from '../../views/pages/wallet';
import { currencyFormatsOf, dataOrNothing } from './answers';
import { callContext } from './gate';
import { customerPage as customerPageOf, type PageDeps } from './gated';
import { sendPage } from './render';
import { UpstreamUnavailable } from './trading-client';

const historyUnreachable = 'Failed to load transaction history';

/** The part of the address after `?`, as the page links keep it. */
const searchOf = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at);
};

/** The wallet (`/main/withdrawal`: overview, deposit and withdraw tabs) and the transaction history (docs/funding.md). */
export function walletPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  const customerPage = (render: Parameters<typeof customerPageOf>[1]) => customerPageOf(deps, render);

  /** Each currency's symbol and decimals from the site data (amounts then read `$1,000.00`); none when it could not be read. */
  const formatsFor = (req: Request, token: string) => currencyFormatsOf(api, req, token);

  router.get('/main/wallet', (req, res) => res.redirect(302, `${paths.wallet}${searchOf(req)}`));

  router.get(
    paths.wallet,
    customerPage(async (req, res, page) => {
      const ctx = callContext(req);
      const tab = walletTabOf(req.query.tab);
      const list: OverviewList = (overviewLists as readonly string[]).includes(String(req.query.list)) ? (req.query.list as OverviewList) : 'all';
      // Overview: the list's first page; Withdraw: the withdrawals the customer may still cancel.
      const rowsQuery = tab === 'withdraw' ? ({ kind: 'withdrawal', status: 'pending', page: 1 } as const) : ({ kind: list, status: 'all', page: 1 } as const);
      const [overview, history, formats] = await Promise.all([
        dataOrNothing(api.request(endpoints.fundingOverview, { token: page.token }, ctx)),
        tab === 'deposit' ? Promise.resolve(undefined) : dataOrNothing(api.request(endpoints.fundingHistory, { token: page.token, query: rowsQuery }, ctx)),
        formatsFor(req, page.token),
      ]);
      const view: WalletView = { tab, overview: (overview?.data ?? null) as FundingOverview | null, rows: history?.data ?? null, list, formats };
      sendPage(req, res, assets, {
        title: 'My Wallet',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <WalletPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={view} />,
      });
    }),
  );

  router.get(
    paths.transactionHistory,
    customerPage(async (req, res, page) => {
      const asked = historyQuery.safeParse(queryOfForm(req.query));
      const query = asked.success ? asked.data : historyQuery.parse({});
      const filters: HistoryFilters = { kind: query.kind, status: query.status, from: query.from ?? null, to: query.to ?? null, page: query.page };
      const formats = formatsFor(req, page.token);
      let rows: HistoryRow[] | null = null;
      let lastPage = 1;
      let total = 0;
      let problem: string | null = asked.success ? null : firstError(fieldErrors(asked.error.issues));
      if (asked.success) {
        try {
          const answer = await api.request(endpoints.fundingHistory, { token: page.token, query }, callContext(req));
          if (answer.ok) {
            rows = answer.data.data;
            lastPage = answer.data.meta.last_page;
            total = answer.data.meta.total;
          } else problem = messageOf(answer.body, historyUnreachable);
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error;
          // The island says so and offers to try again.
        }
      }
      const view: HistoryView = { filters, rows, lastPage, total, problem, formats: await formats };
      sendPage(req, res, assets, {
        status: asked.success ? 200 : 422,
        title: 'Transaction History',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <TransactionHistoryPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={view} />,
      });
    }),
  );

  return router;
}
