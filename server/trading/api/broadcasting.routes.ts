import express from 'express';
import { api } from '../../../shared/api/endpoints';
import type { ApiDeps } from '../deps';
import { fail } from '../errors';
import { channelRefusal, presenceMember, privateMember } from '../realtime/channel-rules';
import { channelAuth } from '../realtime/signature';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

/**
 * `POST /broadcasting/auth`: signs a socket into a private or presence channel the signed-in user may
 * join (the web tier proxies it with the session's token), by the endpoints' own access rules
 * (`channelRefusal`; docs/realtime.md#who-may-subscribe). Every signature names its user in
 * `channel_data` (signed with it), so the realtime server closes the socket when that user's access changes.
 */
export function broadcastingRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  on(api.broadcastingAuth, express.urlencoded({ extended: false, limit: '4kb' }), express.json({ limit: '4kb' }), async ({ body: { socket_id, channel_name } }, _req, res) => {
    const { user } = authOf(res);
    const refused = await channelRefusal(deps, user, channel_name);
    if (refused) fail(refused);
    const channelData = JSON.stringify(channel_name.startsWith('presence-') ? presenceMember(user) : privateMember(user));
    return { auth: channelAuth(deps.realtime, socket_id, channel_name, channelData), channel_data: channelData };
  });
  return router;
}
