import type { PageState } from '../../shared/page-state.schema';
import { holdPageData, renderSeeded } from './page-data';
import { csrfToken, currentUser, realtimeKey, siteName } from './session';

let seeded = false;

function applySession(state: Pick<PageState, 'user' | 'csrfToken' | 'siteName' | 'realtimeKey'>): void {
  currentUser.value = state.user;
  csrfToken.value = state.csrfToken;
  siteName.value = state.siteName;
  realtimeKey.value = state.realtimeKey;
}

/** The browser's side: seeds the shared signals once per page from the server's `page-state` JSON, before any island loads. */
export function seedFromPageState(state: PageState): void {
  if (seeded) return;
  seeded = true;
  applySession(state);
  holdPageData(state.data, state.renderedAt);
}

/**
 * The server's side: renders a page's islands against the signals its page state seeds, as the browser will
 * hydrate them (the person, then each state module's data: `seedFromPage`), and puts every signal back after.
 */
export function renderWithPageState<T>(state: PageState, render: () => T): T {
  const before = { user: currentUser.peek(), csrfToken: csrfToken.peek(), siteName: siteName.peek(), realtimeKey: realtimeKey.peek() };
  applySession(state);
  try {
    const now = state.renderedAt ?? Date.now();
    return renderSeeded({ data: { ...state.data }, renderedAt: now, now }, render);
  } finally {
    applySession(before);
  }
}
