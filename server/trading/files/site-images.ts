import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { siteImageTexts } from '../../../shared/api/settings.schema';
import { fail, refusal } from '../errors';
import { storedNamePattern, type FileStore } from './file-store';

/**
 * The site's own images (logo, small logo, favicon: docs/site-settings.md#images), uploaded by an admin
 * and served to everyone. Only raster images known by their bytes (no SVG: it can carry scripts).
 */
const imageTypes: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', ico: 'image/x-icon' };
export const siteImageMaxBytes = 1024 * 1024;

/** Keeps an image and answers the address pages use for it. */
export async function keepSiteImage(files: FileStore, bytes: Buffer): Promise<{ name: string }> {
  if (bytes.length === 0) fail(refusal.invalid(siteImageTexts.missing, 'file'));
  const found = await fileTypeFromBuffer(bytes);
  const extension = Object.entries(imageTypes).find(([, mime]) => mime === found?.mime)?.[0];
  if (!extension) return fail(refusal.invalid(siteImageTexts.type, 'file'));
  const id = randomUUID();
  await files.put(id, bytes);
  return { name: `${id}.${extension}` };
}

/** An image by its address's name (`{id}.{extension}`), or not found. */
export async function openSiteImage(files: FileStore, name: string): Promise<{ mime: string; body: Readable }> {
  const [id, extension] = name.split('.');
  const mime = extension ? imageTypes[extension] : undefined;
  const body = id && mime && storedNamePattern.test(id) ? await files.open(id) : null;
  if (!mime || !body) return fail(refusal.notFound(siteImageTexts.notFound));
  return { mime, body };
}
