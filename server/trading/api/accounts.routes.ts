import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** Trading accounts, opening more, and transfers between a customer's own accounts (docs/customer-area.md#accounts). */
export function accountsRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
