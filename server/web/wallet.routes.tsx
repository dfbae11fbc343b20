import { Router } from 'express';
import type { PageDeps } from './gated';

/** The wallet (`/main/withdrawal`: overview, deposit and withdraw tabs) and the transaction history (docs/funding.md). */
export function walletPageRoutes(_deps: PageDeps): Router {
  const router = Router();
  return router;
}
