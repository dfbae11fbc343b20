import { Router } from 'express';
import { api as endpoints } from '../../shared/api/endpoints';
import { paths } from '../../shared/routes';
import { PlanRequestsPage, type PlanRequestsView } from '../../views/pages/admin/plan-requests';
import { PlansPage } from '../../views/pages/plans';
import { listAnswer } from './admin/list-answer';
import { dataOrNothing } from './answers';
import { callContext } from './gate';
import { customerPage, staffPage, type PageDeps } from './gated';
import { sendPage } from './render';

const unreachable = 'The plan requests could not be loaded. Reload the page to try again.';

/** Moving to another plan, and staff deciding those requests (docs/customer-area.md#plans). */
export function plansPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  // The Account Plans screen: the plans, their prices and the customer's latest request come with the page.
  router.get(
    paths.plans,
    customerPage(deps, async (req, res, page) => {
      const overview = await dataOrNothing(api.request(endpoints.plans, { token: page.token }, callContext(req)));
      sendPage(req, res, assets, {
        title: 'Account Plans',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <PlansPage settings={page.settings} user={page.user} csrfToken={csrfToken} overview={overview?.data ?? null} />,
      });
    }),
  );

  router.get(
    paths.adminPlanRequests,
    staffPage(deps, async (req, res, page) => {
      const { query, data, problem, status } = await listAnswer(deps, req, page.token, endpoints.planRequests, unreachable);
      const view: PlanRequestsView | null = data ? { rows: data.data, total: data.meta.total, lastPage: data.meta.last_page, pending: data.pending } : null;
      sendPage(req, res, assets, {
        status,
        title: 'Plan requests',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <PlanRequestsPage settings={page.settings} user={page.user} csrfToken={csrfToken} query={query} view={view} problem={problem} />,
      });
    }),
  );

  return router;
}
