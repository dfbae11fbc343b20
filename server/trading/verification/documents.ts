import type { Readable } from 'node:stream';
import { customerVerificationTexts, verificationTexts, type DocumentKind, type DocumentSide, type IdentityDocumentType } from '../../../shared/api/verification.schema';
import { recordAudit } from '../db/audit.repo';
import type { AppDb } from '../db/database';
import { lockUserRow } from '../db/users.repo';
import { findDocument, findOwnDocument, insertDocument, pendingInSlot, updateDocument, type DocumentRecord } from '../db/verification.repo';
import { fail, refusal } from '../errors';
import { checkFile } from '../files/check-file';
import { bytesOf, sizeOf, type FileBytes } from '../files/file-bytes';
import type { FileStore } from '../files/file-store';
import { displayName } from '../files/sniff';
import { dropFiles, keepFile, openFile } from '../files/stored-files';
import { manualKyc, type KycProvider } from './kyc-provider';

/**
 * Identity documents (docs/back-office.md#verification-documents, docs/customer-area.md#verification): the
 * customer sends a photo or a PDF (known by its bytes), the KYC provider (staff, by default) decides each once (decisions.ts).
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
  /** The upload as received (on disk), or bytes in memory. */
  bytes: FileBytes;
  ip: string | null;
}

/**
 * Keeps a document for review: only photos and PDFs, checked (docs/files.md#what-is-taken: a photo is
 * re-encoded without its metadata, a PDF must have a PDF's frame), as an identity document of its
 * customer under a name of the server's. One document per slot (kind, type, side) waits at a time, and an
 * approved slot is not sent again; a rejected one is sent anew (the refused one stays as history). Then
 * the provider is handed it.
 */
export async function submitDocument({ db, files, kyc = manualKyc }: Deps, { userId, kind, idType = null, side = null, originalName, bytes, ip }: SubmittedDocument): Promise<DocumentRecord> {
  if (sizeOf(bytes) === 0) fail(refusal.invalid(verificationTexts.fileMissing, 'file'));
  if (sizeOf(bytes) > maxBytes) fail(refusal.invalid(verificationTexts.tooLarge, 'file'));
  const checked = await checkFile(bytes, { accepted: documentTypes, refusedType: verificationTexts.fileType });
  if (kind === 'selfie' && !checked.isImage) fail(refusal.invalid(customerVerificationTexts.selfiePhoto, 'file'));
  // A passport is one page: kept as its front.
  const slotSide = kind === 'identity' && idType === 'passport' ? 'front' : kind === 'identity' ? side : null;
  const slotType = kind === 'identity' ? idType : null;
  const stored = { db, files };
  const { id: fileId } = await keepFile(stored, { purpose: 'identity_document', ownerId: userId, mime: checked.mime, bytes: checked.bytes });
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
        fileName: displayName(originalName.replace(/[\\/]/g, '_'), checked.extension),
        mime: checked.mime,
        size: checked.size,
      });
      await recordAudit(tx, { actorId: userId, action: 'document.submitted', subjectType: 'user', subjectId: userId, details: { document_id: made.id, kind, id_type: slotType, side: slotSide }, ip });
      return made;
    });
  } catch (error) {
    await dropFiles(stored, [fileId]);
    throw error;
  }
  const { ref } = await kyc.submit({ documentId: row.id, userId, kind, idType: row.idType, side: row.side, mime: row.mime, bytes: await bytesOf(checked.bytes) });
  if (ref) row = await db.transaction((tx) => updateDocument(tx, row.id, { providerRef: ref }));
  return row;
}

/** A document's stored file, only when it is an identity document of the document's own customer. */
async function documentBytes(deps: Deps, row: DocumentRecord | undefined): Promise<{ row: DocumentRecord; body: Readable }> {
  const opened = row ? await openFile(deps, row.fileId, 'identity_document') : null;
  if (!row || !opened) return fail(refusal.notFound(verificationTexts.notFound));
  if (opened.file.ownerId !== row.userId) {
    opened.body.destroy();
    return fail(refusal.notFound(verificationTexts.notFound));
  }
  return { row, body: opened.body };
}

/** A document's bytes, for staff viewing it. */
export async function openDocument(deps: Deps, id: number): Promise<{ row: DocumentRecord; body: Readable }> {
  return documentBytes(deps, await findDocument(deps.db, id));
}

/** One of the customer's own documents' bytes; anyone else's is not found. */
export async function openOwnDocument(deps: Deps, userId: number, id: number): Promise<{ row: DocumentRecord; body: Readable }> {
  return documentBytes(deps, await findOwnDocument(deps.db, userId, id));
}
