import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** Settings: display currency, language, sounds, notification choices, sessions (docs/customer-area.md#settings). */
export function preferencesRoutes(deps: ApiDeps) {
  const { router } = endpointRouter(deps);
  return router;
}
