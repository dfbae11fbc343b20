import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** The customer's verification case: documents and their statuses (docs/customer-area.md#verification). */
export function kycRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
