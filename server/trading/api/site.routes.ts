import { Router } from 'express';
import type { SiteData } from '../../../shared/api/data.schema';
import { leverageMap, listCurrencies, listPlans } from '../db/catalogue.repo';
import { getSettings } from '../db/settings.repo';
import type { TradingDeps } from '../deps';
import { authenticate, requireStanding } from './auth.middleware';

/** The public site settings and the signed-in site data (leverage map, currencies, plans). */
export function siteRoutes(deps: TradingDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/settings', async (_req, res) => {
    res.json({ data: await getSettings(db) });
  });

  router.get('/data', authenticate(deps), requireStanding(deps), async (_req, res) => {
    const [leverage, currencies, { plans, featureLabels }] = [await leverageMap(db), await listCurrencies(db), await listPlans(db)];
    const data: SiteData = { leverage, currencies, plans, plan_features: featureLabels, expert_advisors: [] };
    res.json({ data });
  });

  return router;
}
