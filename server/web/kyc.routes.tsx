import { Router } from 'express';
import type { PageDeps } from './gated';

/** The customer's verification case: documents and their statuses (docs/customer-area.md#verification). */
export function kycPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
