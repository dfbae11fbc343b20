import { readdirSync } from 'node:fs';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { islandChunkGroups, islandChunksManifest } from './scripts/chunk-groups.ts';

const filesIn = (dir: string, pattern: RegExp, recursive = false) =>
  readdirSync(dir, { recursive })
    .map(String)
    .filter((file) => pattern.test(file) && !/(^|\/)_/.test(file))
    .map((file) => `${dir}/${file}`);

/**
 * Entries besides the island runtime: each plain script, the base and look sheets, and the sheets of
 * server-rendered views (views/assets.ts lists the ones pages may ask for; the server checks the build has
 * them all). Islands' own sheets are not entries: each island imports its own, and Vite splits them out.
 */
const entries = [...filesIn('client/scripts', /\.ts$/), ...filesIn('client/styles', /\.s?css$/), ...filesIn('views', /\.css$/, true)];

/**
 * Two builds from one config: the browser's (`vite build`: the island runtime, one chunk per island,
 * each plain script of `client/scripts/` as an entry of its own, the style sheets (per view, per island
 * chunk), and a manifest the server reads) and the server's (`vite build --ssr server/main.ts`: our
 * TypeScript and TSX bundled for Node, packages left in node_modules).
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        publicDir: false,
        build: {
          outDir: 'dist/server',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: true,
          minify: false,
          rolldownOptions: { output: { entryFileNames: 'main.js' } },
        },
      }
    : {
        publicDir: false,
        plugins: [
          // Which built file holds each island (scripts/chunk-groups.ts).
          islandChunksManifest(),
          // Every script and sheet also as brotli (quality 11) and gzip (level 9) files beside it, served as the browser
          // accepts (server/web/assets.ts): smaller than compressing on each request (login's JavaScript 34.9 KiB gzip-6
          // -> 24.9 KiB brotli), and no CPU spent per request on it.
          compression({
            include: /\.(js|css|svg)$/,
            // Every file in both encodings, however small: the server then never falls back to compressing on the fly.
            skipIfLargerOrEqual: false,
            algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
          }),
        ],
        // Pico's Sass sources use syntax newer Sass versions deprecate: their warnings are Pico's, not ours.
        css: { preprocessorOptions: { scss: { quietDeps: true } } },
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          manifest: true,
          target: 'es2022',
          sourcemap: true,
          // Rolldown's note that plugins took most of the build names the compression above, which is meant to.
          rolldownOptions: { input: ['client/runtime/main.ts', ...entries], checks: { pluginTimings: false }, output: { codeSplitting: { groups: islandChunkGroups() } } },
        },
      },
);
