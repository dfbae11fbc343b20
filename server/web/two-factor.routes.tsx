import { Router } from 'express';
import type { PageDeps } from './gated';

/** Two-factor sign-in: enrolment, recovery codes, login challenges (docs/access.md#two-factor-sign-in). */
export function twoFactorPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
