import { entryLook } from '../../shared/api/settings.schema';
import express, { Router, type Request, type Response } from 'express';
import { loginRequest } from '../../shared/api/auth.schema';
import { fieldErrors, firstError, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { paths, safeNextPath } from '../../shared/routes';
import { authTexts } from '../../shared/texts';
import { callContext } from './gate';
import { sendGate, type PageDeps } from './gated';
import { bodyOf, wantsJson } from './forms';
import { renderLogin } from './pages.routes';
import { pageUserOf, sendPage } from './render';
import { AutoLoginPage } from '../../views/pages/auto-login';
import { csrf } from './security';
import { signIn, signOut, tokenOf } from './session';
import { UpstreamUnavailable } from './trading-client';
import { api as endpoints } from '../../shared/api/endpoints';

/**
 * Sign in and out for the browser. The API token goes into the session and never to the page.
 * Each route redirects or re-renders for the browser's form post, and answers JSON to a script's call.
 */
export function sessionRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, settings, sealer, assets } = deps;
  router.use('/session', express.urlencoded({ extended: false, limit: '10kb' }), express.json({ limit: '10kb' }), csrf.csrfSynchronisedProtection);

  async function loginFailed(req: Request, res: Response, status: number, message: string, errors: FieldErrors, email: string) {
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

  router.post('/session', async (req, res) => {
    const body = bodyOf(req);
    const email = typeof body.email === 'string' ? body.email : '';
    const parsed = loginRequest.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      return loginFailed(req, res, 422, firstError(errors), errors, email);
    }
    let result;
    try {
      result = await api.request(endpoints.login, { body: parsed.data }, callContext(req));
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      return loginFailed(req, res, 503, authTexts.serviceUnreachable, {}, email);
    }
    if (!result.ok) {
      if (result.retryAfter) res.set('Retry-After', result.retryAfter);
      const errors = (result.body as { errors?: FieldErrors } | null)?.errors ?? {};
      return loginFailed(req, res, result.status, messageOf(result.body, authTexts.loginFailed), errors, email);
    }
    await revokeSessionToken(req);
    signIn(req, sealer, result.data.data.token);
    csrf.generateToken(req, true);
    const redirect = safeNextPath(body.next) ?? paths.main;
    if (wantsJson(req)) return res.json({ data: { user: pageUserOf(result.data.data.user), redirect } });
    res.redirect(303, redirect);
  });

  /** A single-use sign-in link (`/auto-login?token=&path=`, made by staff for a customer) opens a page that asks first. */
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
    await revokeSessionToken(req);
    signIn(req, sealer, result.data.data.token);
    csrf.generateToken(req, true);
    res.redirect(303, safeNextPath(body.path) ?? paths.main);
  });

  /** Revokes the session's API token, if any; a failure is logged and the session still ends. */
  async function revokeSessionToken(req: Request) {
    const token = tokenOf(req, sealer);
    if (token) await api.request(endpoints.logout, { token }, callContext(req)).catch((error: unknown) => req.log.warn({ err: error }, 'logout call failed'));
  }

  async function logout(req: Request) {
    await revokeSessionToken(req);
    signOut(req);
  }

  router.delete('/session', async (req, res) => {
    await logout(req);
    res.json({ message: 'Logged out.' });
  });

  router.post('/session/logout', async (req, res) => {
    await logout(req);
    res.redirect(303, paths.login);
  });

  /** Check Status / Try Again: drop the cached settings, then back to the page, which decides afresh. */
  router.post('/session/refresh', async (req, res) => {
    await settings.refresh(callContext(req)).catch(() => undefined);
    res.redirect(303, safeNextPath(bodyOf(req).next) ?? paths.login);
  });

  return router;
}
