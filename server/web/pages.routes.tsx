import { Router, type Request, type Response } from 'express';
import { entryLook, type SiteSettings } from '../../shared/api/settings.schema';
import { isStaffRole } from '../../shared/api/user.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import type { ToastInput } from '../../shared/page-state.schema';
import { paths, safeNextPath } from '../../shared/routes';
import type { PageAssets } from '../../views/assets';
import { DashboardPage } from '../../views/pages/dashboard';
import { TradeRoomPage } from '../../views/pages/trade-room';
import { ChatPage } from '../../views/pages/chat';
import { AdminAutotraderPage } from '../../views/pages/admin-autotrader';
import { MarketplacePage } from '../../views/pages/marketplace';
import { GatePage } from '../../views/pages/gate';
import { NotFoundPage } from '../../views/pages/not-found';
import { legalDocuments } from '../../views/legal/documents';
import { LegalPage } from '../../views/pages/legal';
import { LoginPage } from '../../views/pages/login';
import { SignupPage } from '../../views/pages/signup';
import { RecoveryPage } from '../../views/pages/recovery';
import { callContext, decidePage, type Access, type GateDeps, type PageDecision } from './gate';
import { sendPage } from './render';

type Page = Extract<PageDecision, { kind: 'page' }>;

export interface LoginView {
  settings: SiteSettings;
  next: string | null;
  email?: string;
  errors?: FieldErrors;
  flash?: ToastInput[];
  status?: number;
  maintenance?: boolean;
}

export function renderLogin(req: Request, res: Response, assets: PageAssets, view: LoginView): void {
  const look = entryLook(view.settings, req.query.type);
  sendPage(req, res, assets, {
    status: view.status ?? 200,
    title: 'Sign in',
    settings: view.settings,
    flash: view.flash ?? [],
    look,
    body: (csrfToken) => (
      <LoginPage
        look={look}
        settings={view.settings}
        csrfToken={csrfToken}
        next={view.next}
        email={view.email ?? ''}
        errors={view.errors ?? {}}
        maintenance={view.maintenance ?? false}
      />
    ),
  });
}

/** A full-screen gate state; its buttons come back to the page asked for. */
export function sendGate(req: Request, res: Response, assets: PageAssets, gate: Extract<PageDecision, { kind: 'gate' }>): void {
  const returnTo = safeNextPath(req.originalUrl) ?? paths.login;
  sendPage(req, res, assets, {
    status: gate.status,
    title: '',
    settings: gate.settings,
    body: (csrfToken) => <GatePage kind={gate.gate} settings={gate.settings} csrfToken={csrfToken} returnTo={returnTo} />,
  });
}

