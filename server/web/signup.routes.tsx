import { dialOfCountry } from '../../shared/countries';
import express, { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { fieldErrors, firstError, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { registerRequest, startPageForm } from '../../shared/api/registration.schema';
import { entryLook, type EntryLook, type SiteSettings } from '../../shared/api/settings.schema';
import { countryByCode, countrySlugs, defaultCountrySlug, unknownCountrySlug } from '../../shared/countries';
import type { ToastInput } from '../../shared/page-state.schema';
import { paths } from '../../shared/routes';
import { registrationTexts } from '../../shared/texts';
import { emptyForm, type FormState } from '../../views/components/register-form';
import { SignupPage } from '../../views/pages/signup';
import { ResidencePage, RegisterStepPage } from '../../views/pages/signup-steps';
import { callContext, decidePage } from './gate';
import { gatedPage, sendGate, settingsForPage, type PageDeps } from './gated';
import { bodyOf, keptValues, wantsJson } from './forms';
import { sendPage } from './render';
import { csrf } from './security';
import { flashNext, sessionOf, type SignupDraft, type TokenSealer } from './session';
import { UpstreamUnavailable } from './trading-client';
import { api as endpoints } from '../../shared/api/endpoints';

const draftLifetimeMs = 60 * 60_000;
export const stepPaths = { residence: '/register/country-residence', register: '/register' } as const;

/** Drops the sign-up draft (done, expired, or the visitor signed in). */
export function forgetDraft(req: Request): void {
  if (sessionOf(req).signup) delete (req.session as { signup?: SignupDraft }).signup;
}

const residenceForm = z.object({
  country_of_residence: z.string().check(z.refine((v) => countrySlugs.has(v) || v === unknownCountrySlug, 'Please choose a country')),
  nationality: z.string().check(z.refine((v) => countrySlugs.has(v) || v === unknownCountrySlug, 'Please choose a country')),
  agree: z.literal(true, registrationTexts.privacy),
});

/** The fields step 3 still asks for; the rest come from the draft. */
const completeForm = z.object({
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  phone: z.string(),
  country_code: z.optional(z.string()),
  promo_code: z.optional(z.string()),
});

/** The fields a failed post shows again (never a password). */
const keptOnStep3 = ['first_name', 'last_name', 'username', 'country_code', 'phone', 'promo_code'] as const;
const keptOnBasic = [...keptOnStep3, 'email', 'country', 'nationality', 'agree'] as const;

/** A ticked checkbox posts "on"; a script's JSON says `true`. */
const ticked = (value: unknown) => value === true || value === 'on';
/** An empty promo-code field is no promo code. */
const promoOf = (value: string | undefined) => (value ? value : undefined);

type SignupDeps = PageDeps & { draftSealer: TokenSealer };

function draftOf(req: Request): SignupDraft | undefined {
  const draft = sessionOf(req).signup;
  if (!draft) return undefined;
  if (Date.now() - draft.at <= draftLifetimeMs) return draft;
  forgetDraft(req);
  return undefined;
}

const missing = (res: Response) => res.redirect(303, `${paths.signup}?missing=1`);

export function renderSignup(
  { assets }: Pick<SignupDeps, 'assets'>,
  req: Request,
  res: Response,
  settings: SiteSettings,
  view: { form?: FormState; status?: number; flash?: ToastInput[]; missingDraft?: boolean; look?: EntryLook },
) {
  const look = view.look ?? entryLook(settings, req.query.type);
  const missingDraft = view.missingDraft ?? false;
  // The start screens say it as a toast; the one-page form has a notice in its card.
  const missingToast: ToastInput[] = missingDraft && look !== 'basic' ? [{ kind: 'error', title: registrationTexts.missingDraft }] : [];
  sendPage(req, res, assets, {
    status: view.status ?? 200,
    title: 'Create your account',
    settings,
    look,
    flash: [...missingToast, ...(view.flash ?? [])],
    body: (csrfToken) => (
      <SignupPage look={look} settings={settings} csrfToken={csrfToken} missingDraft={missingDraft} basicLook={look === 'basic' && settings.r_page !== 'basic'} form={view.form ?? emptyForm} />
    ),
  });
}

function renderStep3({ assets }: SignupDeps, req: Request, res: Response, settings: SiteSettings, view: { form: FormState; status: number; flash?: ToastInput[] }) {
  sendPage(req, res, assets, {
    status: view.status,
    title: 'Create your account',
    settings,
    look: settings.r_page,
    flash: view.flash,
    body: (csrfToken) => <RegisterStepPage settings={settings} csrfToken={csrfToken} form={view.form} />,
  });
}

/** The one-page form (`basic`): the account is created at once; then on to sign in. */
const postOnePageForm = (deps: SignupDeps) => async (req: Request, res: Response) => {
  const { api } = deps;
  const body = bodyOf(req);
  const values = keptValues(req, keptOnBasic);
  const form = registerRequest.safeParse({ ...body, promo_code: promoOf(values.promo_code) });
  const errors: FieldErrors = form.success ? {} : fieldErrors(form.error.issues);
  if (!ticked(body.agree)) errors.agree = [registrationTexts.privacy];
  const settings = await settingsForPage(req, res, deps);
  if (!settings) return;
  if (!form.success || errors.agree) return renderSignup(deps, req, res, settings, { form: { values, errors }, status: 422 });
  let answer;
  try {
    answer = await api.request(endpoints.register, { body: { ...form.data, sign_in: false } }, callContext(req));
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    return renderSignup(deps, req, res, settings, { form: { values, errors: {} }, status: 503, flash: [{ kind: 'error', title: registrationTexts.registrationFailed }] });
  }
  if (answer.ok) {
    flashNext(req, { kind: 'success', title: answer.data.message || registrationTexts.registered });
    return res.redirect(303, paths.login);
  }
  const refused = (answer.body as { errors?: FieldErrors } | null)?.errors ?? {};
  renderSignup(deps, req, res, settings, { form: { values, errors: refused }, status: answer.status, flash: [{ kind: 'error', title: messageOf(answer.body, registrationTexts.registrationFailed) }] });
};

/** Step 1 of three: the address must be free; the password is sealed into the session's draft. */
const postStart = (deps: SignupDeps) => async (req: Request, res: Response) => {
  const { api, draftSealer } = deps;
  const json = wantsJson(req);
  const values = keptValues(req, ['email']);
  const again = async (status: number, view: { errors?: FieldErrors; toast?: string }) => {
    const settings = await settingsForPage(req, res, deps);
    if (settings) renderSignup(deps, req, res, settings, { status, form: { values, errors: view.errors ?? {} }, flash: view.toast ? [{ kind: 'error', title: view.toast }] : [] });
  };
  const parsed = startPageForm.safeParse(bodyOf(req));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    return json ? res.status(422).json({ success: false, message: firstError(errors), errors }) : again(422, { errors });
  }
  let answer;
  try {
    answer = await api.request(endpoints.checkEmail, { body: { email: parsed.data.email } }, callContext(req));
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    return json ? res.status(503).json({ success: false, message: registrationTexts.checkFailed }) : again(503, { toast: registrationTexts.checkFailed });
  }
  if (!answer.ok || !answer.data.success || !answer.data.data.available) {
    const status = answer.ok ? 409 : answer.status;
    const message = messageOf(answer.ok ? answer.data : answer.body, registrationTexts.emailTaken);
    return json ? res.status(status).json({ success: false, message }) : again(status, { toast: message });
  }
  const code = answer.data.data.country;
  const country = code ? (countryByCode[code] ?? unknownCountrySlug) : defaultCountrySlug;
  (req.session as { signup?: SignupDraft }).signup = { email: parsed.data.email, sealedPassword: draftSealer.seal(parsed.data.password), country, at: Date.now() };
  if (json) return res.json({ success: true, message: registrationTexts.emailVerified, next: stepPaths.residence });
  flashNext(req, { kind: 'success', title: registrationTexts.emailVerified });
  res.redirect(303, stepPaths.residence);
};

/** Step 2: residence and nationality, with the consent. */
const postResidence = (deps: SignupDeps) => async (req: Request, res: Response) => {
  const { assets } = deps;
  const json = wantsJson(req);
  const draft = draftOf(req);
  if (!draft) return json ? res.status(409).json({ message: registrationTexts.missingDraft, next: paths.signup }) : missing(res);
  const body = bodyOf(req);
  const parsed = residenceForm.safeParse({ ...body, agree: ticked(body.agree) });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    if (json) return res.status(422).json({ message: firstError(errors), errors });
    const settings = await settingsForPage(req, res, deps);
    if (!settings) return;
    const { country_of_residence: country, nationality } = keptValues(req, ['country_of_residence', 'nationality']);
    return sendPage(req, res, assets, {
      status: 422,
      title: "Let's get you set up!",
      settings,
      look: settings.r_page,
      flash: [{ kind: 'error', title: firstError(errors) }],
      body: (csrfToken) => <ResidencePage settings={settings} csrfToken={csrfToken} country={country ?? draft.country} nationality={nationality ?? draft.country} errors={errors} />,
    });
  }
  (req.session as { signup?: SignupDraft }).signup = { ...draft, countryOfResidence: parsed.data.country_of_residence, nationality: parsed.data.nationality };
  if (json) return res.json({ next: stepPaths.register });
  res.redirect(303, stepPaths.register);
};

