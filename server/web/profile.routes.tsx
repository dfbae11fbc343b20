import express, { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { api as endpoints } from '../../shared/api/endpoints';
import { emailConfirmRequest, profileFieldNames, profileForm, profileTexts, type Profile } from '../../shared/api/profile.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { ToastInput } from '../../shared/page-state.schema';
import { paths } from '../../shared/routes';
import { registrationTexts } from '../../shared/texts';
import { CsrfForm } from '../../client/components/csrf-form';
import { StatusScreen } from '../../views/components/status-screen';
import { PersonalPage, savedValues, type DetailsForm } from '../../views/pages/personal';
import { dataOrNothing } from './answers';
import { bodyOf, keptValues } from './forms';
import { callContext } from './gate';
import { customerPage, gatedPage, settingsForPage, type PageDeps, type StaffPage } from './gated';
import { sendPage } from './render';
import { csrf } from './security';
import { flashNext } from './session';
import { UpstreamUnavailable } from './trading-client';

/** Where the link mailed to a new address leads (server/trading/users/profile.ts `emailConfirmPath`). */
const confirmPath = '/confirm-email';
const cancelPath = `${paths.personal}/email/cancel`;

/** The identity fields the form leaves out once verified (they are shown read-only, and the API refuses changes). */
const lockedSchema = z.omit(profileForm, { first_name: true, last_name: true, birth_date: true, country: true });

/**
 * `/main/personal` (docs/customer-area.md#personal-information): the page, its Account Details form (a
 * plain form post the web tier checks with the API's schema, then passes to `POST /update`), cancelling a
 * pending e-mail change, and `/confirm-email`, where the link mailed to a new address leads.
 */
export function profilePageRoutes(deps: PageDeps): Router {
  const router = Router();

  router.get(
    paths.personal,
    customerPage(deps, async (req, res, page) => {
      const profile = await profileOf(deps, req, page.token);
      render(deps, req, res, page, profile?.data ?? null, null);
    }),
  );

  router.use([paths.personal, cancelPath, confirmPath], express.urlencoded({ extended: false, limit: '8kb' }), csrf.csrfSynchronisedProtection);
  for (const routes of [detailsFormRoutes, confirmEmailRoutes]) routes(router, deps);
  return router;
}

/** The Account Details form's post, and cancelling a pending e-mail change. */
function detailsFormRoutes(router: Router, deps: PageDeps): void {
  const { api } = deps;

  router.post(
    paths.personal,
    customerPage(deps, async (req, res, page) => {
      const profile = (await profileOf(deps, req, page.token))?.data ?? null;
      if (!profile) return render(deps, req, res, page, null, null, { status: 503, flash: [{ kind: 'error', title: profileTexts.updateFailed }] });
      const values = { ...savedValues(profile), ...keptValues(req, profileFieldNames) };
      const again = (errors: FieldErrors, status: number, title: string) => render(deps, req, res, page, profile, { values, errors }, { status, flash: [{ kind: 'error', title }] });
      const parsed = (profile.identity_locked ? lockedSchema : profileForm).safeParse(bodyOf(req));
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error.issues);
        return again(errors, 422, Object.values(errors)[0]?.[0] ?? profileTexts.updateFailed);
      }
      let answer;
      try {
        answer = await api.request(endpoints.updateProfile, { token: page.token, body: parsed.data }, callContext(req));
      } catch (error) {
        if (!(error instanceof UpstreamUnavailable)) throw error;
        return again({}, 503, profileTexts.updateFailed);
      }
      if (!answer.ok) {
        const errors = ((answer.body as { errors?: FieldErrors } | null)?.errors ?? {}) as FieldErrors;
        return again(errors, answer.status, messageOf(answer.body, profileTexts.updateFailed));
      }
      flashNext(req, { kind: 'success', title: answer.data.message });
      res.redirect(303, paths.personal);
    }),
  );

  router.post(
    cancelPath,
    customerPage(deps, async (req, res, page) => {
      const answer = await api.request(endpoints.cancelEmailChange, { token: page.token }, callContext(req)).catch((error: unknown) => {
        if (error instanceof UpstreamUnavailable) return null;
        throw error;
      });
      flashNext(req, answer?.ok ? { kind: 'success', title: answer.data.message } : { kind: 'error', title: messageOf(answer?.body, registrationTexts.genericError) });
      res.redirect(303, paths.personal);
    }),
  );
}

