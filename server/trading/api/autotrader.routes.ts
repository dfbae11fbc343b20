import type { Request, Response } from 'express';
import { autotraderTexts } from '../../../shared/api/autotrader.schema';
import { api } from '../../../shared/api/endpoints';
import type { ApiDeps } from '../deps';
import { activeAutotraders, autotraderStatus, decideAutotraderRequest, requestAutotrader, staffAutotraderRequests, turnOffAutotrader } from '../ea/autotrader';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { ipOf } from './request-client';

/** AutoTrader: the customer's request and switch, and staff's decisions. */
export function autotraderRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { bus } = deps;
  const staffOf = (req: Request, res: Response) => ({ id: authOf(res).user.id, ip: ipOf(req) });

  on(api.autotrader, async (_input, _req, res) => ({ data: await autotraderStatus(db, authOf(res).user.id) }));

  on(api.requestAutotrader, async ({ body }, req, res) => {
    const data = await requestAutotrader(db, { userId: authOf(res).user.id, level: body.autotrader_type, accountId: body.account_id, ip: ipOf(req) });
    return { data, message: autotraderTexts.requested };
  });

  on(api.autotraderOff, async (_input, req, res) => {
    const userId = authOf(res).user.id;
    await turnOffAutotrader(db, { userId, actorId: userId, ip: ipOf(req) });
    bus.publish('user.updated', { userId });
    return { data: await autotraderStatus(db, userId), message: autotraderTexts.turnedOff };
  });

  on(api.staffAutotraderRequests, async ({ query: { status = 'pending' } }) => ({ data: await staffAutotraderRequests(db, { status: status === 'all' ? undefined : status }) }));

  for (const [e, approve] of [
    [api.approveAutotrader, true],
    [api.refuseAutotrader, false],
  ] as const) {
    on(e, async ({ params, body }, req, res) => {
      const { userId, notification } = await decideAutotraderRequest(db, staffOf(req, res), { id: params.id, approve, reason: body.reason || null });
      bus.publish('notification.message', { userId, notification });
      bus.publish('user.updated', { userId });
      const [data] = await staffAutotraderRequests(db, { id: params.id });
      return { data: data!, message: approve ? 'Approved.' : 'Refused.' };
    });
  }

  on(api.activeAutotraders, async () => ({ data: await activeAutotraders(db) }));

  on(api.revokeAutotrader, async ({ params, body }, req, res) => {
    const notification = await turnOffAutotrader(db, { userId: params.id, actorId: authOf(res).user.id, ip: ipOf(req), reason: body.reason });
    if (notification) bus.publish('notification.message', { userId: params.id, notification });
    bus.publish('user.updated', { userId: params.id });
    return { message: autotraderTexts.turnedOff };
  });

  return router;
}
