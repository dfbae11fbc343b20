import express, { Router, type Request, type Response } from 'express';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { api as endpoints } from '../../shared/api/endpoints';
import { confirmTwoFactorRequest, disableTwoFactorRequest, regenerateCodesRequest, twoFactorTexts } from '../../shared/api/two-factor.schema';
import { paths } from '../../shared/routes';
import { authTexts } from '../../shared/texts';
import { SecurityPage, type SecurityView } from '../../views/pages/security';
import { dataOrNothing } from './answers';
import { bodyOf } from './forms';
import { callContext } from './gate';
import { gatedPage, sendNotFound, type PageDeps, type PassedPage } from './gated';
import { sendPage } from './render';
import { csrf } from './security';
import { flashNext } from './session';
import { UpstreamUnavailable, type Answer } from './trading-client';
import type { Endpoint } from '../../shared/api/endpoint';

type SignedIn = PassedPage & { user: NonNullable<PassedPage['user']>; token: string };

/**
 * `/main/security` (docs/access.md#two-factor-sign-in): customers, staff and admins alike (staff who must
 * enrol are sent here from the back office), so it is a gated page of its own rather than `customerPage`,
 * which sends staff away. Every action is a form post the API decides; recovery codes come back in the
 * answer to the post itself, never through the session, so they are shown once.
 */
export function twoFactorPageRoutes(deps: PageDeps): Router {
  const router = Router();

  router.get(
    paths.security,
    signedIn(deps, (req, res, page) => show(deps, req, res, page)),
  );

  for (const routes of [enrolmentRoutes, enrolledRoutes]) routes(router, deps);
  return router;
}

const form = [express.urlencoded({ extended: false, limit: '4kb' }), csrf.csrfSynchronisedProtection];

/** Setting two-factor up: start, cancel, or confirm with the app's first code. */
function enrolmentRoutes(router: Router, deps: PageDeps): void {
  const { api } = deps;

  router.post(
    '/main/security/setup',
    ...form,
    signedIn(deps, async (req, res, page) => {
      const answer = await call(deps, req, res, page, () => api.request(endpoints.startTwoFactor, { token: page.token }, callContext(req)));
      if (!answer) return;
      if (!answer.ok) return refused(deps, req, res, page, answer, () => ({}));
      res.redirect(303, paths.security);
    }),
  );

  router.post(
    '/main/security/setup/cancel',
    ...form,
    signedIn(deps, async (req, res, page) => {
      const answer = await call(deps, req, res, page, () => api.request(endpoints.cancelTwoFactorSetup, { token: page.token }, callContext(req)));
      if (!answer) return;
      if (!answer.ok) return refused(deps, req, res, page, answer, () => ({}));
      flashNext(req, { kind: 'default', title: twoFactorTexts.setupCancelled });
      res.redirect(303, paths.security);
    }),
  );

  router.post(
    '/main/security/confirm',
    ...form,
    signedIn(deps, async (req, res, page) => {
      const parsed = confirmTwoFactorRequest.safeParse(bodyOf(req));
      if (!parsed.success) return show(deps, req, res, page, { status: 422, errors: { confirm: fieldErrors(parsed.error.issues).code?.[0] } });
      const answer = await call(deps, req, res, page, () => api.request(endpoints.confirmTwoFactor, { token: page.token, body: parsed.data }, callContext(req)));
      if (!answer) return;
      if (!answer.ok) return refused(deps, req, res, page, answer, (errors) => ({ confirm: errors.code?.[0] }));
      await show(deps, req, res, page, { codes: answer.data.data.recovery_codes, toast: answer.data.message });
    }),
  );
}

/** Once enrolled: new recovery codes, or turning two-factor off. */
function enrolledRoutes(router: Router, deps: PageDeps): void {
  const { api } = deps;

  router.post(
    '/main/security/recovery-codes',
    ...form,
    signedIn(deps, async (req, res, page) => {
      const parsed = regenerateCodesRequest.safeParse(bodyOf(req));
      if (!parsed.success) return show(deps, req, res, page, { status: 422, errors: { regenerate: fieldErrors(parsed.error.issues).code?.[0] } });
      const answer = await call(deps, req, res, page, () => api.request(endpoints.regenerateRecoveryCodes, { token: page.token, body: parsed.data }, callContext(req)));
      if (!answer) return;
      if (!answer.ok) return refused(deps, req, res, page, answer, (errors) => ({ regenerate: errors.code?.[0] }));
      await show(deps, req, res, page, { codes: answer.data.data.recovery_codes, toast: answer.data.message });
    }),
  );

  router.post(
    '/main/security/disable',
    ...form,
    signedIn(deps, async (req, res, page) => {
      const parsed = disableTwoFactorRequest.safeParse(bodyOf(req));
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error.issues);
        return show(deps, req, res, page, { status: 422, errors: { password: errors.password?.[0], disable: errors.code?.[0] } });
      }
      const answer = await call(deps, req, res, page, () => api.request(endpoints.disableTwoFactor, { token: page.token, body: parsed.data }, callContext(req)));
      if (!answer) return;
      if (!answer.ok) return refused(deps, req, res, page, answer, (errors) => ({ password: errors.password?.[0], disable: errors.code?.[0] }));
      flashNext(req, { kind: 'success', title: answer.data.message });
      res.redirect(303, paths.security);
    }),
  );
}

const signedIn = (deps: PageDeps, render: (req: Request, res: Response, page: SignedIn) => Promise<void> | void) =>
  gatedPage(deps, 'customer', (req, res, page) => {
    if (!page.user || !page.token) return sendNotFound(req, res, deps.assets, page.settings);
    return render(req, res, { ...page, user: page.user, token: page.token });
  });

async function show({ api, assets }: PageDeps, req: Request, res: Response, page: SignedIn, extra: Partial<Pick<SecurityView, 'codes' | 'errors'>> & { status?: number; toast?: string } = {}) {
  const status = await dataOrNothing(api.request(endpoints.twoFactorStatus, { token: page.token }, callContext(req)));
  const view: SecurityView = { status: status?.data ?? null, codes: extra.codes ?? null, errors: extra.errors ?? {} };
  sendPage(req, res, assets, {
    status: extra.status ?? 200,
    title: 'Security Settings',
    settings: page.settings,
    user: page.user,
    flash: extra.toast ? [{ kind: extra.status && extra.status >= 400 ? 'error' : 'success', title: extra.toast }] : [],
    body: (csrfToken) => <SecurityPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={view} />,
  });
}

/** Calls the API; an unreachable API answers the page again with the reason. */
async function call<E extends Endpoint>(deps: PageDeps, req: Request, res: Response, page: SignedIn, run: () => Promise<Answer<E>>): Promise<Answer<E> | undefined> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    await show(deps, req, res, page, { status: 503, toast: authTexts.serviceUnreachable });
    return undefined;
  }
}

/** A refused post: the page again with the API's message beside the field (or as a toast), with its status. */
async function refused(
  deps: PageDeps,
  req: Request,
  res: Response,
  page: SignedIn,
  answer: { status: number; body: unknown; retryAfter: string | null },
  place: (errors: FieldErrors, message: string) => SecurityView['errors'],
) {
  if (answer.retryAfter) res.set('Retry-After', answer.retryAfter);
  const errors = (answer.body as { errors?: FieldErrors } | null)?.errors ?? {};
  const message = messageOf(answer.body, 'Something went wrong. Please try again.');
  const placed = place(errors, message);
  const shown = Object.values(placed).some((text) => text !== undefined);
  await show(deps, req, res, page, { status: answer.status, errors: placed, ...(shown ? {} : { toast: message }) });
}
