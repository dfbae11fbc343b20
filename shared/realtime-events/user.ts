import * as z from 'zod/mini';
import { notificationSchema } from '../api/user.schema';
import { realtimeChannels, realtimeEvents } from '../realtime';
import { realtimeEvent } from './event';

/** A customer's notifications and changes to their user (balance, standing, plan). */
export const userEvents = {
  notification: realtimeEvent(realtimeChannels.notification, realtimeEvents.notification, notificationSchema),
  userUpdated: realtimeEvent(realtimeChannels.user, realtimeEvents.userUpdated, z.object({ user_id: z.number() })),
} as const;
