import { Router } from 'express';
import { api as endpoints } from '../../shared/api/endpoints';
import { paths } from '../../shared/routes';
import { DashboardPage } from '../../views/pages/dashboard';
import { dataOrNothing } from './answers';
import { callContext } from './gate';
import { customerPage, type PageDeps } from './gated';
import { sendPage } from './render';

/** The dashboard's figures (docs/customer-area.md#dashboard): every part read from the API as the page is made; a part that cannot be read says so on its own. */
export function dashboardPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  router.get(
    paths.dashboard,
    // Staff work in the back office; a customer's dashboard (accounts, plan) is not theirs (docs/back-office.md#roles).
    customerPage(deps, async (req, res, page) => {
      const ctx = callContext(req);
      const token = page.token;
      const [siteData, accounts, dashboard, performance] = await Promise.all([
        dataOrNothing(api.request(endpoints.siteData, { token }, ctx)),
        dataOrNothing(api.request(endpoints.accounts, { token }, ctx)),
        dataOrNothing(api.request(endpoints.dashboard, { token }, ctx)),
        dataOrNothing(api.request(endpoints.dashboardPerformance, { token, query: { range: '1M' } }, ctx)),
      ]);
      sendPage(req, res, assets, {
        title: 'Dashboard',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => (
          <DashboardPage
            settings={page.settings}
            user={page.user}
            csrfToken={csrfToken}
            view={{ currencies: siteData?.data.currencies ?? [], accounts: accounts?.data ?? null, dashboard: dashboard?.data ?? null, performance: performance?.data ?? null, now: new Date() }}
          />
        ),
      });
    }),
  );

  return router;
}
