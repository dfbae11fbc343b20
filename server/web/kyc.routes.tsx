import { Router } from 'express';
import { api as endpoints } from '../../shared/api/endpoints';
import { paths } from '../../shared/routes';
import { VerificationPage } from '../../views/pages/verification';
import { dataOrNothing } from './answers';
import { callContext, kycAlias } from './gate';
import { customerPage, type PageDeps } from './gated';
import { sendPage } from './render';

/**
 * The customer's verification case (docs/customer-area.md#verification): `/main/verification`, and the
 * livetrader menu's `/main/kyc`, which leads there. Both pass the gate for a customer awaiting approval.
 */
export function kycPageRoutes(deps: PageDeps): Router {
  const router = Router();
  const { api, assets } = deps;

  router.get(
    kycAlias,
    customerPage(deps, (_req, res) => res.redirect(302, paths.verification)),
  );

  router.get(
    paths.verification,
    customerPage(deps, async (req, res, page) => {
      const kase = await dataOrNothing(api.request(endpoints.verificationCase, { token: page.token }, callContext(req)));
      sendPage(req, res, assets, {
        title: 'Verification',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <VerificationPage settings={page.settings} user={page.user} csrfToken={csrfToken} kase={kase?.data ?? null} />,
      });
    }),
  );

  return router;
}
