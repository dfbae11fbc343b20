import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { baseSheet, lightSheet, pageScripts, pageSheets, type PageAssets, type PageNeeds } from '../../views/assets';
import { islandChunksFile } from '../../scripts/chunk-groups';
import { clientDistDir, rootDir } from '../paths';

export const runtimeEntry = 'client/runtime/main.ts';
export const islandSource = (name: string) => `client/islands/${name}.island.tsx`;
export const scriptSource = (name: string) => `client/scripts/${name}.ts`;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface AssetPipeline {
  assets: PageAssets;
  /** Serves the assets: Vite's middleware in development, the built folder in production. */
  middleware: RequestHandler;
  close(): Promise<void>;
}

/**
 * Production: file names come from Vite's manifest, read once at start. A page links the base sheet (and
 * the light one), its views' sheets, then the sheets of every chunk its islands and scripts load (an
 * imported chunk's before its importer's), all in `<head>`: nothing waits for a script to style the page.
 */
/**
 * Sheets at most this size (raw) are sent inside the page rather than linked (docs/front-end.md#chunks): on a slow
 * network each linked sheet is a request the first paint waits for, and past six at a time a round trip more.
 */
const inlineSheetBytes = 4096;

/** The built sheets small enough to inline, by URL. A sheet that could close its own `<style>` element is never inlined. */
function smallSheets(manifest: Manifest): Map<string, string> {
  const files = new Set(Object.values(manifest).flatMap((entry) => [...(entry.css ?? []), ...(entry.file.endsWith('.css') ? [entry.file] : [])]));
  const small = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(join(clientDistDir, file), 'utf8');
    if (Buffer.byteLength(text) <= inlineSheetBytes && !text.includes('</')) small.set(`/${file}`, text);
  }
  return small;
}

export async function builtAssets(): Promise<AssetPipeline> {
  const manifestPath = join(clientDistDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${manifestPath}. Run "npm run build" (npm start does it for you).`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  // Islands grouped into one file with others (scripts/chunk-groups.ts) are keyed by that file.
  const islandFiles = JSON.parse(readFileSync(join(clientDistDir, islandChunksFile), 'utf8')) as Record<string, string>;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, found]) => [found.file, key]));
  const chunk = (key: string): ManifestChunk => {
    const found = manifest[key] ?? manifest[keyOfFile.get(islandFiles[key] ?? '') ?? ''];
    if (!found) throw new Error(`The client build has no entry for ${key}; rebuild with "npm run build".`);
    return found;
  };
  // Every script and sheet a view may ask for must be in the build: a missing one stops the start, not a page.
  for (const name of pageScripts) chunk(scriptSource(name));
  for (const sheet of [baseSheet, lightSheet, ...pageSheets]) chunk(sheet);
  const url = (file: string) => `/${file}`;

  /** A chunk and everything it imports statically, each once, imports first; with the sheets Vite split out of them. */
  function walk(key: string, modules: Set<string>, sheets: Set<string>): void {
    const entry = chunk(key);
    if (modules.has(url(entry.file))) return;
    modules.add(url(entry.file));
    for (const imported of entry.imports ?? []) walk(imported, modules, sheets);
    for (const css of entry.css ?? []) sheets.add(url(css));
  }

  const runtime = url(chunk(runtimeEntry).file);
  const inlined = smallSheets(manifest);
  return {
    assets: {
      links({ islands, scripts, sheets, theme }: PageNeeds) {
        const styles = new Set([baseSheet, ...(theme === 'light' ? [lightSheet] : []), ...sheets].map((sheet) => url(chunk(sheet).file)));
        const entries = [...(islands.length > 0 ? [runtimeEntry, ...islands.map(islandSource)] : []), ...scripts.map(scriptSource)];
        const modules = new Set<string>();
        for (const key of entries) walk(key, modules, styles);
        const executed = [...(islands.length > 0 ? [runtime] : []), ...scripts.map((name) => url(chunk(scriptSource(name)).file))];
        // Islands' chunks are preloaded (the runtime imports them on demand); the scripts themselves load from their tags.
        return { styles: [...styles], inlined, preloads: [...modules].filter((file) => !executed.includes(file)), scripts: executed };
      },
    },
    // The build's brotli and gzip files (vite.config.ts) as the browser accepts, else the file itself; names carry their content's hash.
    middleware: expressStaticGzip(clientDistDir, { index: false, enableBrotli: true, orderPreference: ['br', 'gz'], serveStatic: { immutable: true, maxAge: '365d' } }),
    close: async () => undefined,
  };
}

/**
 * Development: Vite in middleware mode serves sources with hot reload; no build needed. The sheets a page
 * declares are linked from their sources, and so is each island's own sheet (`client/islands/<name>.css`),
 * so an island that hydrates late or never (a `media` one) is styled too; the sheets of the components an
 * island imports come with its module (Vite injects them, and keeps them current).
 */
export async function devAssets(): Promise<AssetPipeline> {
  const { createServer } = await import('vite');
  // Hot reload listens on its own port (24678 unless VITE_HMR_PORT says), so two development servers need two.
  const hmrPort = Number(process.env.VITE_HMR_PORT) || undefined;
  const vite = await createServer({ root: rootDir, server: { middlewareMode: true, hmr: hmrPort ? { port: hmrPort } : true }, appType: 'custom' });
  const islandSheets = new Set(readdirSync(join(rootDir, 'client/islands')).filter((file) => file.endsWith('.css')));
  return {
    assets: {
      links({ islands, scripts, sheets, theme }: PageNeeds) {
        const own = islands.map((name) => `${name}.css`).filter((file) => islandSheets.has(file));
        const styles = [baseSheet, ...(theme === 'light' ? [lightSheet] : []), ...sheets, ...own.map((file) => `client/islands/${file}`)].map((sheet) => `/${sheet}`);
        const executed = [...(islands.length > 0 ? [`/${runtimeEntry}`] : []), ...scripts.map((name) => `/${scriptSource(name)}`)];
        return { styles, preloads: [], scripts: executed.length > 0 ? ['/@vite/client', ...executed] : [] };
      },
    },
    middleware: vite.middlewares,
    close: () => vite.close(),
  };
}
