import { Router } from 'express';
import type { PageDeps } from '../gated';
import { auditRoutes } from './audit.routes';
import { catalogueRoutes } from './catalogue.routes';
import { customerRoutes } from './customers.routes';
import { instrumentRoutes } from './instruments.routes';
import { financingRoutes } from './financing.routes';
import { conditionsRoutes } from './conditions.routes';
import { overviewRoutes } from './overview.routes';
import { queueRoutes } from './queues.routes';
import { sandboxChainRoutes } from './sandbox-chain.routes';
import { savingsRoutes } from './savings.routes';
import { settingsRoutes } from './settings.routes';
import { staffRoutes } from './staff.routes';

/** The back office's pages under `/admin` (docs/back-office.md), each checked for its role here and again by the API. */
export function backOfficeRoutes(deps: PageDeps): Router {
  const router = Router();
  for (const routes of [
    overviewRoutes,
    customerRoutes,
    queueRoutes,
    sandboxChainRoutes,
    auditRoutes,
    settingsRoutes,
    staffRoutes,
    catalogueRoutes,
    instrumentRoutes,
    financingRoutes,
    conditionsRoutes,
    savingsRoutes,
  ])
    routes(router, deps);
  return router;
}
