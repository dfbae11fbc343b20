import { Router, type Request } from 'express';
import { messageOf } from '../../shared/api/common.schema';
import { api as endpoints } from '../../shared/api/endpoints';
import type { AdminSavings, SavingsOverview } from '../../shared/api/savings.schema';
import { paths } from '../../shared/routes';
import type { CurrencyFormats } from '../../client/funding/history';
import { AdminSavingsPage } from '../../views/pages/admin/savings';
import { SavingsPage } from '../../views/pages/savings';
import { dataOrNothing } from './answers';
import { callContext } from './gate';
import { customerPage, sendNotFound, staffPage, type PageDeps } from './gated';
import { sendPage } from './render';
import { UpstreamUnavailable } from './trading-client';

const adminUnreachable = 'The savings plans could not be loaded. Reload the page to try again.';

/** Savings plans and a customer's savings (docs/customer-area.md#savings): `/main/savings` and the admins' `/admin/savings`. */
export function savingsPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  /** Each currency's symbol and decimals from the site data; none when it could not be read. */
  const formatsFor = async (req: Request, token: string): Promise<CurrencyFormats> => {
    const data = await dataOrNothing(api.request(endpoints.siteData, { token }, callContext(req)));
    return Object.fromEntries((data?.data.currencies ?? []).map((c) => [c.code, { symbol: c.symbol, decimals: c.decimals }]));
  };

  router.get(
    paths.savings,
    customerPage(deps, async (req, res, page) => {
      const [overview, formats] = await Promise.all([dataOrNothing(api.request(endpoints.savingsOverview, { token: page.token }, callContext(req))), formatsFor(req, page.token)]);
      sendPage(req, res, assets, {
        status: overview ? 200 : 503,
        title: 'Savings',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <SavingsPage settings={page.settings} user={page.user} csrfToken={csrfToken} overview={(overview?.data ?? null) as SavingsOverview | null} formats={formats} />,
      });
    }),
  );

  router.get(
    paths.adminSavings,
    staffPage(
      deps,
      async (req, res, page) => {
        let savings: AdminSavings | null = null;
        let problem: string | null = null;
        try {
          const answer = await api.request(endpoints.adminSavings, { token: page.token }, callContext(req));
          // A 403 means the role changed since the gate looked: not found, as for anyone else who is not an admin.
          if (!answer.ok && answer.status === 403) return sendNotFound(req, res, assets, page.settings);
          if (answer.ok) savings = answer.data.data;
          else problem = messageOf(answer.body, adminUnreachable);
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error;
          problem = adminUnreachable;
        }
        sendPage(req, res, assets, {
          status: savings ? 200 : 503,
          title: 'Savings plans',
          settings: page.settings,
          user: page.user,
          body: (csrfToken) => <AdminSavingsPage settings={page.settings} user={page.user} csrfToken={csrfToken} savings={savings} problem={problem} />,
        });
      },
      { adminOnly: true },
    ),
  );

  return router;
}
