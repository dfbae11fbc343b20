import * as z from 'zod/mini';
import { channelNamePattern, socketIdPattern } from '../realtime';

/** `POST /broadcasting/auth` as pusher-js sends it (form-encoded) or as JSON. */
export const broadcastingAuthRequest = z.object({
  socket_id: z.string('Invalid socket id.').check(z.regex(socketIdPattern, 'Invalid socket id.')),
  channel_name: z.string('Invalid channel name.').check(z.regex(channelNamePattern, 'Invalid channel name.')),
});

/** The most channels one batch may sign (a page joins four or five). */
export const maxChannelsPerBatch = 20;

const channelName = z.string('Invalid channel name.').check(z.regex(channelNamePattern, 'Invalid channel name.'));

/** `POST /broadcasting/auth/batch`: the channels a page joins at one moment, signed in one request (docs/realtime.md#channel-sign-in). */
export const broadcastingAuthBatchRequest = z.object({
  socket_id: z.string('Invalid socket id.').check(z.regex(socketIdPattern, 'Invalid socket id.')),
  channel_names: z.array(channelName).check(z.minLength(1, 'Name at least one channel.'), z.maxLength(maxChannelsPerBatch, `At most ${maxChannelsPerBatch} channels at once.`)),
});

/** Each channel's signature as `POST /broadcasting/auth` answers it, or why it was refused. */
export const broadcastingAuthBatchResponse = z.object({
  channels: z.record(z.string(), z.union([z.object({ auth: z.string(), channel_data: z.optional(z.string()) }), z.object({ refused: z.string() })])),
});
