import type { Request, Response, Router } from 'express';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { dataOrNothing } from '../answers';
import { AdminSettingsPage } from '../../../views/pages/admin/settings';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps, type StaffPage } from '../gated';
import { renderSignup } from '../signup.routes';
import { registrationPages } from '../../../shared/api/settings.schema';
import { sendPage } from '../render';

/**
 * `/admin/settings`, admins only (staff and customers get the not-found page; docs/site-settings.md#editing).
 * The form shows the settings read afresh, not the gate's copy, which may be up to SETTINGS_CACHE_MS old;
 * reading them through the cache's `refresh` also renews that copy for every page this process serves next.
 */
export function settingsRoutes(router: Router, deps: PageDeps): void {
  async function render(req: Request, res: Response, page: StaffPage) {
    const settings = await deps.settings.refresh(callContext(req)).catch((error: unknown) => {
      req.log.warn({ err: error }, 'site settings could not be read afresh; showing the cached copy');
      return page.settings;
    });
    // Every currency there is, for the display list (the site data marks which are offered; all are listed).
    const siteData = await dataOrNothing(deps.api.request(endpoints.siteData, { token: page.token }, callContext(req)));
    const currencies = (siteData?.data.currencies ?? []).map((c) => ({ code: c.code, name: c.name }));
    sendPage(req, res, deps.assets, {
      title: 'Site settings',
      settings,
      user: page.user,
      body: (csrfToken) => <AdminSettingsPage settings={settings} user={page.user} csrfToken={csrfToken} currencies={currencies} />,
    });
  }

  router.get(paths.adminSettings, staffPage(deps, render, { adminOnly: true }));

  // A sign-up look as visitors see it (docs/site-settings.md#editing), for an admin who is signed in and so
  // would be taken from /signup to their own pages. Its forms are there but the browser may send them
  // nowhere (CSP form-action 'none'), so a preview never registers anyone.
  router.get(
    `${paths.adminSettings}/preview/:look`,
    staffPage(
      deps,
      (req, res, page) => {
        const look = registrationPages.find((l) => l === req.params.look);
        if (!look) return sendNotFound(req, res, deps.assets, page.settings);
        res.setHeader('Content-Security-Policy', String(res.getHeader('Content-Security-Policy')).replace("form-action 'self'", "form-action 'none'"));
        renderSignup(deps, req, res, page.settings, {
          look,
          flash: [{ kind: 'default', title: 'Preview', description: `The ${look} sign-up page as visitors see it; its forms are switched off here.` }],
        });
      },
      { adminOnly: true },
    ),
  );
}
