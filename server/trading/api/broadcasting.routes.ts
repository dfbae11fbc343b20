import express, { Router } from 'express';
import { broadcastingAuthRequest } from '../../../shared/api/broadcasting.schema';
import { gateTexts } from '../../../shared/texts';
import type { ApiDeps } from '../deps';
import { mayJoin, presenceMember } from '../realtime/channel-rules';
import { channelAuth } from '../realtime/signature';
import { authenticate, authOf } from './auth.middleware';
import { forbidden } from './errors';
import { parseInput } from './validate';

/**
 * `POST /broadcasting/auth`: signs a socket into a private or presence channel the signed-in user may
 * join (client-spec §7; the web tier proxies it with the session's token). Pending customers may listen
 * to their own channels (their approval arrives there); deactivated ones may not.
 */
export function broadcastingRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.post('/broadcasting/auth', express.urlencoded({ extended: false, limit: '4kb' }), express.json({ limit: '4kb' }), authenticate(deps), (req, res) => {
    const { socket_id, channel_name } = parseInput(broadcastingAuthRequest, req.body);
    const { user } = authOf(res);
    if (user.status === 'deactivated') throw forbidden(gateTexts.accountDisabled.body);
    if (!mayJoin(user, channel_name)) throw forbidden();
    if (channel_name.startsWith('presence-')) {
      const channelData = JSON.stringify(presenceMember(user));
      res.json({ auth: channelAuth(deps.realtime, socket_id, channel_name, channelData), channel_data: channelData });
      return;
    }
    res.json({ auth: channelAuth(deps.realtime, socket_id, channel_name) });
  });
  return router;
}
