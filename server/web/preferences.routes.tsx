import { Router } from 'express';
import type { PageDeps } from './gated';

/** Settings: display currency, language, sounds, notification choices, sessions (docs/customer-area.md#settings). */
export function preferencesPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
