import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { othersRevokedResponse, preferencesResponse, preferencesTexts, preferencesUpdate, sessionRevokedResponse, sessionsResponse, systemStatusResponse } from '../preferences.schema';
import { idOf } from './parts';

const preferencesSaved = z.object({ data: preferencesResponse.shape.data, message: z.string() });

/** Settings: display currency, language, sounds, notification choices, sessions (docs/customer-area.md#settings); the system status page's call. */
export const preferencesApi = {
  preferences: endpoint({ method: 'GET', path: '/user/preferences', access: 'customer', response: preferencesResponse }),
  updatePreferences: endpoint({ method: 'PATCH', path: '/user/preferences', access: 'customer', body: preferencesUpdate, response: preferencesSaved }),
  sessions: endpoint({ method: 'GET', path: '/user/sessions', access: 'customer', response: sessionsResponse }),
  revokeSession: endpoint({ method: 'DELETE', path: '/user/sessions/:id', access: 'customer', params: idOf(preferencesTexts.sessionNotFound), response: sessionRevokedResponse }),
  revokeOtherSessions: endpoint({ method: 'POST', path: '/user/sessions/revoke-others', access: 'customer', response: othersRevokedResponse }),
  /** The platform's state for the system status page (docs/customer-area.md#system-status): the server's clock, the database, the price feed. */
  systemStatus: endpoint({ method: 'GET', path: '/status', access: 'signed-in', response: systemStatusResponse }),
} as const;