/** Step 3: the rest of the form; the account is created from it and the draft. */
const postComplete = (deps: SignupDeps) => async (req: Request, res: Response) => {
  const { api, draftSealer } = deps;
  const json = wantsJson(req);
  const draft = draftOf(req);
  const password = draft ? draftSealer.open(draft.sealedPassword) : undefined;
  if (!draft?.countryOfResidence || !draft.nationality || !password) return json ? res.status(409).json({ message: registrationTexts.missingDraft, next: paths.signup }) : missing(res);
  const values = keptValues(req, keptOnStep3);
  const again = async (status: number, errors: FieldErrors, toast: string) => {
    const settings = await settingsForPage(req, res, deps);
    if (settings) renderStep3(deps, req, res, settings, { status, form: { values, errors }, flash: [{ kind: 'error', title: toast }] });
  };
  const extra = completeForm.safeParse(bodyOf(req));
  if (!extra.success) return json ? res.status(422).json({ message: registrationTexts.genericError }) : again(422, {}, registrationTexts.genericError);
  const form = registerRequest.safeParse({
    ...extra.data,
    promo_code: promoOf(extra.data.promo_code),
    email: draft.email,
    password,
    confirm_password: password,
    country: draft.countryOfResidence,
    nationality: draft.nationality,
  });
  if (!form.success) {
    const errors = fieldErrors(form.error.issues);
    return json ? res.status(422).json({ message: firstError(errors), errors }) : again(422, errors, firstError(errors));
  }
  let answer;
  try {
    answer = await api.request(endpoints.register, { body: { ...form.data, sign_in: false } }, callContext(req));
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    return json ? res.status(503).json({ message: registrationTexts.registrationFailed }) : again(503, {}, registrationTexts.registrationFailed);
  }
  if (answer.ok) forgetDraft(req);
  // The address was taken between step 1 and now: this draft cannot succeed; start again.
  const taken = !answer.ok && answer.status === 422 && Boolean((answer.body as { errors?: { email?: unknown } } | null)?.errors?.email);
  if (taken) {
    forgetDraft(req);
    if (json) return res.status(409).json({ message: registrationTexts.emailTaken, next: paths.signup });
    flashNext(req, { kind: 'error', title: registrationTexts.emailTaken });
    return res.redirect(303, paths.signup);
  }
  if (json) return res.status(answer.status).json(answer.ok ? answer.data : answer.body);
  if (answer.ok) {
    flashNext(req, { kind: 'success', title: answer.data.message || registrationTexts.registered });
    return res.redirect(303, paths.login);
  }
  again(answer.status, (answer.body as { errors?: FieldErrors } | null)?.errors ?? {}, messageOf(answer.body, registrationTexts.registrationFailed));
};

