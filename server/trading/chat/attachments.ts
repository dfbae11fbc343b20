import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ChatAttachment } from '../../../shared/api/chat.schema';
import { chatTexts } from '../../../shared/api/chat.schema';
import { isStaffRole } from '../../../shared/api/user.schema';
import { addChatFile, findChatFile, type ChatFileRow } from '../db/chat.repo';
import type { AppDb } from '../db/database';
import { fail, refusal } from '../errors';
import { storedNamePattern, type FileStore } from '../files/file-store';
import { displayName, sniffAttachment } from '../files/sniff';
import type { ChatReader } from './conversations';
import { isLinkShaped, type FileLinks } from './file-links';
import { presentAttachment, uploadRefOf } from './present';

interface Deps {
  database: { db: AppDb };
  files: FileStore;
  links: FileLinks;
}

/**
 * Keeps an uploaded file for the uploader's next message: only images, PDF, Word and Excel, known by
 * their bytes, under a name of the server's (the customer's own name is kept for display only). A
 * customer's upload belongs to their conversation at once; a staff upload only once it is sent to one.
 */
export async function keepUpload(
  { database: { db }, files, links }: Deps,
  uploader: Pick<ChatReader, 'id' | 'role'>,
  upload: { originalName: string; bytes: Buffer },
): Promise<{ url: string; data: ChatAttachment }> {
  if (upload.bytes.length === 0) fail(refusal.invalid(chatTexts.fileMissing, 'file'));
  // A name with folders in it is someone probing, not a browser's pick: refused rather than quietly cut.
  if (/[\\/]|^\.\.?$/.test(upload.originalName)) fail(refusal.invalid(chatTexts.fileName, 'file'));
  const sniffed = await sniffAttachment(upload.bytes);
  if (!sniffed) return fail(refusal.invalid(chatTexts.fileType, 'file'));
  const id = randomUUID();
  await files.put(id, upload.bytes);
  const file = await addChatFile(db, {
    id,
    uploaderId: uploader.id,
    customerId: isStaffRole(uploader.role) ? null : uploader.id,
    fileName: displayName(upload.originalName, sniffed.extension),
    mime: sniffed.mime,
    size: upload.bytes.length,
  }).catch(async (error: unknown) => {
    await files.delete(id);
    throw error;
  });
  return { url: uploadRefOf(file.id), data: presentAttachment(file, links) };
}

type Opened = { file: ChatFileRow; body: Readable };

/** An attachment and its bytes, for staff, the conversation's customer or its uploader; not found for anyone else. */
export async function openAttachment({ database: { db }, files }: Pick<Deps, 'database' | 'files'>, reader: Pick<ChatReader, 'id' | 'role'>, id: string): Promise<Opened> {
  const file = storedNamePattern.test(id) ? await findChatFile(db, id) : undefined;
  const allowed = file && (isStaffRole(reader.role) || file.customerId === reader.id || file.uploaderId === reader.id);
  const body = allowed ? await files.open(file.id) : null;
  if (!file || !body) return fail(refusal.notFound(chatTexts.fileNotFound));
  return { file, body };
}

/**
 * An attachment and its bytes by its signed link (`download_url`), whoever asks: the link is the
 * permission. A link that is not this file's (tampered, made for another file or conversation) or has
 * expired is refused with 403 and says which; a file that is gone is not found.
 */
export async function openLinkedAttachment({ database: { db }, files, links }: Deps, id: string, link: { expires?: string | undefined; signature?: string | undefined }): Promise<Opened> {
  if (!storedNamePattern.test(id)) return fail(refusal.notFound(chatTexts.fileNotFound));
  // A link that cannot be one is refused before the database is asked.
  if (!isLinkShaped(link)) return fail(refusal.forbidden(chatTexts.linkInvalid));
  const file = await findChatFile(db, id);
  if (!file) return fail(refusal.notFound(chatTexts.fileNotFound));
  const check = links.check(file, link);
  if (check === 'invalid') return fail(refusal.forbidden(chatTexts.linkInvalid));
  if (check === 'expired') return fail(refusal.forbidden(chatTexts.linkExpired));
  const body = await files.open(file.id);
  if (!body) return fail(refusal.notFound(chatTexts.fileNotFound));
  return { file, body };
}
