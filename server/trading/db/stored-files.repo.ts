import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from './database';
import { storedFiles, type FilePurpose } from './schema';

export type StoredFileRow = typeof storedFiles.$inferSelect;

/** Records a file just kept in the file store: what it is for and whose it is (docs/files.md#purposes). */
export async function insertStoredFile(db: Executor, row: typeof storedFiles.$inferInsert): Promise<StoredFileRow> {
  const [made] = await db.insert(storedFiles).values(row).returning();
  return made!;
}

/** A stored file's record, only when it was kept for `purpose`. */
export async function findStoredFile(db: Executor, id: string, purpose: FilePurpose): Promise<StoredFileRow | undefined> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.purpose, purpose)));
  return row;
}

/** Forgets files whose bytes are being removed. */
export async function deleteStoredFiles(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.id, [...ids]));
}
