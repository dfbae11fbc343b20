import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

export function backOfficeRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
