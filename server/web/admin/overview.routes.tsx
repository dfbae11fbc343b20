import type { Router } from 'express';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { OverviewPage } from '../../../views/pages/admin/overview';
import { callContext } from '../gate';
import { staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { dataOrNothing } from '../answers';

export function overviewRoutes(router: Router, deps: PageDeps): void {
  router.get(
    paths.admin,
    staffPage(deps, async (req, res, page) => {
      const overview = await dataOrNothing(deps.api.request(endpoints.overview, { token: page.token }, callContext(req)));
      sendPage(req, res, deps.assets, {
        title: 'Back office',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <OverviewPage settings={page.settings} user={page.user} csrfToken={csrfToken} overview={overview?.data ?? null} />,
      });
    }),
  );
}
