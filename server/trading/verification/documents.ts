import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { documentKindLabels, rejectionReasons, verificationTexts, type DocumentKind, type RejectDocument } from '../../../shared/api/verification.schema';
import { recordAudit } from '../db/audit.repo';
import type { AppDb } from '../db/database';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { findDocument, insertDocument, lockDocument, updateDocument, type DocumentRecord } from '../db/verification.repo';
import { fail, refusal } from '../errors';
import type { FileStore } from '../files/file-store';
import { displayName, sniffAttachment } from '../files/sniff';
import type { StaffActor } from '../users/staff-actor';

/**
 * Identity documents (docs/back-office.md#verification-documents): the customer's side sends a photo or a
 * PDF (known by its bytes), staff review each once.
 */

const maxBytes = 10 * 1024 * 1024;
const documentTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

interface Deps {
  db: AppDb;
  files: FileStore;
}

/** Keeps a document for review: only photos and PDFs, under a name of the server's. */
export async function submitDocument(
  { db, files }: Deps,
  { userId, kind, originalName, bytes, ip }: { userId: number; kind: DocumentKind; originalName: string; bytes: Buffer; ip: string | null },
): Promise<DocumentRecord> {
  if (bytes.length === 0) fail(refusal.invalid(verificationTexts.fileMissing, 'file'));
  if (bytes.length > maxBytes) fail(refusal.invalid(verificationTexts.tooLarge, 'file'));
  const sniffed = await sniffAttachment(bytes);
  if (!sniffed || !documentTypes.has(sniffed.mime)) return fail(refusal.invalid(verificationTexts.fileType, 'file'));
  const fileId = randomUUID();
  await files.put(fileId, bytes);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertDocument(tx, { userId, kind, fileId, fileName: displayName(originalName.replace(/[\\/]/g, '_'), sniffed.extension), mime: sniffed.mime, size: bytes.length });
      await recordAudit(tx, { actorId: userId, action: 'document.submitted', subjectType: 'user', subjectId: userId, details: { document_id: row.id, kind }, ip });
      return row;
    });
  } catch (error) {
    await files.delete(fileId);
    throw error;
  }
}

/** A document's bytes, for staff viewing it. */
export async function openDocument({ db, files }: Deps, id: number): Promise<{ row: DocumentRecord; body: Readable }> {
  const row = await findDocument(db, id);
  const body = row ? await files.open(row.fileId) : null;
  if (!row || !body) return fail(refusal.notFound(verificationTexts.notFound));
  return { row, body };
}

export type DocumentDecision = { action: 'approve' } | ({ action: 'reject' } & RejectDocument);

/** Staff approve a document or reject it with a reason from the list (and a note), once; the customer is told. */
export async function decideDocument(db: AppDb, actor: StaffActor, id: number, decision: DocumentDecision): Promise<{ row: DocumentRecord; notice: NotificationRow }> {
  return db.transaction(async (tx) => {
    const before = await lockDocument(tx, id);
    if (!before) fail(refusal.notFound(verificationTexts.notFound));
    if (before.status !== 'pending') fail(refusal.conflict(verificationTexts.decided));
    const label = documentKindLabels[before.kind];
    const decided = { decidedBy: actor.id, decidedAt: new Date() };
    const reason = decision.action === 'reject' ? [rejectionReasons[decision.reason], decision.note?.trim()].filter(Boolean).join(' ') : null;
    const row = await updateDocument(tx, id, decision.action === 'approve' ? { status: 'approved', ...decided } : { status: 'rejected', reason, ...decided });
    await recordAudit(tx, {
      actorId: actor.id,
      action: decision.action === 'approve' ? 'document.approved' : 'document.rejected',
      subjectType: 'user',
      subjectId: before.userId,
      details: { document_id: id, kind: before.kind, from: before.status, to: row.status, reason },
      ip: actor.ip,
    });
    const notice = await addNotification(tx, {
      userId: before.userId,
      title: decision.action === 'approve' ? `${label} approved` : `${label} not accepted`,
      message: decision.action === 'approve' ? `Your ${label.toLowerCase()} has been checked and approved.` : `Your ${label.toLowerCase()} could not be accepted: ${reason} Please send a new one.`,
      color: decision.action === 'approve' ? 'success' : 'danger',
    });
    return { row, notice };
  });
}
