import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where stored files' bytes live, under names the server made (never the uploader's). A folder outside
 * the web root by default; object storage would implement the same three calls. Only the files module
 * (`stored-files.ts`) uses it: everything else keeps and opens files by purpose (docs/files.md).
 */
export interface FileStore {
  /** Keeps the bytes (in memory, or streamed from a received upload) under a new name. */
  put(name: string, data: Buffer | Readable): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  open(name: string): Promise<Readable | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(name: string): Promise<void>;
}

/** Stored names are UUIDs the server made. */
export const storedNamePattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function folderStore(dir: string): FileStore {
  const pathOf = (name: string) => {
    if (!storedNamePattern.test(name)) throw new Error(`not a stored file name: ${name}`);
    return join(dir, name.slice(0, 2), name);
  };
  return {
    async put(name, data) {
      const path = pathOf(name);
      await mkdir(join(dir, name.slice(0, 2)), { recursive: true });
      if (Buffer.isBuffer(data)) return writeFile(path, data, { flag: 'wx', mode: 0o600 });
      try {
        await pipeline(data, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        // Never leave half a file under a name something may point at.
        await rm(path, { force: true });
        throw error;
      }
    },
    async open(name) {
      const path = pathOf(name);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}
