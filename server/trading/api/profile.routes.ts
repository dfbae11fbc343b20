import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** Personal information, photo, password and e-mail change (docs/customer-area.md#personal-information). */
export function profileRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
