import * as z from 'zod/mini';
import { broadcastingAuthBatchRequest, broadcastingAuthBatchResponse, broadcastingAuthRequest } from '../broadcasting.schema';
import { messageBody } from '../common.schema';
import { siteDataResponse } from '../data.schema';
import { settingsResponse } from '../settings.schema';
import { heartbeatResponse, userResponse } from '../user.schema';
import { endpoint } from '../endpoint';
import { idOf } from './parts';

/** The site, the signed-in user and their notifications, and realtime channel sign-in (pusher-js posts a form; also served at `/broadcasting/auth`). */
export const siteApi = {
  settings: endpoint({ method: 'GET', path: '/settings', access: 'public', response: settingsResponse }),
  siteData: endpoint({ method: 'GET', path: '/data', access: 'active', response: siteDataResponse }),
  user: endpoint({ method: 'GET', path: '/user', access: 'signed-in', response: userResponse }),
  heartbeat: endpoint({ method: 'POST', path: '/user/heartbeat', access: 'active', response: heartbeatResponse }),
  readNotification: endpoint({ method: 'POST', path: '/notifications/:id/read', access: 'signed-in', params: idOf('Notification not found.'), response: messageBody }),
  broadcastingAuth: endpoint({
    method: 'POST',
    path: '/broadcasting/auth',
    access: 'signed-in',
    encoding: 'form',
    body: broadcastingAuthRequest,
    response: z.object({ auth: z.string(), channel_data: z.optional(z.string()) }),
  }),
  broadcastingAuthBatch: endpoint({ method: 'POST', path: '/broadcasting/auth/batch', access: 'signed-in', body: broadcastingAuthBatchRequest, response: broadcastingAuthBatchResponse }),
} as const;
