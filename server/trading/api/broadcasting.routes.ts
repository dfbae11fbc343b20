import express from 'express';
import { api } from '../../../shared/api/endpoints';
import { gateTexts } from '../../../shared/texts';
import type { ApiDeps } from '../deps';
import { mayJoin, presenceMember } from '../realtime/channel-rules';
import { channelAuth } from '../realtime/signature';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { forbidden } from './errors';

/**
 * `POST /broadcasting/auth`: signs a socket into a private or presence channel the signed-in user may
 * join (the web tier proxies it with the session's token). Pending customers may listen to their own
 * channels (their approval arrives there); deactivated ones may not.
 */
export function broadcastingRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  on(api.broadcastingAuth, express.urlencoded({ extended: false, limit: '4kb' }), express.json({ limit: '4kb' }), ({ body: { socket_id, channel_name } }, _req, res) => {
    const { user } = authOf(res);
    if (user.status === 'deactivated') throw forbidden(gateTexts.accountDisabled.body);
    if (!mayJoin(user, channel_name)) throw forbidden();
    if (!channel_name.startsWith('presence-')) return { auth: channelAuth(deps.realtime, socket_id, channel_name) };
    const channelData = JSON.stringify(presenceMember(user));
    return { auth: channelAuth(deps.realtime, socket_id, channel_name, channelData), channel_data: channelData };
  });
  return router;
}
