import type { Request, Response } from 'express';
import type { SiteSettings } from '../../shared/api/settings.schema';
import { paths, safeNextPath } from '../../shared/routes';
import type { PageAssets } from '../../views/assets';
import { GatePage } from '../../views/pages/gate';
import { NotFoundPage } from '../../views/pages/not-found';
import { isStaffRole } from '../../shared/api/user.schema';
import type { ResponseOf } from '../../shared/api/endpoint';
import { api as endpoints } from '../../shared/api/endpoints';
import { twoFactorTexts } from '../../shared/api/two-factor.schema';
import { dataOrNothing } from './answers';
import { callContext, decidePage, type Access, type GateDeps, type PageDecision } from './gate';
import { flashNext, tokenOf } from './session';
import { sendPage } from './render';

export type PassedPage = Extract<PageDecision, { kind: 'page' }>;
export type PageDeps = GateDeps & { assets: PageAssets };

/** A full-screen gate state; its buttons come back to the page asked for. */
export function sendGate(req: Request, res: Response, assets: PageAssets, gate: Extract<PageDecision, { kind: 'gate' }>): void {
  const returnTo = safeNextPath(req.originalUrl) ?? paths.login;
  sendPage(req, res, assets, {
    status: gate.status,
    title: '',
    settings: gate.settings,
    body: (csrfToken) => <GatePage kind={gate.gate} settings={gate.settings} csrfToken={csrfToken} returnTo={returnTo} reason={gate.reason ?? null} />,
  });
}

/**
 * The chat notifier's first count (docs/chat.md#chat-notifier), read beside the gate's `GET /user` for a signed-in
 * page's frame: the page comes with it (`sendPage` puts it in the page state) instead of fetching it as it loads.
 */
function readChatUnread(req: Request, { api, sealer }: PageDeps): Promise<ResponseOf<typeof endpoints.chatUnreadCount> | undefined> {
  const token = tokenOf(req, sealer);
  return token ? dataOrNothing(api.request(endpoints.chatUnreadCount, { token }, callContext(req))) : Promise.resolve(undefined);
}

/** A route handler that runs the gate first: it answers redirects and gate screens itself and hands a passing page to `render`. */
export function gatedPage(deps: PageDeps, access: Access, render: (req: Request, res: Response, page: PassedPage) => Promise<void> | void, options: { openDuringMaintenance?: boolean } = {}) {
  return async (req: Request, res: Response) => {
    const [decision, chatUnread] = await Promise.all([decidePage(req, deps, { access, ...options }), access === 'customer' ? readChatUnread(req, deps) : undefined]);
    if (decision.kind === 'redirect') return res.redirect(302, decision.location);
    if (decision.kind === 'gate') return sendGate(req, res, deps.assets, decision);
    res.locals.chatUnread = chatUnread;
    return render(req, res, decision);
  };
}

/** For a public form post that answers with its page again: the site's settings, or null when a gate screen was sent instead. */
export async function settingsForPage(req: Request, res: Response, deps: PageDeps): Promise<SiteSettings | null> {
  const decision = await decidePage(req, deps, { access: 'public' });
  if (decision.kind === 'page') return decision.settings;
  if (decision.kind === 'gate') sendGate(req, res, deps.assets, decision);
  else res.redirect(303, decision.location);
  return null;
}

/** The not-found page (also what a customer gets for a back-office path: docs/back-office.md#roles). */
export function sendNotFound(req: Request, res: Response, assets: PageAssets, settings: SiteSettings): void {
  sendPage(req, res, assets, { status: 404, title: 'Page not found', settings, body: () => <NotFoundPage path={req.path} /> });
}

export type StaffPage = PassedPage & { user: NonNullable<PassedPage['user']>; token: string };

/**
 * A back-office page: signed-in staff (or only admins) get it; everyone else the not-found page, so the
 * back office does not even show that it exists (docs/back-office.md#roles). The API checks the role again.
 * Staff without two-factor sign-in, while the API requires it (STAFF_TWO_FACTOR), go to the Security page
 * to turn it on first (docs/access.md#two-factor-sign-in); the API would refuse their calls anyway.
 */
export function staffPage(deps: PageDeps, render: (req: Request, res: Response, page: StaffPage) => Promise<void> | void, { adminOnly = false }: { adminOnly?: boolean } = {}) {
  return gatedPage(deps, 'customer', async (req, res, page) => {
    const user = page.user;
    if (!user || !page.token || !isStaffRole(user.role) || (adminOnly && user.role !== 'admin')) return sendNotFound(req, res, deps.assets, page.settings);
    if (!user.two_factor_enabled) {
      const status = await dataOrNothing(deps.api.request(endpoints.twoFactorStatus, { token: page.token }, callContext(req)));
      if (status?.data.required) {
        flashNext(req, { kind: 'warning', title: twoFactorTexts.staffMustEnrol });
        return res.redirect(302, paths.security);
      }
    }
    return render(req, res, { ...page, user, token: page.token });
  });
}

/** A signed-in person's page (the same `StaffPage` shape): a customer's own area, so staff are sent to the back office (docs/back-office.md#roles). */
export function customerPage(deps: PageDeps, render: (req: Request, res: Response, page: StaffPage) => Promise<void> | void) {
  return gatedPage(deps, 'customer', (req, res, page) => {
    const user = page.user;
    if (!user || !page.token) return sendNotFound(req, res, deps.assets, page.settings);
    if (isStaffRole(user.role)) return res.redirect(302, paths.admin);
    return render(req, res, { ...page, user, token: page.token });
  });
}
