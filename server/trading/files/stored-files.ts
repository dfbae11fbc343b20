import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppDb } from '../db/database';
import type { FilePurpose } from '../db/schema';
import { deleteStoredFiles, findStoredFile, insertStoredFile, type StoredFileRow } from '../db/stored-files.repo';
import { sizeOf, streamOf, type FileBytes } from './file-bytes';
import { storedNamePattern, type FileStore } from './file-store';

export type { FilePurpose } from '../db/schema';
export type { StoredFileRow } from '../db/stored-files.repo';

/**
 * Every stored file has a purpose and an owner, recorded in the step that keeps its bytes, and is opened
 * only for that purpose (docs/files.md#purposes): a route asks for its own purpose, so a photo's or a
 * document's id is nothing to the site-image route, and each route applies its purpose's rule.
 */
export interface StoredFilesDeps {
  db: AppDb;
  /** The raw bytes' store: used here and nowhere else. */
  files: FileStore;
}

export interface KeptFileRequest {
  purpose: FilePurpose;
  /** The uploader of a chat attachment, the customer of a photo or document; null for the site's images. */
  ownerId: number | null;
  /** What the bytes are, as checked (re-encoded images: what they were re-encoded to). */
  mime: string;
  bytes: FileBytes;
}

/** Keeps the bytes under a new name and records what they are for; answers the record (its id is the name). */
export async function keepFile({ db, files }: StoredFilesDeps, { purpose, ownerId, mime, bytes }: KeptFileRequest): Promise<StoredFileRow> {
  const id = randomUUID();
  await files.put(id, Buffer.isBuffer(bytes) ? bytes : streamOf(bytes));
  try {
    return await insertStoredFile(db, { id, purpose, ownerId, mime, size: sizeOf(bytes) });
  } catch (error) {
    await files.delete(id);
    throw error;
  }
}

/** A file kept for `purpose` and its bytes, or null (no such file, another purpose's, or its bytes gone). */
export async function openFile({ db, files }: StoredFilesDeps, id: string, purpose: FilePurpose): Promise<{ file: StoredFileRow; body: Readable } | null> {
  if (!storedNamePattern.test(id)) return null;
  const file = await findStoredFile(db, id, purpose);
  const body = file ? await files.open(file.id) : null;
  return file && body ? { file, body } : null;
}

/** Removes files: their records, then their bytes. */
export async function dropFiles({ db, files }: StoredFilesDeps, ids: readonly string[]): Promise<void> {
  const named = ids.filter((id) => storedNamePattern.test(id));
  await deleteStoredFiles(db, named);
  for (const id of named) await files.delete(id);
}
