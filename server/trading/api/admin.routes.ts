import type { Request, Response } from 'express';
import { api } from '../../../shared/api/endpoints';
import type { ApiDeps } from '../deps';
import { presentNotification } from '../db/notifications.repo';
import { changeSettings, changeUserStatus, customerLoginLink, notifyCustomer, readOutbox } from '../users/staff-actions';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { presentUser } from './user.presenter';

function actorOf(req: Request, res: Response) {
  const { user } = authOf(res);
  return { id: user.id, role: user.role, ip: req.ip ?? null };
}

/** The back office's API: staff and admins only, every change audited. */
export function adminRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { bus } = deps;

  on(api.changeSettings, async ({ body }, req, res) => ({ data: await changeSettings(db, actorOf(req, res), body) }));

  on(api.changeUserStatus, async ({ params: { id }, body }, req, res) => {
    const { user, notice, changed } = await changeUserStatus(db, actorOf(req, res), id, body);
    // The notice and the refresh reach the customer's open pages before their sockets close (access.changed),
    // so a page hears it and asks again: a revoked session then goes to sign-in, which shows the new standing.
    if (notice) bus.publish('notification.message', { userId: id, notification: presentNotification(notice) });
    if (changed) {
      bus.publish('user.updated', { userId: id });
      bus.publish('access.changed', { userId: id });
    }
    if (notice) await deps.mailer.send({ to: user.email, subject: notice.title, text: `Hello ${user.firstName},\n\n${notice.message}\n` });
    return { data: await presentUser(db, user) };
  });

  on(api.notifyCustomer, async ({ params: { id }, body }, req, res) => {
    const notification = presentNotification(await notifyCustomer(db, actorOf(req, res), id, body));
    bus.publish('notification.message', { userId: id, notification });
    return { data: notification };
  });

  // The mail the platform sent to customers (staff and tests read the outbox), newest first. Mail to
  // staff and admins is never shown (it may hold their reset links), and every read is audited.
  on(api.outbox, async ({ query }, req, res) => {
    const rows = await readOutbox(db, actorOf(req, res), query.to?.trim().toLowerCase() || undefined);
    return { data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null, error: r.error })) };
  });

  on(api.loginLink, async ({ params: { id } }, req, res) => {
    const link = await customerLoginLink(db, actorOf(req, res), id, deps.siteOrigin());
    return { data: { url: link.url, expires_at: link.expiresAt.toISOString() } };
  });

  return router;
}
