import type { Router } from 'express';
import type { Catalogue } from '../../../shared/api/catalogue.schema';
import { messageOf } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { CataloguePage } from '../../../views/pages/admin/catalogue';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The catalogue could not be loaded. Reload the page to try again.';

/** `/admin/catalogue`, admins only (staff and customers get the not-found page; docs/back-office.md#catalogue). */
export function catalogueRoutes(router: Router, deps: PageDeps): void {
  router.get(
    paths.adminCatalogue,
    staffPage(
      deps,
      async (req, res, page) => {
        let catalogue: Catalogue | null = null;
        let problem: string | null = null;
        try {
          const answer = await deps.api.request(endpoints.catalogue, { token: page.token }, callContext(req));
          // A 403 means the role changed since the gate looked: not found, as for anyone else who is not an admin.
          if (!answer.ok && answer.status === 403) return sendNotFound(req, res, deps.assets, page.settings);
          if (answer.ok) catalogue = answer.data.data;
          else problem = messageOf(answer.body, unreachable);
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error;
          problem = unreachable;
        }
        sendPage(req, res, deps.assets, {
          status: catalogue ? 200 : 503,
          title: 'Catalogue',
          settings: page.settings,
          user: page.user,
          body: (csrfToken) => <CataloguePage settings={page.settings} user={page.user} csrfToken={csrfToken} catalogue={catalogue} problem={problem} />,
        });
      },
      { adminOnly: true },
    ),
  );
}
