import { signal } from '@preact/signals-react';
import type { WatchDigits } from '../../shared/api/preferences.schema';
import type { PageUser } from '../../shared/page-state.schema';

/**
 * The signed-in person as the page knows them: the page user, with the trade room's preferences once the page
 * carries them (docs/trade-room.md#one-click-trading; until then one-click is off and the watch shows 3 digits).
 */
export type SessionUser = PageUser & { one_click_trading?: boolean; watch_digits?: WatchDigits };

/** The signed-in person (never their token) and the page's CSRF token, shared by every island. */
export const currentUser = signal<SessionUser | null>(null);
export const csrfToken = signal('');
export const siteName = signal('');
/** The realtime app key (signed-in pages only). */
export const realtimeKey = signal<string | null>(null);
