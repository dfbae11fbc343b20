import type { PageState } from '../../shared/page-state.schema';
import { holdPageData } from './page-data';
import { csrfToken, currentUser, realtimeKey, siteName } from './session';

let seeded = false;

/** Seeds the shared signals once per page from the server's `page-state` JSON. */
export function seedFromPageState(state: PageState): void {
  if (seeded) return;
  seeded = true;
  currentUser.value = state.user;
  csrfToken.value = state.csrfToken;
  siteName.value = state.siteName;
  realtimeKey.value = state.realtimeKey;
  holdPageData(state.data);
}
