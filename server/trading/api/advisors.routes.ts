import { Router } from 'express';
import { advisorIdParam, advisorStartRequest, advisorStatsQuery, eaTexts, purchaseRequest } from '../../../shared/api/advisors.schema';
import { activateAdvisor, currentActivation, deactivateAdvisor, startAdvisor, stopAdvisor, type Actor } from '../ea/activations';
import type { ApiDeps } from '../deps';
import { listAdvisors, purchaseAdvisor } from '../ea/advisors';
import type { Request, Response } from 'express';
import { authenticate, authOf, requireRole, requireStanding } from './auth.middleware';
import { parseInput } from './validate';

const actorOf = (req: Request, res: Response): Actor => ({ userId: authOf(res).user.id, ip: req.ip ?? null });

/**
 * Expert advisors (client-spec §7, §5): the catalogue with what the customer has, buying one, and the
 * one activated advisor the server runs for them (activate, start, stop, deactivate, live figures).
 */
export function advisorRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const customer = [authenticate(deps), requireStanding(deps)];
  const trader = [...customer, requireRole('customer')];
  const { market, bus } = deps;
  const changed = (res: Response) => bus.publish('user.updated', { userId: authOf(res).user.id });

  router.get('/expert_advisors/active', ...trader, async (req, res) => {
    const { account_id } = parseInput(advisorStatsQuery, req.query);
    res.json({ data: await currentActivation(db, market, authOf(res).user.id, account_id) });
  });

  router.post('/expert_advisors/deactivate', ...trader, async (req, res) => {
    const { message } = await deactivateAdvisor(db, actorOf(req, res));
    changed(res);
    res.json({ data: null, message });
  });

  router.post('/expert_advisors/:id/activate', ...trader, async (req, res) => {
    const { id } = parseInput(advisorIdParam, req.params);
    const { activation, message } = await activateAdvisor(db, market, actorOf(req, res), id);
    changed(res);
    res.json({ data: activation, message });
  });

  router.post('/expert_advisors/:id/start', ...trader, async (req, res) => {
    const { id } = parseInput(advisorIdParam, req.params);
    const { account_id, asset_id } = parseInput(advisorStartRequest, req.body ?? {});
    const activation = await startAdvisor(db, market, actorOf(req, res), { advisorId: id, accountId: account_id, assetId: asset_id });
    changed(res);
    res.json({ data: activation, message: eaTexts.started });
  });

  router.post('/expert_advisors/:id/stop', ...trader, async (req, res) => {
    const { id } = parseInput(advisorIdParam, req.params);
    const activation = await stopAdvisor(db, market, actorOf(req, res), id);
    changed(res);
    res.json({ data: activation, message: eaTexts.stopped });
  });

  router.get('/expert_advisors', ...customer, async (_req, res) => {
    res.json({ data: await listAdvisors(db, authOf(res).user.id) });
  });

  router.post('/purchase/ea', ...customer, async (req, res) => {
    const { expert_advisor_id } = parseInput(purchaseRequest, req.body ?? {});
    const answer = await purchaseAdvisor(deps, { userId: authOf(res).user.id, advisorId: expert_advisor_id, ip: req.ip ?? null });
    if (answer.status === 200) deps.bus.publish('user.updated', { userId: authOf(res).user.id });
    res.status(answer.status).json(answer.body);
  });

  return router;
}
