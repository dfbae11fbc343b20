import type { PageUser } from '../../shared/page-state.schema';
import { pageSignal } from './page-scope';

/** The signed-in person as the page knows them, with their stored preferences (docs/customer-area.md#settings). */
export type SessionUser = PageUser;

/** The signed-in person (never their token) and the page's CSRF token, shared by every island. */
export const currentUser = pageSignal<SessionUser | null>(null);
export const csrfToken = pageSignal('');
export const siteName = pageSignal('');
/** The realtime app key (signed-in pages only). */
export const realtimeKey = pageSignal<string | null>(null);
/** When the server began to read this page's data (its clock; `PageState.readsFrom`), if it said. */
export const pageReadsFrom = pageSignal<number | null>(null);
