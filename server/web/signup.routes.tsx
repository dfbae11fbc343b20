import express, { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { fieldErrors, firstError, messageOf } from '../../shared/api/common.schema';
import { registerRequest, startPageForm } from '../../shared/api/registration.schema';
import { countryByCode, countrySlugs, defaultCountrySlug, unknownCountrySlug } from '../../shared/countries';
import { paths } from '../../shared/routes';
import { registrationTexts } from '../../shared/texts';
import type { PageAssets } from '../../views/assets';
import { ResidencePage, RegisterStepPage } from '../../views/pages/signup-steps';
import { callContext, decidePage, type GateDeps } from './gate';
import { sendGate } from './pages.routes';
import { sendPage } from './render';
import { csrf } from './security';
import { sessionOf, type SignupDraft, type TokenSealer } from './session';
import { UpstreamUnavailable } from './trading-client';

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

/**
 * The three-step sign-up (client-spec §4 Registration) on the web tier. The draft lives in the session,
 * with the password sealed (AES-GCM, like the API token): the browser stores nothing of it. A draft
 * expires after an hour; a step opened without one says so and goes back to `/signup`.
 */
export function signupRoutes(deps: GateDeps & { assets: PageAssets; draftSealer: TokenSealer }): Router {
  const router = Router();
  const { api, draftSealer, assets } = deps;
  router.use('/signup', express.json({ limit: '10kb' }), csrf.csrfSynchronisedProtection);

  const draftOf = (req: Request): SignupDraft | undefined => {
    const draft = sessionOf(req).signup;
    if (!draft) return undefined;
    if (Date.now() - draft.at <= draftLifetimeMs) return draft;
    forgetDraft(req);
    return undefined;
  };
  const missing = (res: Response) => res.redirect(303, `${paths.signup}?missing=1`);

  router.post('/signup/start', async (req, res) => {
    const parsed = startPageForm.safeParse(req.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      return res.status(422).json({ success: false, message: firstError(errors), errors });
    }
    let answer;
    try {
      answer = await api.checkEmail(parsed.data.email, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return res.status(503).json({ success: false, message: registrationTexts.checkFailed });
    }
    const body = answer.body as { success?: boolean; message?: string; data?: { available?: boolean; country?: string | null } } | null;
    if (answer.status !== 200 || !body?.success || !body.data?.available) {
      return res.status(answer.status === 200 ? 409 : answer.status).json({ success: false, message: messageOf(body, registrationTexts.emailTaken) });
    }
    const code = body.data.country;
    const country = code ? (countryByCode[code] ?? unknownCountrySlug) : defaultCountrySlug;
    (req.session as { signup?: SignupDraft }).signup = { email: parsed.data.email, sealedPassword: draftSealer.seal(parsed.data.password), country, at: Date.now() };
    res.json({ success: true, message: registrationTexts.emailVerified, next: stepPaths.residence });
  });

  router.post('/signup/residence', (req, res) => {
    const draft = draftOf(req);
    if (!draft) return res.status(409).json({ message: registrationTexts.missingDraft, next: paths.signup });
    const parsed = residenceForm.safeParse(req.body ?? {});
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      return res.status(422).json({ message: firstError(errors), errors });
    }
    (req.session as { signup?: SignupDraft }).signup = { ...draft, countryOfResidence: parsed.data.country_of_residence, nationality: parsed.data.nationality };
    res.json({ next: stepPaths.register });
  });

  router.post('/signup/complete', async (req, res) => {
    const draft = draftOf(req);
    const password = draft ? draftSealer.open(draft.sealedPassword) : undefined;
    if (!draft?.countryOfResidence || !draft.nationality || !password) return res.status(409).json({ message: registrationTexts.missingDraft, next: paths.signup });
    const extra = completeForm.safeParse(req.body ?? {});
    if (!extra.success) return res.status(422).json({ message: registrationTexts.genericError });
    const form = registerRequest.safeParse({
      ...extra.data,
      email: draft.email,
      password,
      confirm_password: password,
      country: draft.countryOfResidence,
      nationality: draft.nationality,
    });
    if (!form.success) {
      const errors = fieldErrors(form.error.issues);
      return res.status(422).json({ message: firstError(errors), errors });
    }
    let answer;
    try {
      answer = await api.register(form.data, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return res.status(503).json({ message: registrationTexts.registrationFailed });
    }
    if (answer.status === 201) forgetDraft(req);
    // The address was taken between step 1 and now: this draft cannot succeed; start again.
    const taken = answer.status === 422 && Boolean((answer.body as { errors?: { email?: unknown } } | null)?.errors?.email);
    if (taken) {
      forgetDraft(req);
      return res.status(409).json({ message: registrationTexts.emailTaken, next: paths.signup });
    }
    res.status(answer.status).json(answer.body);
  });

  /** A step page, or back to `/signup` without a draft; a signed-in user goes to the platform. */
  const step = (ready: (draft: SignupDraft) => boolean, render: (req: Request, res: Response, draft: SignupDraft, settings: Parameters<typeof ResidencePage>[0]['settings']) => void) => async (req: Request, res: Response) => {
    const decision = await decidePage(req, deps, { access: 'public' });
    if (decision.kind === 'redirect') return res.redirect(302, decision.location);
    if (decision.kind === 'gate') return sendGate(req, res, assets, decision);
    if (decision.token) return res.redirect(302, paths.main);
    const draft = draftOf(req);
    if (!draft || !ready(draft)) return missing(res);
    render(req, res, draft, decision.settings);
  };

  router.get(
    stepPaths.residence,
    step(
      () => true,
      (req, res, draft, settings) =>
        sendPage(req, res, assets, { title: "Let's get you set up!", settings, look: settings.r_page, body: () => <ResidencePage settings={settings} country={draft.countryOfResidence ?? draft.country} nationality={draft.nationality ?? draft.country} /> }),
    ),
  );

  router.get(
    stepPaths.register,
    step(
      (draft) => Boolean(draft.countryOfResidence && draft.nationality),
      (req, res, draft, settings) =>
        sendPage(req, res, assets, { title: 'Create your account', settings, look: settings.r_page, body: () => <RegisterStepPage settings={settings} prefilled={{ email: draft.email, country: draft.countryOfResidence!, nationality: draft.nationality! }} /> }),
    ),
  );

  return router;
}
