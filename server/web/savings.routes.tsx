import { Router } from 'express';
import type { PageDeps } from './gated';

/** Savings plans and a customer's savings (docs/customer-area.md#savings). */
export function savingsPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
