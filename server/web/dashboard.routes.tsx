import { Router } from 'express';
import type { PageDeps } from './gated';

/** The dashboard's figures (docs/customer-area.md#dashboard). */
export function dashboardPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
