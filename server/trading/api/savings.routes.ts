import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** Savings plans and a customer's savings (docs/customer-area.md#savings). */
export function savingsRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
