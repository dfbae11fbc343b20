import { Router } from 'express';
import type { PageDeps } from './gated';

/** Trading accounts, opening more, and transfers between a customer's own accounts (docs/customer-area.md#accounts). */
export function accountsPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
