import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { settingsUpdateRequest } from '../../../shared/api/settings.schema';
import { notificationCreateRequest, userStatusUpdateRequest } from '../../../shared/api/user.schema';
import type { ApiDeps } from '../deps';
import { changeSettings, changeUserStatus, customerLoginLink, notifyCustomer } from '../users/staff-actions';
import { presentNotification } from '../db/notifications.repo';
import { authenticate, authOf, requireRole, requireStanding } from './auth.middleware';
import { presentUser } from './user.presenter';
import { parseInput } from './validate';

const userIdParam = z.object({ id: z.coerce.number().check(z.int('Invalid user id.'), z.positive('Invalid user id.')) });

function actorOf(req: Request, res: Response) {
  const { user } = authOf(res);
  return { id: user.id, role: user.role, ip: req.ip ?? null };
}

/** The back office's API: staff and admins only, every change audited. */
export function adminRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;
  router.use('/admin', authenticate(deps), requireStanding(deps), requireRole('staff', 'admin'));

  router.patch('/admin/settings', async (req, res) => {
    const patch = parseInput(settingsUpdateRequest, req.body);
    res.json({ data: await changeSettings(db, actorOf(req, res), patch) });
  });

  router.patch('/admin/users/:id', async (req, res) => {
    const { id } = parseInput(userIdParam, req.params);
    const { status } = parseInput(userStatusUpdateRequest, req.body);
    const { user, notice } = await changeUserStatus(db, actorOf(req, res), id, status);
    deps.bus.publish('access.changed', { userId: id });
    deps.bus.publish('user.updated', { userId: id });
    if (notice) deps.bus.publish('notification.message', { userId: id, notification: presentNotification(notice) });
    res.json({ data: await presentUser(db, user) });
  });

  router.post('/admin/users/:id/notifications', async (req, res) => {
    const { id } = parseInput(userIdParam, req.params);
    const notice = parseInput(notificationCreateRequest, req.body);
    const notification = presentNotification(await notifyCustomer(db, actorOf(req, res), id, notice));
    deps.bus.publish('notification.message', { userId: id, notification });
    res.status(201).json({ data: notification });
  });

  router.post('/admin/users/:id/login-link', async (req, res) => {
    const { id } = parseInput(userIdParam, req.params);
    const link = await customerLoginLink(db, actorOf(req, res), id, deps.siteOrigin());
    res.status(201).json({ data: { url: link.url, expires_at: link.expiresAt.toISOString() } });
  });

  return router;
}
