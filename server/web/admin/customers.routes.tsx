import type { Router } from 'express';
import { customerListQuery } from '../../../shared/api/back-office.schema';
import { fieldErrors, firstError, messageOf, positiveInt } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { CustomerPage } from '../../../views/pages/admin/customer';
import { CustomersPage } from '../../../views/pages/admin/customers';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The customers could not be loaded. Reload the page to try again.';

/** `/admin/customers` and `/admin/customers/{id}` (docs/back-office.md#customers). */
export function customerRoutes(router: Router, deps: PageDeps): void {
  router.get(
    paths.adminCustomers,
    staffPage(deps, async (req, res, page) => {
      const asked = customerListQuery.safeParse(req.query);
      const query = asked.success ? asked.data : customerListQuery.parse({});
      let problem = asked.success ? null : firstError(fieldErrors(asked.error.issues));
      let list = null;
      if (asked.success) {
        try {
          const answer = await deps.api.request(endpoints.customers, { token: page.token, query }, callContext(req));
          if (answer.ok) list = { rows: answer.data.data, total: answer.data.meta.total, lastPage: answer.data.meta.last_page };
          else problem = messageOf(answer.body, unreachable);
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error;
          problem = unreachable;
        }
      }
      sendPage(req, res, deps.assets, {
        status: asked.success ? 200 : 422,
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
