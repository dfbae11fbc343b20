import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live, under names the server made (never the uploader's). A folder outside
 * the web root by default; object storage would implement the same two calls.
 */
export interface FileStore {
  put(name: string, data: Buffer): Promise<void>;
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
      await writeFile(path, data, { flag: 'wx', mode: 0o600 });
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
