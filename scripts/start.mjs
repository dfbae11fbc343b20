// `npm start`: build when the sources changed since the last build, then run the built server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = ['client', 'server', 'shared', 'views', 'vite.config.ts', 'package-lock.json'];
const stampFile = join(root, 'dist', 'build-stamp');
const serverEntry = join(root, 'dist', 'server', 'main.js');

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) yield* files(join(path, name));
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const source of sources) {
    for (const file of files(join(root, source))) hash.update(file.slice(root.length)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

// A production image ships the build without the sources: then there is nothing to compare and the build is used as is.
const hasSources = existsSync(join(root, 'server', 'main.ts'));
if (hasSources) {
  const current = sourceHash();
  const built = existsSync(stampFile) && existsSync(serverEntry) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (built !== current) {
    console.log('Building (the sources changed since the last build)...');
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stampFile, `${current}\n`);
  }
}

await import(serverEntry);
