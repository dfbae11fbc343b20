import type { Request, Response, Router } from 'express';
import { messageOf } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { financingReportQuery } from '../../../shared/api/financing.schema';
import type * as z from 'zod/mini';
import type { Endpoint } from '../../../shared/api/endpoint';
import { paths } from '../../../shared/routes';
import { FinancingPage, type FinancingView, type PostedForm } from '../../../views/pages/admin/financing';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps, type StaffPage } from '../gated';
import { adminFormPost } from './form-post';
import { sendPage } from '../render';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The rollovers and rates could not be loaded. Reload the page to try again.';

/**
 * `/admin/financing`, admins only (docs/back-office.md#financing): the rollovers and a day run by hand, and the rates in
 * force with a form each to set them anew; every form a plain post, checked with the API's own schema first.
 */
export function financingRoutes(router: Router, deps: PageDeps): void {
  async function read(req: Request, page: StaffPage): Promise<{ view: FinancingView | null; problem: string | null } | 'not-found'> {
    try {
      const ctx = callContext(req);
      const asked = financingReportQuery.safeParse({ day: typeof req.query.day === 'string' && req.query.day !== '' ? req.query.day : undefined });
      const [rollovers, rates, report, dividends] = await Promise.all([
        deps.api.request(endpoints.rollovers, { token: page.token }, ctx),
        deps.api.request(endpoints.financingRates, { token: page.token }, ctx),
        deps.api.request(endpoints.financingReport, { token: page.token, query: asked.success ? asked.data : {} }, ctx),
        deps.api.request(endpoints.dividends, { token: page.token }, ctx),
      ]);
      const answers = [rollovers, rates, report, dividends];
      if (answers.some((a) => !a.ok && a.status === 403)) return 'not-found';
      if (rollovers.ok && rates.ok && report.ok && dividends.ok) {
        return { view: { rollovers: rollovers.data.data, clock: rollovers.data.clock, rates: rates.data.data, report: report.data.data, dividends: dividends.data.data }, problem: null };
      }
      return { view: null, problem: messageOf(answers.find((a) => !a.ok)?.body, unreachable) };
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return { view: null, problem: unreachable };
    }
  }

  async function render(req: Request, res: Response, page: StaffPage, posted: PostedForm | null = null, status = 200, message?: string) {
    const found = await read(req, page);
    if (found === 'not-found') return sendNotFound(req, res, deps.assets, page.settings);
    sendPage(req, res, deps.assets, {
      status: found.view ? status : 503,
      title: 'Overnight financing',
      settings: page.settings,
      user: page.user,
      ...(message ? { flash: [{ kind: 'error' as const, title: message }] } : {}),
      body: (csrfToken) => <FinancingPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={found.view} problem={found.problem} posted={posted} />,
    });
  }

  router.get(
    paths.adminFinancing,
    staffPage(deps, (req, res, page) => render(req, res, page), { adminOnly: true }),
  );

  const formPost = (path: string, form: PostedForm['form'], endpoint: Endpoint & { body: z.ZodMiniType }, fields: readonly string[], anchor: string) =>
    adminFormPost(router, deps, { path, form, endpoint, fields, page: paths.adminFinancing, anchor, again: render });

  formPost(paths.adminFinancing, 'rollover', endpoints.runRollover, ['day'], '');
  formPost(`${paths.adminFinancing}/benchmarks`, 'benchmark', endpoints.setBenchmark, ['currency', 'rate_percent'], '#rates');
  formPost(`${paths.adminFinancing}/swap-points`, 'points', endpoints.setSwapPoints, ['asset_id', 'long_points', 'short_points'], '#rates');
  formPost(`${paths.adminFinancing}/markups`, 'markup', endpoints.setMarkup, ['plan_id', 'asset_class', 'markup'], '#rates');
  formPost(`${paths.adminFinancing}/dividends`, 'dividend', endpoints.enterDividend, ['asset_id', 'ex_date', 'amount', 'long_percent'], '#dividends');
}
