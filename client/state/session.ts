import { signal } from '@preact/signals-react';
import type { PageUser } from '../../shared/page-state.schema';

/** The signed-in person as the page knows them, with their stored preferences (docs/customer-area.md#settings). */
export type SessionUser = PageUser;

/** The signed-in person (never their token) and the page's CSRF token, shared by every island. */
export const currentUser = signal<SessionUser | null>(null);
export const csrfToken = signal('');
export const siteName = signal('');
/** The realtime app key (signed-in pages only). */
export const realtimeKey = signal<string | null>(null);
