import type { Request, Response, Router } from 'express';
import { messageOf } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { ConditionsPage, type PostedConditions } from '../../../views/pages/admin/conditions';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps, type StaffPage } from '../gated';
import { sendPage } from '../render';
import { UpstreamUnavailable } from '../trading-client';
import { adminFormPost } from './form-post';

const unreachable = 'The trading conditions could not be loaded. Reload the page to try again.';

/** `/admin/conditions`, admins only (docs/trading.md#trading-conditions): each plan's conditions, and forms to set them. */
export function conditionsRoutes(router: Router, deps: PageDeps): void {
  async function render(req: Request, res: Response, page: StaffPage, posted: PostedConditions | null = null, status = 200, message?: string) {
    let answer;
    try {
      answer = await deps.api.request(endpoints.tradingConditions, { token: page.token }, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
    }
    if (answer && !answer.ok && answer.status === 403) return sendNotFound(req, res, deps.assets, page.settings);
    const view = answer?.ok ? answer.data.data : null;
    const problem = view ? null : answer ? messageOf(answer.body, unreachable) : unreachable;
    sendPage(req, res, deps.assets, {
      status: view ? status : 503,
      title: 'Trading conditions',
      settings: page.settings,
      user: page.user,
      ...(message ? { flash: [{ kind: 'error' as const, title: message }] } : {}),
      body: (csrfToken) => <ConditionsPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={view} problem={problem} posted={posted} />,
    });
  }

  router.get(
    paths.adminConditions,
    staffPage(deps, (req, res, page) => render(req, res, page), { adminOnly: true }),
  );
  const fields = ['plan_id', 'asset_class', 'asset_id', 'spread_markup', 'commission_type', 'commission_rate', 'commission_min'];
  adminFormPost(router, deps, { path: paths.adminConditions, form: 'set', endpoint: endpoints.setConditions, fields, page: paths.adminConditions, anchor: '#markups-heading', again: render });
  adminFormPost(router, deps, {
    path: `${paths.adminConditions}/remove`,
    form: 'remove',
    endpoint: endpoints.removeConditions,
    fields: ['plan_id', 'asset_id'],
    page: paths.adminConditions,
    anchor: '#overrides-heading',
    again: render,
  });
}
