import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { chatTexts } from '../../../shared/api/chat.schema';
import { pathOf } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import {
  customerVerificationTexts as texts,
  documentLabel,
  documentUploadRequest,
  legacyKycUpload,
  legacyVerificationTypes,
  type DocumentKind,
  type MyDocument,
  type VerificationCase,
} from '../../../shared/api/verification.schema';
import type { ApiDeps } from '../deps';
import { presentNotification } from '../db/notifications.repo';
import type { UserRow } from '../db/users.repo';
import { documentsOfUser, verificationSummaryOf, type DocumentRecord } from '../db/verification.repo';
import { withdrawalsOpenTo } from '../funding/withdrawals';
import { mailCustomerLater } from '../users/preferences';
import { updateProfile } from '../users/profile';
import { openOwnDocument, submitDocument, type SubmittedDocument } from '../verification/documents';
import type { Decided } from '../verification/decisions';
import { manualKyc, type KycProvider } from '../verification/kyc-provider';
import { authOf } from './auth.middleware';
import { contentDisposition } from './content-disposition';
import { endpointRouter } from './endpoint-router';
import { forbidden, validationFailed } from './errors';
import { withoutBidiControls } from '../files/sniff';
import { uploadReceiver, type Upload } from './multipart';
import { parseInput } from './validate';
import { ipOf } from './request-client';

/** Documents are photos or PDFs of at most 10 MB (submitDocument says so again by their bytes). */
const maxBytes = 10 * 1024 * 1024;

/**
 * A decision the customer hears about (docs/customer-area.md#verification): the notice on their bell and
 * their pages told to re-read the user; when it completed their verification, the approval too, and their
 * cached standing dropped at once (`access.changed`), so the gate lifts on their next page. Both are mailed on the
 * account topic, as Settings promises (docs/customer-area.md#settings).
 */
export function announceDecision(deps: Pick<ApiDeps, 'bus' | 'database' | 'mailer' | 'logger'>, { row, notice, activated }: Decided): void {
  const { bus } = deps;
  const userId = row.userId;
  bus.publish('notification.message', { userId, notification: presentNotification(notice) });
  if (activated) bus.publish('notification.message', { userId, notification: presentNotification(activated) });
  bus.publish('user.updated', { userId });
  if (activated) bus.publish('access.changed', { userId });
  mailCustomerLater(deps, userId, 'account', notice);
  mailCustomerLater(deps, userId, 'account', activated ?? undefined);
}

