import type { Request, Response } from 'express';
import { api } from '../../../shared/api/endpoints';
import { preferencesTexts as texts } from '../../../shared/api/preferences.schema';
import type { ApiDeps } from '../deps';
import { changePreferences, listSessions, readPreferences, signOutOtherSessions, signOutSession, type SelfActor } from '../users/preferences';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { ipOf } from './request-client';

/** Settings: display currency, language, sounds, notification choices, sessions (docs/customer-area.md#settings); the system status call. */
export function preferencesRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { bus, market } = deps;

  const actorOf = (req: Request, res: Response): SelfActor => {
    const { user, tokenId } = authOf(res);
    return { userId: user.id, tokenId, ip: ipOf(req) };
  };

  on(api.preferences, async (_input, _req, res) => ({ data: await readPreferences(db, authOf(res).user.id) }));

  on(api.updatePreferences, async ({ body }, req, res) => {
    const actor = actorOf(req, res);
    const { currencies } = await deps.referenceData.get();
    const { preferences, changed } = await changePreferences(db, actor, body, currencies);
    // The user object carries them: the customer's other pages and devices re-read it.
    if (changed.length > 0) bus.publish('user.updated', { userId: actor.userId });
    return { data: preferences, message: texts.saved };
  });

  on(api.sessions, async (_input, req, res) => ({ data: await listSessions(db, actorOf(req, res)) }));

  on(api.revokeSession, async ({ params: { id } }, req, res) => {
    const actor = actorOf(req, res);
    const { current } = await signOutSession(db, actor, id);
    // Cached sign-ins and the user's sockets are dropped at once on every process (docs/access.md#tokens-and-sessions).
    bus.publish('access.changed', { userId: actor.userId });
    return { data: { current }, message: current ? texts.signedOutHere : texts.signedOut };
  });

  on(api.revokeOtherSessions, async (_input, req, res) => {
    const actor = actorOf(req, res);
    const revoked = await signOutOtherSessions(db, actor);
    if (revoked > 0) bus.publish('access.changed', { userId: actor.userId });
    return { data: { revoked }, message: texts.othersSignedOut(revoked) };
  });

  // The system status page (docs/customer-area.md#system-status): this process's clock, its database and
  // the newest price it holds. Nothing about anyone.
  on(api.systemStatus, async () => {
    const database = await deps.database.ping().then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    );
    let newest = 0;
    for (const quote of market.quotes.all()) newest = Math.max(newest, quote.time);
    return {
      data: {
        server_time: new Date().toISOString(),
        database,
        price_feed: { instruments: market.instruments.length, last_price_at: newest > 0 ? new Date(newest).toISOString() : null },
      },
    };
  });

  return router;
}
