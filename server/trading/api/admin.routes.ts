import { pipeline } from 'node:stream/promises';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import type { FieldErrors } from '../../../shared/api/common.schema';
import { bankDetailsTexts, siteImageTexts, type SettingsUpdate } from '../../../shared/api/settings.schema';
import { checkBic, checkIban } from '../funding/crypto/validate';
import { recordAudit } from '../db/audit.repo';
import { keepSiteImage, openSiteImage, siteImageMaxBytes } from '../files/site-images';
import { validationFailed } from './errors';
import { uploadReceiver } from './multipart';
import type { ApiDeps } from '../deps';
import { presentNotification } from '../db/notifications.repo';
import { changeSettings, changeUserStatus, customerLoginLink, notifyCustomer, readOutbox } from '../users/staff-actions';
import { linkOrigin } from '../auth/link-origin';
import { authOf, staffActorOf } from './auth.middleware';
import { mailCustomer, noticeMail } from '../users/preferences';
import { endpointRouter } from './endpoint-router';
import { presentUser } from './user.presenter';
import { ipOf } from './request-client';

/**
 * The broker's bank details with the IBAN and BIC checked (their checksum and country, not only their shape)
 * and kept in their normal forms, so customers copy the account exactly; a bad one is a 422 at its field
 * (`bank_details.iban`, `bank_details.bic`).
 */
function withBankDetailsChecked(patch: SettingsUpdate): SettingsUpdate {
  if (!patch.bank_details) return patch;
  const iban = checkIban(patch.bank_details.iban);
  const bic = checkBic(patch.bank_details.bic);
  const errors: FieldErrors = {};
  if (!iban.ok) errors['bank_details.iban'] = [bankDetailsTexts.iban];
  if (!bic.ok) errors['bank_details.bic'] = [bankDetailsTexts.bic];
  if (!iban.ok || !bic.ok) throw validationFailed(errors);
  return { ...patch, bank_details: { ...patch.bank_details, iban: iban.iban, bic: bic.bic } };
}

/** The back office's API: staff and admins only, every change audited. */
export function adminRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { bus } = deps;

  on(api.changeSettings, async ({ body }, req, res) => ({ data: await changeSettings(db, staffActorOf(req, res), withBankDetailsChecked(body)) }));

  on(api.changeUserStatus, async ({ params: { id }, body }, req, res) => {
    const { user, notice, changed } = await changeUserStatus(db, staffActorOf(req, res), id, body);
    // The notice and the refresh reach the customer's open pages before their sockets close (access.changed),
    // so a page hears it and asks again: a revoked session then goes to sign-in, which shows the new standing.
    if (notice) bus.publish('notification.message', { userId: id, notification: presentNotification(notice) });
    if (changed) {
      bus.publish('user.updated', { userId: id });
      bus.publish('access.changed', { userId: id });
    }
    if (notice) {
      // A restriction (deactivated, back under review) always reaches the customer; approval and reactivation follow their e-mail choice (docs/customer-area.md#settings).
      if (user.status !== 'active') await deps.mailer.send({ to: user.email, ...noticeMail(user.firstName, notice) });
      else await mailCustomer({ db, mailer: deps.mailer }, id, 'account', notice);
    }
    return { data: await presentUser(db, user) };
  });

  on(api.notifyCustomer, async ({ params: { id }, body }, req, res) => {
    const notification = presentNotification(await notifyCustomer(db, staffActorOf(req, res), id, body));
    bus.publish('notification.message', { userId: id, notification });
    return { data: notification };
  });

  // The mail the platform sent to customers (staff and tests read the outbox), newest first. Mail to
  // staff and admins is never shown (it may hold their reset links), and every read is audited.
  on(api.outbox, async ({ query }, req, res) => {
    const rows = await readOutbox(db, staffActorOf(req, res), query.to?.trim().toLowerCase() || undefined);
    return { data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null, error: r.error })) };
  });

  // The site's images (docs/site-settings.md#images, docs/files.md): an admin uploads one; the answer is its address, which
  // the settings page then saves into logo, logo_sm or favicon. Served to everyone, cached for good: the only public files.
  const stored = { db, files: deps.files };
  const withImage = uploadReceiver({ gate: deps.uploadGate, maxBytes: siteImageMaxBytes, missing: siteImageTexts.missing });
  on(api.uploadSiteImage, async (_input, req, res) =>
    withImage(req, res, async ({ file }) => {
      const { name } = await keepSiteImage(stored, file);
      await recordAudit(db, { actorId: authOf(res).user.id, action: 'site_image.uploaded', subjectType: 'site_settings', subjectId: 1, details: { name, bytes: file.size }, ip: ipOf(req) });
      return { url: pathOf(api.siteImage, { name }) };
    }),
  );

  on(api.siteImage, async ({ params }, req, res) => {
    const { mime, size, body } = await openSiteImage(stored, params.name);
    res.set({
      'Content-Type': mime,
      ...(size === null ? {} : { 'Content-Length': String(size) }),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    await pipeline(body, res).catch((error: unknown) => req.log?.debug({ err: error }, 'image ended early'));
  });

  on(api.loginLink, async ({ params: { id } }, req, res) => {
    // Staff hand the link on (by mail or chat): it must reach the site from outside this machine.
    const link = await customerLoginLink(db, staffActorOf(req, res), id, linkOrigin(deps));
    return { data: { url: link.url, expires_at: link.expiresAt.toISOString() } };
  });

  return router;
}
