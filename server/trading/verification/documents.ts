import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  customerVerificationTexts,
  documentKindLabels,
  documentLabel,
  rejectionReasons,
  verificationTexts,
  type DocumentKind,
  type DocumentSide,
  type IdentityDocumentType,
  type RejectDocument,
} from '../../../shared/api/verification.schema';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Tx } from '../db/database';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { getSettings } from '../db/settings.repo';
import { lockUserRow, setUserStatus } from '../db/users.repo';
import { findByProviderRef, findDocument, findOwnDocument, insertDocument, lockDocument, pendingInSlot, updateDocument, verificationStatusOf, type DocumentRecord } from '../db/verification.repo';
import { fail, refusal } from '../errors';
import type { FileStore } from '../files/file-store';
import { displayName, sniffAttachment } from '../files/sniff';
import type { StaffActor } from '../users/staff-actor';
import { manualKyc, type KycProvider, type ProviderDecision } from './kyc-provider';

/**
 * Identity documents (docs/back-office.md#verification-documents, docs/customer-area.md#verification): the
 * customer sends a photo or a PDF (known by its bytes), the KYC provider (staff, by default) decides each once.
 */

const maxBytes = 10 * 1024 * 1024;
const documentTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

interface Deps {
  db: AppDb;
  files: FileStore;
  /** Who checks it; staff review (`manual`) unless a broker configured another. */
  kyc?: KycProvider;
}

export interface SubmittedDocument {
  userId: number;
  kind: DocumentKind;
  idType?: IdentityDocumentType | null | undefined;
  side?: DocumentSide | null | undefined;
  originalName: string;
  bytes: Buffer;
  ip: string | null;
}

/**
 * Keeps a document for review: only photos and PDFs, under a name of the server's. One document per slot
 * (kind, type, side) waits at a time, and an approved slot is not sent again; a rejected one is sent anew
 * (the refused one stays as history). Then the provider is handed it.
 */
export async function submitDocument({ db, files, kyc = manualKyc }: Deps, { userId, kind, idType = null, side = null, originalName, bytes, ip }: SubmittedDocument): Promise<DocumentRecord> {
  if (bytes.length === 0) fail(refusal.invalid(verificationTexts.fileMissing, 'file'));
  if (bytes.length > maxBytes) fail(refusal.invalid(verificationTexts.tooLarge, 'file'));
  const sniffed = await sniffAttachment(bytes);
  if (!sniffed || !documentTypes.has(sniffed.mime)) return fail(refusal.invalid(verificationTexts.fileType, 'file'));
  if (kind === 'selfie' && !sniffed.isImage) fail(refusal.invalid(customerVerificationTexts.selfiePhoto, 'file'));
  // A passport is one page: kept as its front.
  const slotSide = kind === 'identity' && idType === 'passport' ? 'front' : kind === 'identity' ? side : null;
  const slotType = kind === 'identity' ? idType : null;
  const fileId = randomUUID();
  await files.put(fileId, bytes);
  let row: DocumentRecord;
  try {
    row = await db.transaction(async (tx) => {
      // One upload per customer at a time decides the slot's state.
      await lockUserRow(tx, userId);
      if (await pendingInSlot(tx, userId, { kind, idType: slotType, side: slotSide })) fail(refusal.conflict(customerVerificationTexts.pendingAlready));
      if (await pendingInSlot(tx, userId, { kind, idType: slotType, side: slotSide }, 'approved')) fail(refusal.conflict(customerVerificationTexts.approvedAlready));
      const made = await insertDocument(tx, {
        userId,
        kind,
        idType: slotType,
        side: slotSide,
        provider: kyc.name,
        fileId,
        fileName: displayName(originalName.replace(/[\\/]/g, '_'), sniffed.extension),
        mime: sniffed.mime,
        size: bytes.length,
      });
      await recordAudit(tx, { actorId: userId, action: 'document.submitted', subjectType: 'user', subjectId: userId, details: { document_id: made.id, kind, id_type: slotType, side: slotSide }, ip });
      return made;
    });
  } catch (error) {
    await files.delete(fileId);
    throw error;
  }
  const { ref } = await kyc.submit({ documentId: row.id, userId, kind, idType: row.idType, side: row.side, mime: row.mime, bytes });
  if (ref) row = await db.transaction((tx) => updateDocument(tx, row.id, { providerRef: ref }));
  return row;
}

/** A document's bytes, for staff viewing it. */
export async function openDocument({ db, files }: Deps, id: number): Promise<{ row: DocumentRecord; body: Readable }> {
  const row = await findDocument(db, id);
  const body = row ? await files.open(row.fileId) : null;
  if (!row || !body) return fail(refusal.notFound(verificationTexts.notFound));
  return { row, body };
}

