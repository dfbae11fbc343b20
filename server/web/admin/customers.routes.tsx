import type { Router } from 'express';
import { positiveInt } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { CustomerPage } from '../../../views/pages/admin/customer';
import { CustomersPage } from '../../../views/pages/admin/customers';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { listAnswer } from './list-answer';

const unreachable = 'The customers could not be loaded. Reload the page to try again.';

/** `/admin/customers` and `/admin/customers/{id}` (docs/back-office.md#customers). */
export function customerRoutes(router: Router, deps: PageDeps): void {
  router.get(
    paths.adminCustomers,
    staffPage(deps, async (req, res, page) => {
      const { query, data, problem, status } = await listAnswer(deps, req, page.token, endpoints.customers, unreachable);
      const list = data ? { rows: data.data, total: data.meta.total, lastPage: data.meta.last_page } : null;
      sendPage(req, res, deps.assets, {
        status,
        title: 'Customers',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <CustomersPage settings={page.settings} user={page.user} csrfToken={csrfToken} query={query} page={list} problem={problem} />,
      });
    }),
  );

  router.get(
    `${paths.adminCustomers}/:id`,
    staffPage(deps, async (req, res, page) => {
      const id = positiveInt('Customer not found.').safeParse(req.params.id);
      // No such customer (or a staff account) is the not-found page; an API that cannot answer is the site's unreachable screen.
      const answer = id.success ? await deps.api.request(endpoints.customer, { token: page.token, params: { id: id.data } }, callContext(req)) : undefined;
      if (!answer?.ok) return sendNotFound(req, res, deps.assets, page.settings);
      const detail = answer.data.data;
      sendPage(req, res, deps.assets, {
        title: `${detail.profile.first_name} ${detail.profile.last_name}`,
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <CustomerPage settings={page.settings} user={page.user} csrfToken={csrfToken} detail={detail} />,
      });
    }),
  );
}
