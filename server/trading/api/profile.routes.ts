import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import { passwordTexts, photoMaxBytes, profileTexts } from '../../../shared/api/profile.schema';
import { memoryRateLimitStores } from '../../redis';
import { accessRefusal } from '../auth/access-rules';
import type { ApiDeps } from '../deps';
import { openPhoto } from '../users/avatar';
import { cancelEmailChange, changePassword, changePhoto, confirmEmailChange, profileOf, removePhoto, updateProfile } from '../users/profile';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { notFound } from './errors';
import { uploadReceiver } from './multipart';
import { ipOf } from './request-client';

/** Password changes a person may try in 15 minutes (a wrong current password, or a refused new one): guessing is slowed, the owner barely notices. */
const passwordTries = 10;
/** Confirmation links one client may try in an hour (a link is a 256-bit secret; this only spares the database). */
const confirmTries = 30;

/** Personal information, photo, password and e-mail change (docs/customer-area.md#personal-information). */
export function profileRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const stores = deps.rateLimitStores ?? memoryRateLimitStores;

  on(api.profile, async (_input, _req, res) => ({ data: await profileOf(db, authOf(res).user.id) }));

  // Counted per person (the guard has already named them), failures only: password changes, and profile changes (an e-mail change asks for the password).
  const passwordLimit = rateLimit({
    windowMs: 15 * 60_000,
    limit: passwordTries,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: stores('password-change'),
    skipSuccessfulRequests: true,
    keyGenerator: (_req, res) => `user:${authOf(res).user.id}`,
    handler: (_req, res) => {
      res.status(429).json({ message: passwordTexts.tooMany });
    },
  });
  on(api.updateProfile, passwordLimit, async ({ body }, req, res) => {
    const { profile, message } = await updateProfile(deps, { userId: authOf(res).user.id, body, ip: ipOf(req) });
    return { message, data: profile };
  });

  // Photos stream to disk at the one upload gate (docs/files.md#upload-limits), then are decoded from there.
  const withPhoto = uploadReceiver({ gate: deps.uploadGate, maxBytes: photoMaxBytes, missing: profileTexts.photoMissing, tooLarge: profileTexts.photoTooLarge });
  on(api.uploadPhoto, async (_input, req, res) =>
    withPhoto(req, res, async ({ file }) => {
      const profile = await changePhoto(deps, { userId: authOf(res).user.id, bytes: file, ip: ipOf(req) });
      return { message: profileTexts.photoUpdated, data: profile };
    }),
  );

  on(api.removePhoto, async (_input, req, res) => ({ message: profileTexts.photoRemoved, data: await removePhoto(deps, { userId: authOf(res).user.id, ip: ipOf(req) }) }));

  // A photo is shown to its owner and to staff (docs/files.md#who-reads-what); to anyone else it does not exist.
  on(api.photo, async ({ params }, req, res: Response) => {
    const { user } = authOf(res);
    const opened = await openPhoto({ db, files: deps.files }, pathOf(api.photo, { name: params.name }));
    // Staff read others' photos under the back office's own access rule (role, standing, two-factor enrolment).
    const mayRead = opened && (opened.file.ownerId === user.id || (await accessRefusal(deps, user, 'staff')) === null);
    if (!opened || !mayRead) {
      opened?.body.destroy();
      throw notFound(profileTexts.photoNotFound);
    }
    // Each upload gets a new address, so what is behind one never changes; kept by the browser only, never by a shared cache.
    res.set({
      'Content-Type': opened.file.mime,
      ...(opened.file.size === null ? {} : { 'Content-Length': String(opened.file.size) }),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
    await pipeline(opened.body, res).catch((error: unknown) => req.log?.debug({ err: error }, 'photo ended early'));
  });

  on(api.cancelEmailChange, async (_input, _req, res) => ({ message: profileTexts.emailChangeCancelled, data: await cancelEmailChange(deps, authOf(res).user.id) }));

  const confirmLimit = rateLimit({
    windowMs: 60 * 60_000,
    limit: confirmTries,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: stores('email-confirm'),
    skipSuccessfulRequests: true,
    handler: (_req, res) => {
      res.status(429).json({ message: passwordTexts.tooMany });
    },
  });
  on(api.confirmEmailChange, confirmLimit, async ({ body }, req) => ({ message: await confirmEmailChange(deps, { token: body.token, ip: ipOf(req) }) }));

  on(api.changePassword, passwordLimit, async ({ body }, req, res) => {
    const { user, tokenId } = authOf(res);
    await changePassword(deps, { userId: user.id, tokenId, body, ip: ipOf(req) });
    return { message: passwordTexts.changed };
  });

  return router;
}
