import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** The dashboard's figures (docs/customer-area.md#dashboard). */
export function dashboardRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
