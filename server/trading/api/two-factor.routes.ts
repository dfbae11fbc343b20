import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** Two-factor sign-in: enrolment, recovery codes, login challenges (docs/access.md#two-factor-sign-in). */
export function twoFactorRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
