import * as z from 'zod/mini';
import { chatMessageSchema } from '../api/chat.schema';
import { realtimeChannels, realtimeEvents } from '../realtime';
import { realtimeEvent } from './event';

/** A conversation's messages and read receipts. */
export const chatEvents = {
  messageSent: realtimeEvent(realtimeChannels.chat, realtimeEvents.messageSent, z.object({ message: chatMessageSchema })),
  messageRead: realtimeEvent(realtimeChannels.chat, realtimeEvents.messageRead, z.object({ message_id: z.number() })),
} as const;
