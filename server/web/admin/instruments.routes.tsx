import type { Router } from 'express';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { InstrumentsPage } from '../../../views/pages/admin/instruments';
import { staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { listAnswer } from './list-answer';

/** `/admin/instruments` (admins; docs/back-office.md#instruments). */
export function instrumentRoutes(router: Router, deps: PageDeps): void {
  router.get(
    paths.adminInstruments,
    staffPage(
      deps,
      async (req, res, page) => {
        const { query, data, problem, status } = await listAnswer(deps, req, page.token, endpoints.adminInstruments, 'The instruments could not be loaded. Reload the page to try again.');
        const list = data ? { rows: data.data, total: data.meta.total, lastPage: data.meta.last_page } : null;
        sendPage(req, res, deps.assets, {
          status,
          title: 'Instruments',
          settings: page.settings,
          user: page.user,
          body: (csrfToken) => <InstrumentsPage settings={page.settings} user={page.user} csrfToken={csrfToken} query={query} list={list} problem={problem} />,
        });
      },
      { adminOnly: true },
    ),
  );
}
