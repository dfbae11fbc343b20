import express from 'express';
import { api } from '../../../shared/api/endpoints';
import type { ApiDeps } from '../deps';
import { fail, type Refusal } from '../errors';
import type { UserRow } from '../db/users.repo';
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
  /** The channel's signature for this socket, or the refusal. */
  async function signed(user: UserRow, socketId: string, channel: string): Promise<{ auth: string; channel_data: string } | Refusal> {
    const refused = await channelRefusal(deps, user, channel);
    if (refused) return refused;
    const channelData = JSON.stringify(channel.startsWith('presence-') ? presenceMember(user) : privateMember(user));
    return { auth: channelAuth(deps.realtime, socketId, channel, channelData), channel_data: channelData };
  }

  on(api.broadcastingAuth, express.urlencoded({ extended: false, limit: '4kb' }), express.json({ limit: '4kb' }), async ({ body: { socket_id, channel_name } }, _req, res) => {
    const answer = await signed(authOf(res).user, socket_id, channel_name);
    return 'auth' in answer ? answer : fail(answer);
  });

  // Our pages join their channels at once when the socket connects: one request signs them all, each by the same rules.
  on(api.broadcastingAuthBatch, express.json({ limit: '8kb' }), async ({ body: { socket_id, channel_names } }, _req, res) => {
    const { user } = authOf(res);
    const answers = await Promise.all([...new Set(channel_names)].map(async (channel) => [channel, await signed(user, socket_id, channel)] as const));
    return { channels: Object.fromEntries(answers.map(([channel, answer]) => [channel, 'auth' in answer ? answer : { refused: answer.message }])) };
  });
  return router;
}
