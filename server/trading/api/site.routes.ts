import { api } from '../../../shared/api/endpoints';
import { getSettings } from '../db/settings.repo';
import type { ApiDeps } from '../deps';
import { customerLeverageMap, planLeverageOf } from '../engine/orders';
import { authOf } from './auth.middleware';
import { originalClientFundingData } from '../funding/original-client-data';
import { endpointRouter } from './endpoint-router';

/** The public site settings and the signed-in site data (leverage map, currencies, plans, advisors). */
export function siteRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);

  on(api.settings, async () => ({ data: await getSettings(deps.database.db) }));

  on(api.siteData, async (_input, _req, res) => {
    const { user } = authOf(res);
    const [{ leverage, currencies, plans, planFeatures, advisors }, funding] = [await deps.referenceData.get(), await originalClientFundingData(deps.database.db, deps.cryptoKeys, user)];
    const planLeverage = planLeverageOf(plans, user);
    // The leverage this customer gets, not the classes' defaults: what the engine applies (docs/trading.md#leverage).
    const customerLeverage = customerLeverageMap({ instruments: deps.market.instruments, classLeverage: leverage, planLeverage });
    return { data: { leverage: customerLeverage, currencies, plans, plan_features: planFeatures, expert_advisors: advisors, ...funding } };
  });

  return router;
}
