import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestHandler } from 'express';
import type { PageAssets } from '../../views/assets';
import { clientDistDir, rootDir } from '../paths';

export const runtimeEntry = 'client/runtime/main.ts';
export const stylesEntry = 'client/styles/app.css';
export const islandSource = (name: string) => `client/islands/${name}.island.tsx`;

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

/** Production: chunk names come from Vite's manifest, read once at start. */
export async function builtAssets(): Promise<AssetPipeline> {
  const manifestPath = join(clientDistDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${manifestPath}. Run "npm run build" (npm start does it for you).`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const chunk = (key: string): ManifestChunk => {
    const found = manifest[key];
    if (!found) throw new Error(`The client build has no entry for ${key}; rebuild with "npm run build".`);
    return found;
  };
  const url = (file: string) => `/${file}`;

  /** A chunk and everything it imports statically, each once. */
  function withImports(key: string, into: Set<string>): void {
    const entry = chunk(key);
    if (into.has(url(entry.file))) return;
    into.add(url(entry.file));
    for (const imported of entry.imports ?? []) withImports(imported, into);
  }

  const runtime = chunk(runtimeEntry);
  const runtimeChunks = new Set<string>();
  withImports(runtimeEntry, runtimeChunks);
  const express = (await import('express')).default;
  return {
    assets: {
      styles: [url(chunk(stylesEntry).file)],
      preludeScripts: [],
      runtime: url(runtime.file),
      preloads(islands) {
        const set = new Set(runtimeChunks);
        for (const name of islands) withImports(islandSource(name), set);
        set.delete(url(runtime.file));
        return [...set];
      },
    },
    middleware: express.static(clientDistDir, { index: false, immutable: true, maxAge: '365d' }),
    close: async () => undefined,
  };
}

/** Development: Vite in middleware mode serves sources with hot reload; no build needed. */
export async function devAssets(): Promise<AssetPipeline> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: 'custom' });
  return {
    assets: {
      styles: [`/${stylesEntry}`],
      preludeScripts: ['/@vite/client'],
      runtime: `/${runtimeEntry}`,
      preloads: () => [],
    },
    middleware: vite.middlewares,
    close: () => vite.close(),
  };
}
