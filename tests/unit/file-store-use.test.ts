import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Files are kept and opened by purpose (docs/files.md#purposes): only the files module touches the raw
 * store's bytes, so no route can open a file without saying which purpose it serves.
 */
const root = join(__dirname, '..', '..');
const filesModule = 'server/trading/files/';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the raw file store', () => {
  it('when the server’s code is read, then only the files module calls the store’s open, put or delete', () => {
    const callers = sources(join(root, 'server'))
      .map((path) => relative(root, path).replaceAll('\\', '/'))
      .filter((path) => !path.startsWith(filesModule))
      .flatMap((path) =>
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\b(files|fileStore|store)\??\.(open|put|delete)\(/.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(callers).toEqual([]);
  });
});
