import { catalogueTexts as texts } from '../../../shared/api/catalogue.schema';
import { api } from '../../../shared/api/endpoints';
import type { ApiDeps } from '../deps';
import { changeAdvisor, changePlan, readCatalogue } from '../users/catalogue';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

/** The catalogue, admins only (docs/back-office.md#catalogue): expert advisors and plans, each change audited. */
export function catalogueRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  // Site data (`/data`: plans, advisors) is kept 5 s per API process: this one reads it afresh at once, the others within 5 s.
  const refreshSiteData = () => deps.referenceData.refresh().catch((error: unknown) => deps.logger.warn({ err: error }, 'site data refresh failed'));

  on(api.catalogue, async () => ({ data: await readCatalogue(db) }));

  on(api.changeCatalogueAdvisor, async ({ params: { id }, body }, req, res) => {
    const { advisor, changed } = await changeAdvisor(db, staffActorOf(req, res), id, body);
    if (changed) await refreshSiteData();
    return { data: advisor, changed, message: changed ? texts.advisorSaved(advisor.name) : texts.unchanged };
  });

  on(api.changeCataloguePlan, async ({ params: { id }, body }, req, res) => {
    const { plan, changed } = await changePlan(db, staffActorOf(req, res), id, body);
    if (changed) await refreshSiteData();
    return { data: plan, changed, message: changed ? texts.planSaved(plan.title) : texts.unchanged };
  });

  return router;
}
