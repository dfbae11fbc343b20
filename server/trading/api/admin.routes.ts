import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { settingsUpdateRequest } from '../../../shared/api/settings.schema';
import { notificationCreateRequest, userStatusUpdateRequest } from '../../../shared/api/user.schema';
import type { ApiDeps } from '../deps';
import { changeSettings, changeUserStatus, customerLoginLink, notifyCustomer } from '../users/staff-actions';
import { presentNotification } from '../db/notifications.repo';
import { outbox } from '../db/schema';
import { desc, eq } from 'drizzle-orm';
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

  // The mail the platform sent (server-spec §2: staff and tests read the outbox), newest first.
  router.get('/admin/outbox', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase().slice(0, 254) : undefined;
    const rows = await db.select().from(outbox).where(to ? eq(outbox.to, to) : undefined).orderBy(desc(outbox.id)).limit(50);
    res.json({ data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null, error: r.error })) });
  });

  router.post('/admin/users/:id/login-link', async (req, res) => {
    const { id } = parseInput(userIdParam, req.params);
    const link = await customerLoginLink(db, actorOf(req, res), id, deps.siteOrigin());
    res.status(201).json({ data: { url: link.url, expires_at: link.expiresAt.toISOString() } });
  });

  return router;
}
