import express, { Router, type Request, type Response } from 'express';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { forgotPasswordRequest, resetPasswordRequest } from '../../shared/api/registration.schema';
import { entryLook, type SiteSettings } from '../../shared/api/settings.schema';
import type { ToastInput } from '../../shared/page-state.schema';
import { paths } from '../../shared/routes';
import { recoveryTexts, registrationTexts } from '../../shared/texts';
import { emptyForm, type FormState } from '../../views/components/register-form';
import { RecoveryPage } from '../../views/pages/recovery';
import { callContext } from './gate';
import { gatedPage, settingsForPage, type PageDeps } from './gated';
import { bodyOf, keptValues } from './forms';
import { sendPage } from './render';
import { csrf } from './security';
import { flashNext } from './session';
import { UpstreamUnavailable } from './trading-client';
import { api as endpoints } from '../../shared/api/endpoints';

type Mode = 'forgot' | 'reset';

/**
 * What the forgot-password form says when the API cannot take the request (503: it may not send links from
 * here, as its log tells the operator, or it does not answer): true either way, and the same for every address.
 */
export const resetLinkUnavailable = 'A reset link cannot be sent now. Please try again later or contact support.';
const pathOf = { forgot: '/forgot-password', reset: '/reset-password' } as const;

/**
 * Password recovery on the web tier: `/forgot-password` asks for a link by mail (the same answer whoever
 * the address belongs to), `/reset-password?token=` sets the new password with it. Both are plain form
 * posts the web tier passes to the API, answered with the page and its messages.
 */
export function recoveryRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  function render(req: Request, res: Response, settings: SiteSettings, mode: Mode, view: { token: string; form?: FormState; sent?: string; status?: number; flash?: ToastInput[] }) {
    const look = entryLook(settings, req.query.type);
    sendPage(req, res, assets, {
      status: view.status ?? 200,
      title: mode === 'forgot' ? 'Forgot password' : 'Reset password',
      settings,
      look,
      flash: view.flash,
      body: (csrfToken) => (
        <RecoveryPage
          settings={settings}
          csrfToken={csrfToken}
          mode={mode}
          token={view.token}
          form={view.form ?? emptyForm}
          sent={view.sent ?? null}
          keepBasic={look === 'basic' && settings.r_page !== 'basic'}
        />
      ),
    });
  }

  for (const mode of ['forgot', 'reset'] as const) {
    router.get(
      pathOf[mode],
      gatedPage(deps, 'public', (req, res, page) => {
        if (page.token) return res.redirect(302, paths.main);
        const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
        render(req, res, page.settings, mode, { token });
      }),
    );
  }

  router.use(Object.values(pathOf), express.urlencoded({ extended: false, limit: '4kb' }), csrf.csrfSynchronisedProtection);

  router.post(pathOf.forgot, async (req, res) => {
    const settings = await settingsForPage(req, res, deps);
    if (!settings) return;
    const form = { values: keptValues(req, ['email']), errors: {} as FieldErrors };
    const parsed = forgotPasswordRequest.safeParse(bodyOf(req));
    if (!parsed.success) return render(req, res, settings, 'forgot', { token: '', status: 422, form: { ...form, errors: fieldErrors(parsed.error.issues) } });
    let answer;
    try {
      answer = await api.request(endpoints.forgotPassword, { body: { email: parsed.data.email } }, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return render(req, res, settings, 'forgot', { token: '', status: 503, form, flash: [{ kind: 'error', title: resetLinkUnavailable }] });
    }
    if (answer.ok) {
      const sent = answer.data.message || recoveryTexts.linkSent;
      return render(req, res, settings, 'forgot', { token: '', sent, flash: [{ kind: 'success', title: sent }] });
    }
    const errors = (answer.body as { errors?: FieldErrors } | null)?.errors ?? {};
    render(req, res, settings, 'forgot', { token: '', status: answer.status, form: { ...form, errors }, flash: [{ kind: 'error', title: messageOf(answer.body, registrationTexts.genericError) }] });
  });

  router.post(pathOf.reset, async (req, res) => {
    const settings = await settingsForPage(req, res, deps);
    if (!settings) return;
    const body = bodyOf(req);
    const token = typeof body.token === 'string' ? body.token.slice(0, 200) : '';
    const parsed = resetPasswordRequest.safeParse(body);
    if (!parsed.success) return render(req, res, settings, 'reset', { token, status: 422, form: { values: {}, errors: fieldErrors(parsed.error.issues) } });
    let answer;
    try {
      answer = await api.request(endpoints.resetPassword, { body: parsed.data }, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return render(req, res, settings, 'reset', { token, status: 503, flash: [{ kind: 'error', title: registrationTexts.genericError }] });
    }
    if (answer.ok) {
      flashNext(req, { kind: 'success', title: answer.data.message || recoveryTexts.passwordReset });
      return res.redirect(303, paths.login);
    }
    const errors = (answer.body as { errors?: FieldErrors } | null)?.errors ?? {};
    render(req, res, settings, 'reset', { token, status: answer.status, form: { values: {}, errors }, flash: [{ kind: 'error', title: messageOf(answer.body, registrationTexts.genericError) }] });
  });

  return router;
}
