import { Router } from 'express';
import type { PageDeps } from './gated';

/** Personal information, photo, password and e-mail change (docs/customer-area.md#personal-information). */
export function profilePageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