/** One of the customer's own documents' bytes; anyone else's is not found. */
export async function openOwnDocument({ db, files }: Deps, userId: number, id: number): Promise<{ row: DocumentRecord; body: Readable }> {
  const row = await findOwnDocument(db, userId, id);
  const body = row ? await files.open(row.fileId) : null;
  if (!row || !body) return fail(refusal.notFound(verificationTexts.notFound));
  return { row, body };
}

export type DocumentDecision = { action: 'approve' } | ({ action: 'reject' } & RejectDocument);

/** A decision and what it told the customer; `activated` when it completed their verification and lifted the gate. */
export interface Decided {
  row: DocumentRecord;
  notice: NotificationRow;
  activated: NotificationRow | null;
}

/** Staff approve a document or reject it with a reason from the list (and a note), once; the customer is told. */
export async function decideDocument(db: AppDb, actor: StaffActor, id: number, decision: DocumentDecision): Promise<Decided> {
  const reason = decision.action === 'reject' ? [rejectionReasons[decision.reason], decision.note?.trim()].filter(Boolean).join(' ') : null;
  return db.transaction((tx) => decideIn(tx, { actorId: actor.id, ip: actor.ip }, id, decision.action === 'approve' ? { status: 'approved' } : { status: 'rejected', reason: reason! }));
}

/**
 * A configured provider's decision coming back (its webhook or poll, by its reference): decided as staff
 * would, once, with no staff member named. Not found when the reference is not one of this provider's.
 */
export async function applyProviderDecision(db: AppDb, provider: KycProvider, ref: string, decision: ProviderDecision): Promise<Decided> {
  const row = await findByProviderRef(db, provider.name, ref);
  if (!row) return fail(refusal.notFound(verificationTexts.notFound));
  return db.transaction((tx) => decideIn(tx, { actorId: null, ip: null }, row.id, decision.outcome === 'approved' ? { status: 'approved' } : { status: 'rejected', reason: decision.reason }));
}

async function decideIn(tx: Tx, actor: { actorId: number | null; ip: string | null }, id: number, outcome: { status: 'approved' } | { status: 'rejected'; reason: string }): Promise<Decided> {
  const before = await lockDocument(tx, id);
  if (!before) fail(refusal.notFound(verificationTexts.notFound));
  if (before.status !== 'pending') fail(refusal.conflict(verificationTexts.decided));
  const label = documentLabel(before.kind, before.idType, before.side);
  const decided = { decidedBy: actor.actorId, decidedAt: new Date() };
  const approve = outcome.status === 'approved';
  const reason = approve ? null : outcome.reason;
  // Only the approval that completes the case opens the account: a customer staff put back under review
  // (already verified) stays pending whatever else they send.
  const completesCase = approve && (await verificationStatusOf(tx, before.userId)) !== 'approved';
  const row = await updateDocument(tx, id, approve ? { status: 'approved', ...decided } : { status: 'rejected', reason, ...decided });
  await recordAudit(tx, {
    actorId: actor.actorId,
    action: approve ? 'document.approved' : 'document.rejected',
    subjectType: 'user',
    subjectId: before.userId,
    details: { document_id: id, kind: before.kind, id_type: before.idType, side: before.side, from: before.status, to: row.status, reason, provider: before.provider },
    ip: actor.ip,
  });
  // "Your identity document (National ID · Front)", "Your proof of address".
  const named = `${documentKindLabels[before.kind].toLowerCase()}${before.kind === 'identity' && before.idType ? ` (${label})` : ''}`;
  const notice = await addNotification(tx, {
    userId: before.userId,
    title: approve ? `${label} approved` : `${label} not accepted`,
    message: approve ? `Your ${named} has been checked and approved.` : `Your ${named} could not be accepted: ${reason} Please send a new one.`,
    color: approve ? 'success' : 'danger',
  });
  const activated = completesCase ? await activateWhenVerified(tx, before.userId, actor) : null;
  return { row, notice, activated };
}

/**
 * The gate lifts (docs/customer-area.md#verification): a pending customer whose identity and proof of
 * address are both approved, on a site that requires verification, becomes active. Audited and told.
 */
async function activateWhenVerified(tx: Tx, userId: number, actor: { actorId: number | null; ip: string | null }): Promise<NotificationRow | null> {
  const user = await lockUserRow(tx, userId);
  if (!user || user.role !== 'customer' || user.status !== 'pending') return null;
  if (!(await getSettings(tx)).must_verify_account) return null;
  if ((await verificationStatusOf(tx, userId)) !== 'approved') return null;
  await setUserStatus(tx, userId, 'active');
  await recordAudit(tx, {
    actorId: actor.actorId,
    action: 'user.status_changed',
    subjectType: 'user',
    subjectId: userId,
    details: { from: 'pending', to: 'active', reason: 'Identity and proof of address approved.', automatic: true },
    ip: actor.ip,
  });
  return addNotification(tx, {
    userId,
    title: 'Account approved',
    message: 'Your identity and address are verified and your account is active. You can start trading now.',
    color: 'success',
  });
}
