import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import { rootDir } from '../../paths';
import { openApiDocument } from './openapi';

/** Where the document is served, under `apiPrefix` (docs/api.md). */
export const openApiPath = '/openapi.json';

const releaseVersion = (): string => (JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * `GET /openapi.json`: public, built on the first request and kept (it changes only with a release), with
 * an ETag so a client revalidates cheaply.
 */
export function openApiRoutes(): Router {
  const router = Router();
  let built: { text: string; etag: string } | undefined;
  router.get(openApiPath, (req, res) => {
    if (!built) {
      const text = JSON.stringify(openApiDocument({ version: releaseVersion() }));
      built = { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    }
    res.set({ 'Cache-Control': 'public, max-age=3600', ETag: built.etag });
    if (req.get('if-none-match') === built.etag) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(built.text);
  });
  return router;
}
