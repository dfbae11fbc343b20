import type { PageState } from '../../shared/page-state.schema';
import { holdPageData, seedRender } from './page-data';
import { csrfToken, currentUser, pageReadsFrom, realtimeKey, siteName } from './session';

let seeded = false;

function applySession(state: Pick<PageState, 'user' | 'csrfToken' | 'siteName' | 'realtimeKey' | 'readsFrom'>): void {
  currentUser.value = state.user;
  csrfToken.value = state.csrfToken;
  siteName.value = state.siteName;
  realtimeKey.value = state.realtimeKey;
  pageReadsFrom.value = state.readsFrom ?? null;
}

/** The browser's side: seeds the shared signals once per page from the server's `page-state` JSON, before any island loads. */
export function seedFromPageState(state: PageState): void {
  if (seeded) return;
  seeded = true;
  applySession(state);
  holdPageData(state.data, state.renderedAt);
}

/**
 * The server's side, at the start of a page's render (views/page-scope.ts): the render's own signals seeded as the
 * browser will seed them (the person, then each state module's data: `seedFromPage`), so its islands render as they
 * will hydrate.
 */
export function seedPageRender(state: PageState): void {
  const now = state.renderedAt ?? Date.now();
  // The data first: outside a render `seedRender` refuses before anything is written.
  seedRender({ data: { ...state.data }, renderedAt: now, now });
  applySession(state);
}
