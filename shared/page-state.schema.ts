import { terminalKinds, watchDigitsModes } from './api/preferences.schema';
import * as z from 'zod/mini';
import { roles, userStatuses } from './api/user.schema';

export const toastKinds = ['default', 'success', 'error', 'warning'] as const;
export type ToastKind = (typeof toastKinds)[number];

export const toastInput = z.object({
  kind: z.enum(toastKinds),
  title: z.string(),
  description: z.optional(z.string()),
  /** The usual list unless said otherwise ("Position successfully closed" has its own: docs/screens.md#toasts). */
  placement: z.optional(z.enum(['top-right', 'bottom-left'])),
});
export type ToastInput = z.infer<typeof toastInput>;

/** The few facts about the signed-in person the browser needs; never the API token. */
export const pageUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  /** The user's stored preferences (docs/customer-area.md#settings): the source of the display currency, number and date locale and sounds on every device. */
  display_currency: z.optional(z.nullable(z.string())),
  language: z.optional(z.nullable(z.string())),
  sounds_enabled: z.optional(z.boolean()),
  /** Trade-room preferences (docs/trade-room.md#one-click-trading, #market-watch). */
  one_click_trading: z.optional(z.boolean()),
  watch_digits: z.optional(z.enum(watchDigitsModes)),
  terminal: z.optional(z.enum(terminalKinds)),
});
export type PageUser = z.infer<typeof pageUserSchema>;

/**
 * What the server already fetched for the page's islands, each as the API answered it (`{ data: … }`):
 * the state module that owns it checks it with its own schema and uses it instead of its first fetch.
 */
export const pageDataSchema = z.object({
  assets: z.optional(z.unknown()),
  accounts: z.optional(z.unknown()),
  siteData: z.optional(z.unknown()),
  /** The trade room's lists as the API answered them, for the account it shows (`tradesAccount`): its first paint shows them. */
  openTrades: z.optional(z.unknown()),
  closedTrades: z.optional(z.unknown()),
  pendingOrders: z.optional(z.unknown()),
  tradesAccount: z.optional(z.number()),
  /**
   * What this device chose in the trade room, from the cookies it keeps for `/mt4` (`client/lib/device-choices.ts`):
   * the open pairs and the account, so the server renders the room as the browser will show it.
   */
  device: z.optional(z.record(z.string(), z.unknown())),
  /** The person's unread chat messages (`GET /chat/unread-count`), on every signed-in page: the chat notifier's first count. */
  chatUnread: z.optional(z.unknown()),
});
export type PageData = z.infer<typeof pageDataSchema>;

/** The one JSON script every page with islands carries; client/state seeds its signals from it. */
export const pageStateSchema = z.object({
  csrfToken: z.string(),
  siteName: z.string(),
  user: z.nullable(pageUserSchema),
  /** The realtime app key for pusher-js, on signed-in pages. */
  realtimeKey: z.nullable(z.string()),
  data: z.optional(pageDataSchema),
  /** When the server rendered the page (its clock, ms): the age of the last known prices it showed is measured from it. */
  renderedAt: z.optional(z.number()),
  /**
   * When the page's request arrived (the server's clock, ms), before any of its data was read: a channel with no event
   * since has nothing to catch up on at the page's first subscription (docs/realtime.md#catching-up).
   */
  readsFrom: z.optional(z.number()),
});
export type PageState = z.infer<typeof pageStateSchema>;
