import { Router } from 'express';
import type { PageDeps } from './gated';

/** Moving to another plan, and staff deciding those requests (docs/customer-area.md#plans). */
export function plansPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
