import * as z from 'zod/mini';
import { roles, userStatuses } from './api/user.schema';

export const toastKinds = ['default', 'success', 'error', 'warning'] as const;
export type ToastKind = (typeof toastKinds)[number];

export const toastInput = z.object({
  kind: z.enum(toastKinds),
  title: z.string(),
  description: z.optional(z.string()),
  /** Top-right unless said otherwise (client-spec §8 puts "Position successfully closed" bottom-left). */
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
});
export type PageUser = z.infer<typeof pageUserSchema>;

/** The one JSON script every page with islands carries; client/state seeds its signals from it. */
export const pageStateSchema = z.object({
  csrfToken: z.string(),
  siteName: z.string(),
  user: z.nullable(pageUserSchema),
  /** The realtime app key for pusher-js, on signed-in pages. */
  realtimeKey: z.nullable(z.string()),
  flash: z.array(toastInput),
});
export type PageState = z.infer<typeof pageStateSchema>;
