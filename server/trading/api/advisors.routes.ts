import type { Request, Response } from 'express';
import { advisorTexts, eaTexts } from '../../../shared/api/advisors.schema';
import { api } from '../../../shared/api/endpoints';
import type { ApiDeps } from '../deps';
import { activateAdvisor, currentActivation, deactivateAdvisor, startAdvisor, stopAdvisor, type Actor } from '../ea/activations';
import { listAdvisors, purchaseAdvisor, rateAdvisor } from '../ea/advisors';
import { valueOf } from '../errors';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { ipOf } from './request-client';

const actorOf = (req: Request, res: Response): Actor => ({ userId: authOf(res).user.id, ip: ipOf(req) });

/**
 * Expert advisors: the catalogue with what the customer has, buying one, and the one activated advisor
 * the server runs for them (activate, start, stop, deactivate, live figures).
 */
export function advisorRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { market, bus } = deps;
  const changed = (res: Response) => bus.publish('user.updated', { userId: authOf(res).user.id });

  on(api.activeAdvisor, async ({ query }, _req, res) => ({ data: await currentActivation(db, market, authOf(res).user.id, query.account_id) }));

  on(api.deactivateAdvisor, async (_input, req, res) => {
    const { message } = await deactivateAdvisor(db, actorOf(req, res));
    changed(res);
    return { data: null, message };
  });

  on(api.activateAdvisor, async ({ params }, req, res) => {
    const { activation, message } = await activateAdvisor(db, market, actorOf(req, res), params.id);
    changed(res);
    return { data: activation, message };
  });

  on(api.startAdvisor, async ({ params, body }, req, res) => {
    const activation = await startAdvisor(db, market, actorOf(req, res), { advisorId: params.id, accountId: body.account_id, assetId: body.asset_id });
    changed(res);
    return { data: activation, message: eaTexts.started };
  });

  on(api.stopAdvisor, async ({ params }, req, res) => {
    const activation = await stopAdvisor(db, market, actorOf(req, res), params.id);
    changed(res);
    return { data: activation, message: eaTexts.stopped };
  });

  on(api.advisors, async (_input, _req, res) => ({ data: await listAdvisors(db, authOf(res).user.id) }));

  on(api.rateAdvisor, async ({ params, body }, _req, res) => ({
    data: await rateAdvisor(db, { userId: authOf(res).user.id, advisorId: params.id, stars: body.stars }),
    message: advisorTexts.rated,
  }));

  on(api.purchaseAdvisor, async ({ body }, req, res) => {
    const { advisor, charged } = valueOf(await purchaseAdvisor(deps, { userId: authOf(res).user.id, advisorId: body.expert_advisor_id, ip: ipOf(req) }));
    return { status: 'success' as const, message: advisorTexts.purchased(advisor.name), data: { expert_advisor_id: advisor.id, balance_charged: charged } };
  });

  return router;
}
