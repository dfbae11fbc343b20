import { api } from '../../../shared/api/endpoints';
import { getSettings } from '../db/settings.repo';
import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** The public site settings and the signed-in site data (leverage map, currencies, plans, advisors). */
export function siteRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);

  on(api.settings, async () => ({ data: await getSettings(deps.database.db) }));

  on(api.siteData, async () => {
    const { leverage, currencies, plans, planFeatures, advisors } = await deps.referenceData.get();
    return { data: { leverage, currencies, plans, plan_features: planFeatures, expert_advisors: advisors } };
  });

  return router;
}
