import { Router } from 'express';
import { api as endpoints } from '../../shared/api/endpoints';
import { paths } from '../../shared/routes';
import { SettingsPage } from '../../views/pages/settings';
import { SystemStatusPage } from '../../views/pages/system-status';
import { dataOrNothing } from './answers';
import { callContext } from './gate';
import { customerPage, type PageDeps } from './gated';
import { sendPage } from './render';

/** Settings (docs/customer-area.md#settings) and the system status page at `/main/test` (docs/customer-area.md#system-status). */
export function preferencesPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  router.get(
    paths.settings,
    customerPage(deps, async (req, res, page) => {
      const ctx = callContext(req);
      const [preferences, currencies, sessions] = await Promise.all([
        dataOrNothing(api.request(endpoints.preferences, { token: page.token }, ctx)),
        dataOrNothing(api.request(endpoints.siteData, { token: page.token }, ctx)),
        dataOrNothing(api.request(endpoints.sessions, { token: page.token }, ctx)),
      ]);
      const view = { preferences: preferences?.data ?? null, currencies: currencies?.data.currencies ?? null, sessions: sessions?.data ?? null, now: Date.now() };
      sendPage(req, res, assets, {
        title: 'Settings',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <SettingsPage settings={page.settings} user={page.user} csrfToken={csrfToken} view={view} />,
      });
    }),
  );

  // The original's `/main/test` was a debug page (the user object dumped, docs/customer-area.md#system-status): customers get the platform's state instead.
  router.get(
    paths.systemStatus,
    customerPage(deps, (req, res, page) => {
      sendPage(req, res, assets, {
        title: 'System status',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <SystemStatusPage settings={page.settings} user={page.user} csrfToken={csrfToken} />,
      });
    }),
  );

  return router;
}
