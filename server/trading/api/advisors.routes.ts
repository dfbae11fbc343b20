import { Router } from 'express';
import { purchaseRequest } from '../../../shared/api/advisors.schema';
import type { ApiDeps } from '../deps';
import { listAdvisors, purchaseAdvisor } from '../ea/advisors';
import { authenticate, authOf, requireStanding } from './auth.middleware';
import { parseInput } from './validate';

/** Expert advisors (client-spec §7): the catalogue with what the customer has, and buying one. */
export function advisorRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const customer = [authenticate(deps), requireStanding(deps)];

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
