import { entryLook, type SiteSettings } from '../../shared/api/settings.schema';
import express, { Router, type Request, type Response } from 'express';
import { loginRequest } from '../../shared/api/credentials.schema';
import { fieldErrors, firstError, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { paths, safeNextPath } from '../../shared/routes';
import { authTexts } from '../../shared/texts';
import { callContext } from './gate';
import { sendGate, type PageDeps } from './gated';
import { bodyOf, wantsJson } from './forms';
import { renderLogin } from './pages.routes';
import { pageUserOf, sendPage } from './render';
import { AutoLoginPage } from '../../views/pages/auto-login';
import { LoginVerifyPage } from '../../views/pages/login';
import { challengeRules, twoFactorTexts, verifyCodeForm, verifyRecoveryForm } from '../../shared/api/two-factor.schema';
import { csrf } from './security';
import { signIn, signOut, tokenOf, type TokenSealer } from './session';
import { UpstreamUnavailable } from './trading-client';
import { api as endpoints } from '../../shared/api/endpoints';

/**
 * Sign in and out for the browser. The API token goes into the session and never to the page.
 * Each route redirects or re-renders for the browser's form post, and answers JSON to a script's call.
 */
export function sessionRoutes(deps: PageDeps): Router {
  const router = Router();
  router.use('/session', express.urlencoded({ extended: false, limit: '10kb' }), express.json({ limit: '10kb' }), csrf.csrfSynchronisedProtection);
  for (const routes of [passwordRoutes, verifyRoutes, autoLoginRoutes, signOutRoutes]) routes(router, deps);
  return router;
}

/** Step 1: the e-mail address and password. */
function passwordRoutes(router: Router, deps: PageDeps): void {
  const { api, sealer } = deps;

  router.post('/session', async (req, res) => {
    const body = bodyOf(req);
    const email = typeof body.email === 'string' ? body.email : '';
    const parsed = loginRequest.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      return loginFailed(deps, req, res, 422, firstError(errors), errors, email);
    }
    let result;
    try {
      result = await api.request(endpoints.login, { body: parsed.data }, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return loginFailed(deps, req, res, 503, authTexts.serviceUnreachable, {}, email);
    }
    if (!result.ok) {
      if (result.retryAfter) res.set('Retry-After', result.retryAfter);
      const errors = (result.body as { errors?: FieldErrors } | null)?.errors ?? {};
      return loginFailed(deps, req, res, result.status, messageOf(result.body, authTexts.loginFailed), errors, email);
    }
    const step = result.data.data;
    if ('require_otp' in step) {
      // Two-factor sign-in (docs/access.md#two-factor-sign-in): the challenge waits in the session, sealed; the password is not kept.
      challengeSession(req).login2fa = { c: sealer.seal(step.challenge), email: parsed.data.email, next: safeNextPath(body.next), at: Date.now() };
      const verify = `/login/verify${req.query.type === 'basic' ? '?type=basic' : ''}`;
      if (wantsJson(req)) return res.json({ data: { require_otp: true, redirect: verify } });
      return res.redirect(303, verify);
    }
    return finishSignIn(deps, req, res, step.token, step.user, safeNextPath(body.next));
  });
}

/** Step 2 of a two-factor sign-in: its page, and the code that answers the challenge. */
function verifyRoutes(router: Router, deps: PageDeps): void {
  const { api, sealer } = deps;

  /** Step 2's page: only while a challenge waits in this session. */
  router.get('/login/verify', async (req, res) => {
    const pending = pendingChallenge(req, sealer);
    if (!pending) return res.redirect(302, paths.login);
    const site = await siteFor(deps, req, res);
    if (site) renderVerify(deps, req, res, site, pending.draft, {});
  });

  /** Step 2: the code (the app's or a recovery code) answers the session's challenge. */
  router.post('/session/verify', async (req, res) => {
    const body = bodyOf(req);
    const pending = pendingChallenge(req, sealer);
    const backToLogin = async (status: number, message: string) => {
      delete challengeSession(req).login2fa;
      return loginFailed(deps, req, res, status, message, { challenge: [message] }, pending?.draft.email ?? '');
    };
    if (!pending) return backToLogin(422, twoFactorTexts.challengeExpired);
    const recovery = body.method === 'recovery' || req.query.method === 'recovery';
    const parsed = (recovery ? verifyRecoveryForm : verifyCodeForm).safeParse(body);
    const again = async (status: number, message: string, flash?: string) => {
      if (wantsJson(req)) return res.status(status).json({ message, errors: { code: [message] } });
      const site = await siteFor(deps, req, res);
      if (site) renderVerify(deps, req, res, site, pending.draft, { status, error: message, ...(flash ? { flash } : {}) });
    };
    if (!parsed.success) return again(422, firstError(fieldErrors(parsed.error.issues)));
    let result;
    try {
      result = await api.request(endpoints.loginVerify, { body: { challenge: pending.challenge, code: parsed.data.code } }, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return again(503, authTexts.serviceUnreachable, authTexts.serviceUnreachable);
    }
    if (!result.ok) {
      if (result.retryAfter) res.set('Retry-After', result.retryAfter);
      const errors = (result.body as { errors?: FieldErrors } | null)?.errors ?? {};
      const message = messageOf(result.body, authTexts.loginFailed);
      // The challenge is spent (expired, too many wrong codes): start again with the password.
      if (errors.challenge) return backToLogin(result.status, message);
      return again(result.status, message, result.status === 429 ? message : undefined);
    }
    return finishSignIn(deps, req, res, result.data.data.token, result.data.data.user, pending.draft.next);
  });
}

/** A single-use sign-in link (`/auto-login?token=&path=`, made by staff for a customer) opens a page that asks first. */
function autoLoginRoutes(router: Router, deps: PageDeps): void {
  const { api, settings, sealer, assets } = deps;

  router.get('/auto-login', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
    const path = safeNextPath(req.query.path) ?? paths.main;
    let site;
    try {
      site = await settings.get(callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return sendGate(req, res, assets, { kind: 'gate', gate: 'unreachable', status: 503, settings: null });
    }
    sendPage(req, res, assets, {
      title: 'Continue to your account',
      settings: site,
      look: entryLook(site, req.query.type),
      body: (csrfToken) => <AutoLoginPage settings={site} csrfToken={csrfToken} token={token} path={path} />,
    });
  });

  /** Continue on that page: the link becomes this browser's session and leads to a path of this site only. */
  router.post('/auto-login', express.urlencoded({ extended: false, limit: '4kb' }), csrf.csrfSynchronisedProtection, async (req, res) => {
    const body = bodyOf(req);
    const token = typeof body.token === 'string' ? body.token : '';
    let result;
    let site;
    try {
      result = token ? await api.request(endpoints.autoLogin, { body: { token } }, callContext(req)) : undefined;
      if (!result?.ok) site = await settings.get(callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return sendGate(req, res, assets, { kind: 'gate', gate: 'unreachable', status: 503, settings: null });
    }
    if (!result?.ok) {
      const limited = result?.status === 429;
      if (limited && result?.retryAfter) res.set('Retry-After', result.retryAfter);
      const title = limited ? authTexts.tooManyAttempts : authTexts.loginLinkInvalid;
      return renderLogin(req, res, assets, { settings: site!, next: null, email: '', errors: {}, status: limited ? 429 : 422, flash: [{ kind: 'error', title }] });
    }
    await revokeSessionToken(deps, req);
    signIn(req, sealer, result.data.data.token);
    csrf.generateToken(req, true);
    res.redirect(303, safeNextPath(body.path) ?? paths.main);
  });
}

/** Sign out (a script's call or the form's post), and Check Status. */
function signOutRoutes(router: Router, deps: PageDeps): void {
  router.delete('/session', async (req, res) => {
    await logout(deps, req);
    res.json({ message: 'Logged out.' });
  });

  router.post('/session/logout', async (req, res) => {
    await logout(deps, req);
    res.redirect(303, paths.login);
  });

  /** Check Status / Try Again: drop the cached settings, then back to the page, which decides afresh. */
  router.post('/session/refresh', async (req, res) => {
    await deps.settings.refresh(callContext(req)).catch(() => undefined);
    res.redirect(303, safeNextPath(bodyOf(req).next) ?? paths.login);
  });
}

async function loginFailed({ settings, assets }: PageDeps, req: Request, res: Response, status: number, message: string, errors: FieldErrors, email: string) {
  if (wantsJson(req)) return res.status(status).json({ message, errors });
  const site = await settings.get(callContext(req)).catch((error: unknown) => {
    if (error instanceof UpstreamUnavailable) return null;
    throw error;
  });
  if (!site) return sendGate(req, res, assets, { kind: 'gate', gate: 'unreachable', status: 503, settings: null });
  renderLogin(req, res, assets, {
    settings: site,
    next: safeNextPath(bodyOf(req).next),
    email,
    errors,
    status,
    flash: [{ kind: 'error', title: authTexts.loginFailedTitle, description: message }],
  });
}

async function finishSignIn(deps: PageDeps, req: Request, res: Response, token: string, user: Parameters<typeof pageUserOf>[0], next: string | null) {
  await revokeSessionToken(deps, req);
  delete challengeSession(req).login2fa;
  signIn(req, deps.sealer, token);
  csrf.generateToken(req, true);
  const redirect = next ?? paths.main;
  if (wantsJson(req)) return res.json({ data: { user: pageUserOf(user), redirect } });
  res.redirect(303, redirect);
}

/** Site settings for an entry page, or null once Site Unreachable was sent. */
async function siteFor({ settings, assets }: PageDeps, req: Request, res: Response) {
  try {
    return await settings.get(callContext(req));
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    sendGate(req, res, assets, { kind: 'gate', gate: 'unreachable', status: 503, settings: null });
    return null;
  }
}

function renderVerify({ assets }: PageDeps, req: Request, res: Response, site: SiteSettings, pending: LoginChallengeDraft, view: { status?: number; error?: string; flash?: string }) {
  const method = req.query.method === 'recovery' || bodyOf(req).method === 'recovery' ? 'recovery' : 'app';
  sendPage(req, res, assets, {
    status: view.status ?? 200,
    title: twoFactorTexts.verifyTitle,
    settings: site,
    look: entryLook(site, req.query.type),
    flash: view.flash ? [{ kind: 'error', title: authTexts.loginFailedTitle, description: view.flash }] : [],
    body: (csrfToken) => <LoginVerifyPage settings={site} csrfToken={csrfToken} look={entryLook(site, req.query.type)} email={pending.email} method={method} error={view.error} />,
  });
}

/** Revokes the session's API token, if any; a failure is logged and the session still ends. */
async function revokeSessionToken({ api, sealer }: PageDeps, req: Request) {
  const token = tokenOf(req, sealer);
  if (token) await api.request(endpoints.logout, { token }, callContext(req)).catch((error: unknown) => req.log.warn({ err: error }, 'logout call failed'));
}

async function logout(deps: PageDeps, req: Request) {
  await revokeSessionToken(deps, req);
  signOut(req, deps.sealer);
}

/** Step 1 of a two-factor sign-in passed: the sealed challenge, the address (to show), where to go after, and when (ms). */
interface LoginChallengeDraft {
  c: string;
  email: string;
  next: string | null;
  at: number;
}

const challengeSession = (req: Request) => (req.session ?? {}) as { login2fa?: LoginChallengeDraft };

/** The session's waiting challenge while it can still be answered (the API decides for sure). */
function pendingChallenge(req: Request, sealer: TokenSealer): { draft: LoginChallengeDraft; challenge: string } | undefined {
  const draft = challengeSession(req).login2fa;
  const challenge = draft && Date.now() - draft.at < challengeRules.ttlMs ? sealer.open(draft.c) : undefined;
  return draft && challenge ? { draft, challenge } : undefined;
}