/** `/confirm-email`: the page the link mailed to a new address opens, and its button. */
function confirmEmailRoutes(router: Router, deps: PageDeps): void {
  // Opening the link changes nothing (mail scanners open links): the button does.
  router.get(
    confirmPath,
    gatedPage(deps, 'public', (req, res, page) => {
      const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
      confirmPage(deps, req, res, page.settings, { token, status: token ? 200 : 422 });
    }),
  );

  router.post(confirmPath, async (req, res) => {
    const settings = await settingsForPage(req, res, deps);
    if (!settings) return;
    const parsed = emailConfirmRequest.safeParse(bodyOf(req));
    if (!parsed.success) return confirmPage(deps, req, res, settings, { token: '', status: 422, outcome: { ok: false, message: profileTexts.emailLinkInvalid } });
    try {
      const answer = await deps.api.request(endpoints.confirmEmailChange, { body: parsed.data }, callContext(req));
      confirmPage(deps, req, res, settings, {
        token: '',
        status: answer.ok ? 200 : answer.status,
        outcome: answer.ok ? { ok: true, message: answer.data.message } : { ok: false, message: messageOf(answer.body, profileTexts.emailLinkInvalid) },
      });
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      confirmPage(deps, req, res, settings, { token: parsed.data.token, status: 503, outcome: { ok: false, message: registrationTexts.genericError } });
    }
  });
}

const profileOf = ({ api }: PageDeps, req: Request, token: string) => dataOrNothing(api.request(endpoints.profile, { token }, callContext(req)));

function render(
  { assets }: PageDeps,
  req: Request,
  res: Response,
  page: StaffPage,
  profile: Profile | null,
  form: DetailsForm | null,
  { status = 200, flash }: { status?: number; flash?: ToastInput[] } = {},
) {
  sendPage(req, res, assets, {
    status,
    title: profileTexts.title,
    settings: page.settings,
    user: page.user,
    ...(flash ? { flash } : {}),
    body: (csrfToken) => <PersonalPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={{ profile, form: form ?? { values: profile ? savedValues(profile) : {}, errors: {} } }} />,
  });
}

function confirmPage({ assets }: PageDeps, req: Request, res: Response, settings: SiteSettings, view: { token: string; outcome?: { ok: boolean; message: string }; status?: number }) {
  sendPage(req, res, assets, {
    status: view.status ?? 200,
    title: 'Confirm your e-mail address',
    settings,
    body: (csrfToken) => (
      <StatusScreen
        tone={view.outcome && !view.outcome.ok ? 'warning' : 'info'}
        title={view.outcome ? (view.outcome.ok ? 'E-mail address changed' : 'Link not valid') : 'Confirm your new e-mail address'}
      >
        {view.outcome ? (
          <>
            <p role={view.outcome.ok ? 'status' : 'alert'}>{view.outcome.message}</p>
            <p>
              <a href={paths.personal}>Go to Personal Information</a>
            </p>
          </>
        ) : view.token ? (
          <>
            <p>Your account&apos;s e-mail address changes to the one this link was sent to once you confirm.</p>
            <CsrfForm action={confirmPath} csrfToken={csrfToken}>
              <input type="hidden" name="token" value={view.token} />
              <button type="submit">Confirm new address</button>
            </CsrfForm>
          </>
        ) : (
          <p role="alert">{profileTexts.emailLinkInvalid}</p>
        )}
      </StatusScreen>
    ),
  });
}
