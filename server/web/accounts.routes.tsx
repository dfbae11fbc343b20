import { Router, type Request } from 'express';
import { api as endpoints } from '../../shared/api/endpoints';
import { AccountsPage, type AccountsView } from '../../views/pages/accounts';
import { currencyFormatsOf, dataOrNothing } from './answers';
import { callContext } from './gate';
import { customerPage, type PageDeps } from './gated';
import { sendPage } from './render';
import { paths } from '../../shared/routes';

/** Trading accounts, opening more, and transfers between a customer's own accounts (docs/customer-area.md#accounts). */
export function accountsPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  /** Each currency's symbol and decimals from the site data; none when it could not be read. */
  const formatsFor = (req: Request, token: string) => currencyFormatsOf(api, req, token);

  router.get(
    paths.accounts,
    customerPage(deps, async (req, res, page) => {
      const ctx = callContext(req);
      const [overview, transfers, formats] = await Promise.all([
        dataOrNothing(api.request(endpoints.accountsOverview, { token: page.token }, ctx)),
        dataOrNothing(api.request(endpoints.accountTransfers, { token: page.token, query: { page: 1 } }, ctx)),
        formatsFor(req, page.token),
      ]);
      const view: AccountsView = { overview: overview?.data ?? null, transfers: transfers?.data ?? null, formats };
      sendPage(req, res, assets, {
        title: 'Accounts',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <AccountsPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={view} />,
      });
    }),
  );

  return router;
}
