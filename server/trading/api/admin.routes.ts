import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { positiveInt } from '../../../shared/api/common.schema';
import { settingsUpdateRequest } from '../../../shared/api/settings.schema';
import { notificationCreateRequest, userStatusUpdateRequest } from '../../../shared/api/user.schema';
import type { ApiDeps } from '../deps';
import { changeSettings, changeUserStatus, customerLoginLink, notifyCustomer } from '../users/staff-actions';
import { presentNotification } from '../db/notifications.repo';
import { outbox, users } from '../db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../db/audit.repo';
import { authenticate, authOf, requireRole, requireStanding } from './auth.middleware';
import { presentUser } from './user.presenter';
import { parseInput } from './validate';

const userIdParam = z.object({ id: positiveInt('Invalid user id.') });

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

  // The mail the platform sent to customers (server-spec §2: staff and tests read the outbox), newest first.
  // Mail to staff and admins is never shown (it may hold their reset links), and every read is audited.
  router.get('/admin/outbox', async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase().slice(0, 254) : undefined;
    const rows = await db
      .select({ mail: outbox })
      .from(outbox)
      .innerJoin(users, eq(users.email, outbox.to))
      .where(and(eq(users.role, 'customer'), to ? eq(outbox.to, to) : undefined))
      .orderBy(desc(outbox.id))
      .limit(50);
    const actor = actorOf(req, res);
    await recordAudit(db, { actorId: actor.id, action: 'outbox.read', subjectType: 'outbox', subjectId: 0, details: { to: to ?? null, mails: rows.map((r) => r.mail.id) }, ip: actor.ip });
    res.json({ data: rows.map(({ mail: r }) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null, error: r.error })) });
  });

  router.post('/admin/users/:id/login-link', async (req, res) => {
    const { id } = parseInput(userIdParam, req.params);
    const link = await customerLoginLink(db, actorOf(req, res), id, deps.siteOrigin());
    res.status(201).json({ data: { url: link.url, expires_at: link.expiresAt.toISOString() } });
  });

  return router;
}
