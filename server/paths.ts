import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, found from this file whether it runs from source (server/) or the bundle (dist/server/). */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json)');
    dir = parent;
  }
}

export const rootDir = findRoot();
export const publicDir = resolve(rootDir, 'public');
export const clientDistDir = resolve(rootDir, 'dist/client');
export const migrationsDir = resolve(rootDir, 'server/trading/db/migrations');
