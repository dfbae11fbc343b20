import express, { type Request, type Response, type Router } from 'express';
import { fieldErrors, messageOf, type FieldErrors } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { runRolloverRequest } from '../../../shared/api/financing.schema';
import type { ToastInput } from '../../../shared/page-state.schema';
import { paths } from '../../../shared/routes';
import { FinancingPage, type FinancingView } from '../../../views/pages/admin/financing';
import { bodyOf } from '../forms';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps, type StaffPage } from '../gated';
import { sendPage } from '../render';
import { csrf } from '../security';
import { flashNext } from '../session';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The rollovers could not be loaded. Reload the page to try again.';
const notRun = 'The rollover could not be run. Please try again.';

/** `/admin/financing`, admins only (docs/trading.md#overnight-financing): the rollovers, and a day run by hand. */
export function financingRoutes(router: Router, deps: PageDeps): void {
  async function read(req: Request, page: StaffPage): Promise<{ view: FinancingView | null; problem: string | null } | 'not-found'> {
    try {
      const answer = await deps.api.request(endpoints.rollovers, { token: page.token }, callContext(req));
      if (!answer.ok && answer.status === 403) return 'not-found';
      if (answer.ok) return { view: { rollovers: answer.data.data, clock: answer.data.clock }, problem: null };
      return { view: null, problem: messageOf(answer.body, unreachable) };
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return { view: null, problem: unreachable };
    }
  }

  async function render(req: Request, res: Response, page: StaffPage, form: { day: string; errors: FieldErrors; status: number; flash?: ToastInput[] } = { day: '', errors: {}, status: 200 }) {
    const found = await read(req, page);
    if (found === 'not-found') return sendNotFound(req, res, deps.assets, page.settings);
    sendPage(req, res, deps.assets, {
      status: found.view ? form.status : 503,
      title: 'Overnight financing',
      settings: page.settings,
      user: page.user,
      ...(form.flash ? { flash: form.flash } : {}),
      body: (csrfToken) => <FinancingPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={found.view} problem={found.problem} day={form.day} errors={form.errors} />,
    });
  }

  router.get(
    paths.adminFinancing,
    staffPage(deps, (req, res, page) => render(req, res, page), { adminOnly: true }),
  );

  router.post(
    paths.adminFinancing,
    express.urlencoded({ extended: false, limit: '2kb' }),
    csrf.csrfSynchronisedProtection,
    staffPage(
      deps,
      async (req, res, page) => {
        const day = String(bodyOf(req).day ?? '').trim();
        const again = (errors: FieldErrors, status: number, message: string) => render(req, res, page, { day, errors, status, flash: [{ kind: 'error', title: message }] });
        const parsed = runRolloverRequest.safeParse({ day });
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error.issues);
          return again(errors, 422, errors.day?.[0] ?? notRun);
        }
        let answer;
        try {
          answer = await deps.api.request(endpoints.runRollover, { token: page.token, body: parsed.data }, callContext(req));
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error;
          return again({}, 503, notRun);
        }
        if (!answer.ok) return again((answer.body as { errors?: FieldErrors } | null)?.errors ?? {}, answer.status, messageOf(answer.body, notRun));
        flashNext(req, { kind: 'success', title: answer.data.message });
        res.redirect(303, paths.adminFinancing);
      },
      { adminOnly: true },
    ),
  );
}
