/**
 * The trade room's islands as one client-rendered SPA, built here by Vite: the peer the terminal and paint benchmarks
 * measure /mt4 against (what a page without server rendering must fetch and run before its first paint).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { root } from './support';

/** /mt4's islands. */
export const tradeRoomIslands = ['trade-header', 'trade-rail', 'price-chart', 'market-watch', 'positions', 'account-bar', 'trade-splash', 'mobile-menu', 'toaster', 'presence', 'notifications'];

export interface SpaBuild {
  /** The build's output folder (its files at their built paths, `assets/…`). */
  outDir: string;
  /** The entry's script and the scripts and sheets it imports statically: what runs before the first paint. */
  scripts: string[];
  styles: string[];
  /** A page that loads them, rendering into `#app`. */
  html: string;
  remove(): void;
}

export async function buildSpa(islands: readonly string[] = tradeRoomIslands): Promise<SpaBuild> {
  // Inside the project so the build resolves react from our node_modules (dist/ is ignored by git).
  const dir = mkdtempSync(join(root, 'dist', 'bench-spa-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const imports = islands.map((name, i) => `import island${i} from '${join(root, 'client/islands', `${name}.island.tsx`)}';`).join('\n');
    writeFileSync(
      join(dir, 'entry.js'),
      `${imports}\nimport { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n` +
        `const all = [${islands.map((_, i) => `island${i}`).join(', ')}];\n` +
        `createRoot(document.getElementById('app')).render(createElement('div', null, ...all.map((d, i) => createElement(d.component, { key: i, planId: null, planTitle: null, siteName: '', notifications: [] }))));\n`,
    );
    const outDir = join(dir, 'out');
    await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir, manifest: true, rolldownOptions: { input: join(dir, 'entry.js') } } });
    // The entry and its static imports run before the first paint; dynamic imports (chart, sockets) are lazy there too.
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit(entryKey);
    const entry = manifest[entryKey]!.file;
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SPA</title>' +
      [...styles].map((f) => `<link rel="stylesheet" href="/${f}">`).join('') +
      [...scripts]
        .filter((f) => f !== entry)
        .map((f) => `<link rel="modulepreload" href="/${f}">`)
        .join('') +
      `<script type="module" src="/${entry}"></script></head><body><div id="app"></div></body></html>`;
    return { outDir, scripts: [...scripts], styles: [...styles], html, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