/** A step page, or back to `/signup` without a draft; a signed-in user goes to the platform. */
const stepPage =
  (deps: SignupDeps, ready: (draft: SignupDraft) => boolean, render: (req: Request, res: Response, draft: SignupDraft, settings: SiteSettings) => void) => async (req: Request, res: Response) => {
    const decision = await decidePage(req, deps, { access: 'public' });
    if (decision.kind === 'redirect') return res.redirect(302, decision.location);
    if (decision.kind === 'gate') return sendGate(req, res, deps.assets, decision);
    if (decision.token) return res.redirect(302, paths.main);
    const draft = draftOf(req);
    if (!draft || !ready(draft)) return missing(res);
    render(req, res, draft, decision.settings);
  };

/**
 * Sign-up on the web tier (docs/access.md#sign-up-steps): the one-page form (`basic`) and the three steps
 * (`ic`, `td`), each a plain form post answered with the next page or the same one with its messages
 * (a script's JSON call gets JSON). The three-step draft lives in the session, with the password sealed
 * (AES-GCM, like the API token): the browser stores nothing of it. A draft expires after an hour; a step
 * opened without one says so and goes back to `/signup`.
 */
export function signupRoutes(deps: SignupDeps): Router {
  const router = Router();
  router.use('/signup', express.urlencoded({ extended: false, limit: '10kb' }), express.json({ limit: '10kb' }), csrf.csrfSynchronisedProtection);

  // Registration: the variant `r_page` chooses; `?missing=1` when a later step found no draft.
  router.get(
    paths.signup,
    gatedPage(deps, 'public', (req, res, page) => {
      if (page.token) return res.redirect(302, paths.main);
      renderSignup(deps, req, res, page.settings, { missingDraft: req.query.missing === '1' });
    }),
  );

  router.post(paths.signup, postOnePageForm(deps));
  router.post('/signup/start', postStart(deps));
  router.post('/signup/residence', postResidence(deps));
  router.post('/signup/complete', postComplete(deps));

  router.get(
    stepPaths.residence,
    stepPage(
      deps,
      () => true,
      (req, res, draft, settings) =>
        sendPage(req, res, deps.assets, {
          title: "Let's get you set up!",
          settings,
          look: settings.r_page,
          body: (csrfToken) => (
            <ResidencePage settings={settings} csrfToken={csrfToken} country={draft.countryOfResidence ?? draft.country} nationality={draft.nationality ?? draft.country} errors={{}} />
          ),
        }),
    ),
  );

  router.get(
    stepPaths.register,
    stepPage(
      deps,
      (draft) => Boolean(draft.countryOfResidence && draft.nationality),
      // The phone's code starts as the country of residence's (docs/access.md#registration-look).
      (req, res, draft, settings) => renderStep3(deps, req, res, settings, { form: { values: { country_code: dialOfCountry(draft.countryOfResidence) ?? '+1' }, errors: {} }, status: 200 }),
    ),
  );

  return router;
}
