import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** Moving to another plan, and staff deciding those requests (docs/customer-area.md#plans). */
export function plansRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
