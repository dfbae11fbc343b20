import { Router, type Request, type Response } from 'express';
import { entryLook, type SiteSettings } from '../../shared/api/settings.schema';
import { isStaffRole } from '../../shared/api/user.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import type { ToastInput } from '../../shared/page-state.schema';
import { paths, safeNextPath } from '../../shared/routes';
import type { PageAssets } from '../../views/assets';
import { ChatPage } from '../../views/pages/chat';
import { AdminAutotraderPage } from '../../views/pages/admin-autotrader';
import { MarketplacePage } from '../../views/pages/marketplace';
import { legalDocuments } from '../../views/legal/documents';
import { LegalPage } from '../../views/pages/legal';
import { LoginPage } from '../../views/pages/login';
import { backOfficeRoutes } from './admin/routes';
import { depositPageRoutes } from './deposit.routes';
import { walletPageRoutes } from './wallet.routes';
import { plansPageRoutes } from './plans.routes';
import { preferencesPageRoutes } from './preferences.routes';
import { savingsPageRoutes } from './savings.routes';
import { accountsPageRoutes } from './accounts.routes';
import { kycPageRoutes } from './kyc.routes';
import { twoFactorPageRoutes } from './two-factor.routes';
import { profilePageRoutes } from './profile.routes';
import { dashboardPageRoutes } from './dashboard.routes';
import { terminalRoutes } from './terminal.routes';
import { callContext, type Access } from './gate';
import { dataOrNothing } from './answers';
import { gatedPage, sendNotFound, staffPage, type PageDeps, type PassedPage } from './gated';
import { sendPage } from './render';
import { api as endpoints } from '../../shared/api/endpoints';

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
      <LoginPage look={look} settings={view.settings} csrfToken={csrfToken} next={view.next} email={view.email ?? ''} errors={view.errors ?? {}} maintenance={view.maintenance ?? false} />
    ),
  });
}

/** Every other server-rendered route: the gate decides first, then the page renders with real data. */
export function pageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { assets, api } = deps;

  const notFound = (req: Request, res: Response, page: PassedPage) => sendNotFound(req, res, assets, page.settings);

  const gated = (access: Access, render: Parameters<typeof gatedPage>[2], options?: Parameters<typeof gatedPage>[3]) => gatedPage(deps, access, render, options);

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

  router.get(
    paths.marketplace,
    gated('customer', async (req, res, page) => {
      const user = page.user!;
      const advisors = await dataOrNothing(api.request(endpoints.advisors, { token: page.token! }, callContext(req)));
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
      sendPage(req, res, assets, {
        title: 'Marketplace',
        settings: page.settings,
        user,
        body: (csrfToken) => <MarketplacePage settings={page.settings} user={user} csrfToken={csrfToken} advisors={advisors?.data ?? null} query={query} />,
      });
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
        sendPage(req, res, assets, {
          title: mode === 'staff' ? 'Admin Chat' : 'Support chat',
          settings: page.settings,
          user,
          body: (csrfToken) => <ChatPage settings={page.settings} user={user} csrfToken={csrfToken} mode={mode} />,
        });
      }),
    );
  }

  // AutoTrader requests: staff only, checked here (docs/access.md#roles); customers get the not-found page, as for `/admin/chat`.
  router.get(
    paths.adminAutotrader,
    staffPage(deps, (req, res, page) =>
      sendPage(req, res, assets, {
        title: 'AutoTrader requests',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <AdminAutotraderPage settings={page.settings} user={page.user} csrfToken={csrfToken} />,
      }),
    ),
  );

  router.use(backOfficeRoutes(deps));
  router.use(depositPageRoutes(deps));
  router.use(walletPageRoutes(deps));
  router.use(plansPageRoutes(deps));
  router.use(preferencesPageRoutes(deps));
  router.use(savingsPageRoutes(deps));
  router.use(accountsPageRoutes(deps));
  router.use(kycPageRoutes(deps));
  router.use(twoFactorPageRoutes(deps));
  router.use(profilePageRoutes(deps));
  router.use(dashboardPageRoutes(deps));

  router.use(terminalRoutes(deps));

  router.get(
    '/legal/:document',
    gated('public', (req, res, page) => {
      const document = Object.hasOwn(legalDocuments, String(req.params.document)) ? legalDocuments[String(req.params.document)] : undefined;
      if (!document) return notFound(req, res, page);
      sendPage(req, res, assets, { title: document.title, settings: page.settings, body: () => <LegalPage settings={page.settings} document={document} /> });
    }),
  );

  // Unknown paths still pass the site gate (maintenance, unreachable) before the not-found page.
  router.use(gated('public', (req, res, page) => notFound(req, res, page)));

  return router;
}
