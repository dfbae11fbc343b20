import { Router } from 'express';
import type { PageDeps } from './gated';

/** The deposit pages (docs/funding.md): `/main/deposit` and its card, bank and crypto steps. */
export function depositPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
