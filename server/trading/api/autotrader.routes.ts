import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { autotraderApproval, autotraderRefusal, autotraderRequest, autotraderRequestStatuses, autotraderTexts } from '../../../shared/api/autotrader.schema';
import { positiveInt } from '../../../shared/api/common.schema';
import type { ApiDeps } from '../deps';
import { activeAutotraders, autotraderStatus, decideAutotraderRequest, requestAutotrader, staffAutotraderRequests, turnOffAutotrader } from '../ea/autotrader';
import { authenticate, authOf, requireRole, requireStanding } from './auth.middleware';
import { parseInput } from './validate';

const idParam = z.object({ id: positiveInt('AutoTrader request not found.') });
const userParam = z.object({ id: positiveInt('Invalid user id.') });
const statusQuery = z.object({ status: z.optional(z.enum([...autotraderRequestStatuses, 'all'], 'Choose pending, approved, refused or all.')) });
const ipOf = (req: Request) => req.ip ?? null;

/** AutoTrader (client-spec §6, §7; server-spec §8): the customer's request and switch, and staff's decisions. */
export function autotraderRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;
  const { bus } = deps;
  const customer = [authenticate(deps), requireStanding(deps), requireRole('customer')];
  const staff = [authenticate(deps), requireStanding(deps), requireRole('staff', 'admin')];
  const staffOf = (req: Request, res: Response) => ({ id: authOf(res).user.id, ip: ipOf(req) });

  router.get('/autotrader', ...customer, async (_req, res) => {
    res.json({ data: await autotraderStatus(db, authOf(res).user.id) });
  });

  router.post('/update/autotrader', ...customer, async (req, res) => {
    const { autotrader_type, account_id } = parseInput(autotraderRequest, req.body ?? {});
    const data = await requestAutotrader(db, { userId: authOf(res).user.id, level: autotrader_type, accountId: account_id, ip: ipOf(req) });
    res.status(201).json({ data, message: autotraderTexts.requested });
  });

  router.post('/autotrader/off', ...customer, async (req, res) => {
    const userId = authOf(res).user.id;
    await turnOffAutotrader(db, { userId, actorId: userId, ip: ipOf(req) });
    bus.publish('user.updated', { userId });
    res.json({ data: await autotraderStatus(db, userId), message: autotraderTexts.turnedOff });
  });

  router.get('/admin/autotrader/requests', ...staff, async (req, res) => {
    const { status = 'pending' } = parseInput(statusQuery, req.query);
    res.json({ data: await staffAutotraderRequests(db, { status: status === 'all' ? undefined : status }) });
  });

  for (const [path, approve] of [
    ['approve', true],
    ['refuse', false],
  ] as const) {
    router.post(`/admin/autotrader/requests/:id/${path}`, ...staff, async (req, res) => {
      const { id } = parseInput(idParam, req.params);
      const { reason } = approve ? parseInput(autotraderApproval, req.body ?? {}) : parseInput(autotraderRefusal, req.body ?? {});
      const { userId, notification } = await decideAutotraderRequest(db, staffOf(req, res), { id, approve, reason: reason || null });
      bus.publish('notification.message', { userId, notification });
      bus.publish('user.updated', { userId });
      const [data] = await staffAutotraderRequests(db, { id });
      res.json({ data, message: approve ? 'Approved.' : 'Refused.' });
    });
  }

  router.get('/admin/autotrader/active', ...staff, async (_req, res) => {
    res.json({ data: await activeAutotraders(db) });
  });

  router.post('/admin/users/:id/autotrader/revoke', ...staff, async (req, res) => {
    const { id } = parseInput(userParam, req.params);
    const { reason } = parseInput(autotraderRefusal, req.body ?? {});
    const notification = await turnOffAutotrader(db, { userId: id, actorId: authOf(res).user.id, ip: ipOf(req), reason });
    if (notification) bus.publish('notification.message', { userId: id, notification });
    bus.publish('user.updated', { userId: id });
    res.json({ message: autotraderTexts.turnedOff });
  });

  return router;
}
