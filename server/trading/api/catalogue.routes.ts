import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

export function catalogueRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