/** Every server-rendered route: the gate decides first, then the page renders with real data. */
export function pageRoutes(deps: GateDeps & { assets: PageAssets }): Router {
  const router = Router();
  const { assets, api } = deps;

  const notFound = (req: Request, res: Response, page: Page) =>
    sendPage(req, res, assets, { status: 404, title: 'Page not found', settings: page.settings, body: () => <NotFoundPage path={req.path} /> });

  /** Runs the gate; answers redirects and gate screens itself and hands a passing page to `render`. */
  const gated =
    (access: Access, render: (req: Request, res: Response, page: Page) => Promise<void> | void, options: { openDuringMaintenance?: boolean } = {}) =>
    async (req: Request, res: Response) => {
      const decision = await decidePage(req, deps, { access, ...options });
      if (decision.kind === 'redirect') return res.redirect(302, decision.location);
      if (decision.kind === 'gate') return sendGate(req, res, assets, decision);
      return render(req, res, decision);
    };

  const login = (maintenanceDoor: boolean) =>
    gated(
      'public',
      (req, res, page) => {
        if (page.token && (!maintenanceDoor || page.user)) return res.redirect(302, paths.main);
        renderLogin(req, res, assets, {
          settings: page.settings,
          next: safeNextPath(req.query.next),
          maintenance: page.settings.status === 'disabled',
        });
      },
      { openDuringMaintenance: maintenanceDoor },
    );

  router.get(paths.login, login(false));
  // `/login` is the staff door while the site is switched off; otherwise the same login page.
  router.get(paths.loginAlias, login(true));

  router.get(paths.main, (_req, res) => res.redirect(302, paths.dashboard));

  for (const [path, mode] of [
    ['/forgot-password', 'forgot'],
    ['/reset-password', 'reset'],
  ] as const) {
    router.get(
      path,
      gated('public', (req, res, page) => {
        if (page.token) return res.redirect(302, paths.main);
        const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 200) : '';
        sendPage(req, res, assets, { title: mode === 'forgot' ? 'Forgot password' : 'Reset password', settings: page.settings, look: entryLook(page.settings, req.query.type), body: () => <RecoveryPage settings={page.settings} mode={mode} token={token} /> });
      }),
    );
  }

  // Registration: the variant `r_page` chooses; `?missing=1` when a later step found no draft.
  router.get(
    paths.signup,
    gated('public', (req, res, page) => {
      if (page.token) return res.redirect(302, paths.main);
      const look = entryLook(page.settings, req.query.type);
      sendPage(req, res, assets, { title: 'Create your account', settings: page.settings, look, body: () => <SignupPage look={look} settings={page.settings} missingDraft={req.query.missing === '1'} /> });
    }),
  );

  router.get(
    paths.dashboard,
    gated('customer', async (req, res, page) => {
      const user = page.user!;
      const data = page.token ? await api.siteData(page.token, callContext(req)) : null;
      sendPage(req, res, assets, {
        title: 'Dashboard',
        settings: page.settings,
        user,
        body: (csrfToken) => (
          <DashboardPage settings={page.settings} user={user} currencies={data?.ok ? data.value.currencies : []} csrfToken={csrfToken} />
        ),
      });
    }),
  );

  router.get(
    paths.marketplace,
    gated('customer', (req, res, page) => {
      const user = page.user!;
      sendPage(req, res, assets, { title: 'Marketplace', settings: page.settings, user, body: (csrfToken) => <MarketplacePage settings={page.settings} user={user} csrfToken={csrfToken} /> });
    }),
  );

  // Support chat: customers with the staff; staff (checked here, on the server) with any customer.
  for (const [path, mode] of [
    [paths.chat, 'customer'],
    [paths.adminChat, 'staff'],
  ] as const) {
    router.get(
      path,
      gated('customer', (req, res, page) => {
        const user = page.user!;
        const staff = isStaffRole(user.role);
        if (mode === 'customer' && staff) return res.redirect(302, paths.adminChat);
        if (mode === 'staff' && !staff) return notFound(req, res, page);
        sendPage(req, res, assets, { title: mode === 'staff' ? 'Admin Chat' : 'Support chat', settings: page.settings, user, body: (csrfToken) => <ChatPage settings={page.settings} user={user} csrfToken={csrfToken} mode={mode} /> });
      }),
    );
  }

  // AutoTrader requests (server-spec §7): staff only, checked here; customers get the not-found page, as for `/admin/chat`.
  router.get(
    paths.adminAutotrader,
    gated('customer', (req, res, page) => {
      const user = page.user!;
      if (!isStaffRole(user.role)) return notFound(req, res, page);
      sendPage(req, res, assets, { title: 'AutoTrader requests', settings: page.settings, user, body: (csrfToken) => <AdminAutotraderPage settings={page.settings} user={user} csrfToken={csrfToken} /> });
    }),
  );

  router.get(
    [paths.tradeRoom, `${paths.tradeRoom}/`],
    gated('customer', (req, res, page) => {
      const user = page.user!;
      sendPage(req, res, assets, { title: 'Trade room', settings: page.settings, user, body: (csrfToken) => <TradeRoomPage settings={page.settings} user={user} csrfToken={csrfToken} /> });
    }),
  );

  router.get(
    '/legal/:document',
    gated('public', (req, res, page) => {
      const document = Object.hasOwn(legalDocuments, String(req.params.document)) ? legalDocuments[String(req.params.document)] : undefined;
      if (!document) return notFound(req, res, page);
      sendPage(req, res, assets, { title: document.title, settings: page.settings, body: () => <LegalPage settings={page.settings} document={document} /> });
    }),
  );

  // Unknown paths still pass the site gate (maintenance, unreachable) before the not-found page.
  router.use(
    gated('public', (req, res, page) => notFound(req, res, page)),
  );

  return router;
}
