import { Router, type Request } from 'express';
import { api as endpoints } from '../../shared/api/endpoints';
import type { SavingsOverview } from '../../shared/api/savings.schema';
import { paths } from '../../shared/routes';
import type { CurrencyFormats } from '../../client/funding/history';
import { SavingsPage } from '../../views/pages/savings';
import { dataOrNothing } from './answers';
import { callContext } from './gate';
import { customerPage, type PageDeps } from './gated';
import { sendPage } from './render';

/** A customer's savings and the plans offered (docs/customer-area.md#savings): `/main/savings`; the admins' `/admin/savings` is in admin/savings.routes.tsx. */
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

  return router;
}
