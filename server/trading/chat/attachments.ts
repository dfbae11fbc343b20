import type { Readable } from 'node:stream';
import type { ChatAttachment } from '../../../shared/api/chat.schema';
import { chatTexts } from '../../../shared/api/chat.schema';
import { isStaffRole } from '../../../shared/api/user.schema';
import { addChatFile, findChatFile, type ChatFileRow } from '../db/chat.repo';
import type { AppDb } from '../db/database';
import { fail, refusal } from '../errors';
import { checkFile } from '../files/check-file';
import { sizeOf, type FileBytes } from '../files/file-bytes';
import { storedNamePattern, type FileStore } from '../files/file-store';
import { displayName } from '../files/sniff';
import { dropFiles, keepFile, openFile } from '../files/stored-files';
import type { ChatReader } from './conversations';
import { isLinkShaped, type FileLinks } from './file-links';
import { presentAttachment, uploadRefOf } from './present';

interface Deps {
  database: { db: AppDb };
  files: FileStore;
  links: FileLinks;
}

/** What may be sent in the chat (docs/chat.md#attachments): images, PDF, Word and Excel. */
const attachmentTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/msword',
  'application/vnd.ms-excel',
]);

/**
 * Keeps an uploaded file for the uploader's next message: only images, PDF, Word and Excel, known by
 * their bytes and checked (docs/files.md#what-is-taken: images re-encoded), kept as a chat attachment
 * under a name of the server's (the customer's own name is kept for display only). A customer's upload
 * belongs to their conversation at once; a staff upload only once it is sent to one.
 */
export async function keepUpload(
  { database: { db }, files, links }: Deps,
  uploader: Pick<ChatReader, 'id' | 'role'>,
  upload: { originalName: string; bytes: FileBytes },
): Promise<{ url: string; data: ChatAttachment }> {
  if (sizeOf(upload.bytes) === 0) fail(refusal.invalid(chatTexts.fileMissing, 'file'));
  // A name with folders in it is someone probing, not a browser's pick: refused rather than quietly cut.
  if (/[\\/]|^\.\.?$/.test(upload.originalName)) fail(refusal.invalid(chatTexts.fileName, 'file'));
  const checked = await checkFile(upload.bytes, { accepted: attachmentTypes, refusedType: chatTexts.fileType });
  const kept = await keepFile({ db, files }, { purpose: 'chat_attachment', ownerId: uploader.id, mime: checked.mime, bytes: checked.bytes });
  const file = await addChatFile(db, {
    id: kept.id,
    uploaderId: uploader.id,
    customerId: isStaffRole(uploader.role) ? null : uploader.id,
    fileName: displayName(upload.originalName, checked.extension),
    mime: checked.mime,
    size: checked.size,
  }).catch(async (error: unknown) => {
    await dropFiles({ db, files }, [kept.id]);
    throw error;
  });
  return { url: uploadRefOf(file.id), data: presentAttachment(file, links) };
}

type Opened = { file: ChatFileRow; body: Readable };

/** The bytes of a chat attachment (never another purpose's file under the same id). */
async function bytesOf({ database: { db }, files }: Pick<Deps, 'database' | 'files'>, file: ChatFileRow): Promise<Opened> {
  const opened = await openFile({ db, files }, file.id, 'chat_attachment');
  if (!opened) return fail(refusal.notFound(chatTexts.fileNotFound));
  return { file, body: opened.body };
}

/** An attachment and its bytes, for staff, the conversation's customer or its uploader; not found for anyone else. */
export async function openAttachment(deps: Pick<Deps, 'database' | 'files'>, reader: Pick<ChatReader, 'id' | 'role'>, id: string): Promise<Opened> {
  const file = storedNamePattern.test(id) ? await findChatFile(deps.database.db, id) : undefined;
  const allowed = file && (isStaffRole(reader.role) || file.customerId === reader.id || file.uploaderId === reader.id);
  if (!allowed) return fail(refusal.notFound(chatTexts.fileNotFound));
  return bytesOf(deps, file);
}

/**
 * An attachment and its bytes by its signed link (`download_url`), whoever asks: the link is the
 * permission. A link that is not this file's (tampered, made for another file or conversation) or has
 * expired is refused with 403 and says which; a file that is gone is not found.
 */
export async function openLinkedAttachment(deps: Deps, id: string, link: { expires?: string | undefined; signature?: string | undefined }): Promise<Opened> {
  if (!storedNamePattern.test(id)) return fail(refusal.notFound(chatTexts.fileNotFound));
  // A link that cannot be one is refused before the database is asked.
  if (!isLinkShaped(link)) return fail(refusal.forbidden(chatTexts.linkInvalid));
  const file = await findChatFile(deps.database.db, id);
  if (!file) return fail(refusal.notFound(chatTexts.fileNotFound));
  const check = deps.links.check(file, link);
  if (check === 'invalid') return fail(refusal.forbidden(chatTexts.linkInvalid));
  if (check === 'expired') return fail(refusal.forbidden(chatTexts.linkExpired));
  return bytesOf(deps, file);
}
