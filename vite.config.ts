import { defineConfig } from 'vite';

/**
 * Two builds from one config: the browser's (`vite build`: the island runtime, one chunk per island,
 * the styles, and a manifest the server reads) and the server's (`vite build --ssr server/main.ts`:
 * our TypeScript and TSX bundled for Node, packages left in node_modules).
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
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          manifest: true,
          target: 'es2022',
          sourcemap: true,
          rolldownOptions: { input: ['client/runtime/main.ts', 'client/styles/app.css'] },
        },
      },
);