function presentMine(row: DocumentRecord & { current: boolean }): MyDocument {
  return {
    id: row.id,
    kind: row.kind,
    id_type: row.idType,
    side: row.side,
    label: documentLabel(row.kind, row.idType, row.side),
    // Rows kept before names were cleaned on upload may still carry text-direction controls.
    file_name: withoutBidiControls(row.fileName),
    mime: row.mime,
    size: row.size,
    file_url: pathOf(api.myDocumentFile, { id: row.id }),
    status: row.status,
    reason: row.reason,
    current: row.current,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const legacyKind: Record<(typeof legacyVerificationTypes)[number], DocumentKind> = { id: 'identity', proof_of_address: 'proof_of_address', selfie: 'selfie' };

/**
 * The customer's verification case (docs/customer-area.md#verification): their documents with statuses and
 * staff's reasons, uploads (by default reviewed by staff: `manual`), their own files, and the original
 * client's `POST /update/kyc` and `GET /user/verification`. Signed-in access, so a customer awaiting approval
 * can verify; a deactivated one may read but not send.
 */
export function kycRoutes(deps: ApiDeps, kyc: KycProvider = manualKyc) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  // Places at the one upload gate, bodies streamed to disk at a minimum rate (docs/files.md#upload-limits).
  const withDocument = uploadReceiver({ gate: deps.uploadGate, maxBytes, missing: chatTexts.fileMissing });
  const withLegacyDocument = uploadReceiver({ gate: deps.uploadGate, maxBytes, missing: chatTexts.fileMissing, fields: ['id_front', 'id_back', 'document'] });

  async function caseOf(user: UserRow): Promise<VerificationCase> {
    const [summary, documents, mayWithdraw] = await Promise.all([verificationSummaryOf(db, user.id), documentsOfUser(db, user.id), withdrawalsOpenTo(db, user)]);
    return { status: summary.status, kinds: summary.kinds, may_withdraw: mayWithdraw, provider: kyc.name, documents: documents.map(presentMine) };
  }

  /** Only a customer in good standing or awaiting approval sends documents, within the upload gate's places. */
  async function receiving<T>(req: Request, res: Response, withUpload: typeof withDocument, work: (user: UserRow, upload: Upload) => Promise<T>): Promise<T> {
    const { user } = authOf(res);
    if (user.role !== 'customer') throw forbidden(texts.customersOnly);
    if (user.status === 'deactivated') throw forbidden(texts.accountDisabled);
    return withUpload(req, res, (upload) => work(user, upload));
  }

  const keep = (document: SubmittedDocument) => submitDocument({ db, files: deps.files, kyc }, document);

  on(api.verificationCase, async (_input, _req, res) => ({ data: await caseOf(authOf(res).user) }));

  // The profile's own rules (and its lock once an identity is approved) apply: it is the same change.
  on(api.verificationDetails, async ({ body }, req, res) => {
    const { profile, message } = await updateProfile(deps, { userId: authOf(res).user.id, body, ip: ipOf(req) });
    return { message, data: profile };
  });

  on(api.uploadDocument, async (_input, req, res) =>
    receiving(req, res, withDocument, async (user, { file, originalName }) => {
      const fields = parseInput(documentUploadRequest, req.body);
      const row = await keep({
        userId: user.id,
        kind: fields.kind,
        idType: fields.id_type ?? null,
        side: fields.side ?? null,
        originalName,
        bytes: file,
        ip: ipOf(req),
      });
      const mine = (await documentsOfUser(db, user.id)).find((each) => each.id === row.id)!;
      return { data: presentMine(mine), case: await caseOf(user), message: `${documentLabel(row.kind, row.idType, row.side)} received: it will be reviewed shortly.` };
    }),
  );

  // The customer's own view of their identity documents; staff's is in funding.routes.ts (both through verification/documents.ts).
  on(api.myDocumentFile, async ({ params: { id } }, req, res) => {
    const { row, body } = await openOwnDocument({ db, files: deps.files }, authOf(res).user.id, id);
    res.set({
      'Content-Type': row.mime,
      'Content-Length': String(row.size),
      'Content-Disposition': contentDisposition('inline', row.fileName),
      'X-Content-Type-Options': 'nosniff',
      ...(row.mime.startsWith('image/') ? { 'Content-Security-Policy': "default-src 'none'; sandbox" } : {}),
      'Cache-Control': 'private, no-store',
    });
    await pipeline(body, res).catch((error: unknown) => req.log?.debug({ err: error }, 'document view ended early'));
  });

  on(api.legacyKycUpload, async (_input, req, res) =>
    receiving(req, res, withLegacyDocument, async (user, { file, originalName, field }) => {
      const fields = parseInput(legacyKycUpload, req.body);
      const kind = legacyKind[fields.type];
      if (kind === 'identity' && field === 'document') throw validationFailed({ id_front: ['Send an ID as id_front or id_back.'] });
      if (kind !== 'identity' && field !== 'document') throw validationFailed({ document: ['Send this document as document.'] });
      const side = field === 'id_back' ? 'back' : field === 'id_front' ? 'front' : null;
      if (fields.id_type === 'passport' && side === 'back') throw validationFailed({ id_back: [texts.passportOneSide] });
      await keep({ userId: user.id, kind, idType: kind === 'identity' ? (fields.id_type ?? null) : null, side, originalName, bytes: file, ip: ipOf(req) });
      return { message: 'Document uploaded successfully: it will be reviewed shortly.' };
    }),
  );

  on(api.legacyVerification, async (_input, _req, res) => {
    const { user } = authOf(res);
    const [summary, documents] = await Promise.all([verificationSummaryOf(db, user.id), documentsOfUser(db, user.id)]);
    return {
      data: legacyVerificationTypes.map((type) => {
        const kind = legacyKind[type];
        const current = documents.filter((each) => each.kind === kind && each.current);
        const refused = summary.kinds[kind] === 'rejected' ? current.find((each) => each.status === 'rejected') : undefined;
        return { type, document: current.map((each) => pathOf(api.myDocumentFile, { id: each.id })), status: summary.kinds[kind], reason: refused?.reason ?? null };
      }),
    };
  });

  return router;
}
