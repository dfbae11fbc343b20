import * as z from 'zod/mini';
import { channelNamePattern, socketIdPattern } from '../realtime';

/** `POST /broadcasting/auth` as pusher-js sends it (form-encoded) or as JSON. */
export const broadcastingAuthRequest = z.object({
  socket_id: z.string('Invalid socket id.').check(z.regex(socketIdPattern, 'Invalid socket id.')),
  channel_name: z.string('Invalid channel name.').check(z.regex(channelNamePattern, 'Invalid channel name.')),
});
