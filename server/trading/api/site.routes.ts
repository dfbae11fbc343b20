import { Router } from 'express';
import type { SiteData } from '../../../shared/api/data.schema';
import { getSettings } from '../db/settings.repo';
import type { ApiDeps } from '../deps';
import { authenticate, requireStanding } from './auth.middleware';

/** The public site settings and the signed-in site data (leverage map, currencies, plans). */
export function siteRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/settings', async (_req, res) => {
    res.json({ data: await getSettings(db) });
  });

  const { catalogue } = deps;
  router.get('/data', authenticate(deps), requireStanding(deps), async (_req, res) => {
    const { leverage, currencies, plans, planFeatures, advisors } = await catalogue.get();
    const data: SiteData = { leverage, currencies, plans, plan_features: planFeatures, expert_advisors: advisors };
    res.json({ data });
  });

  return router;
}
