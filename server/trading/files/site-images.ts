import type { Readable } from 'node:stream';
import { siteImageTexts } from '../../../shared/api/settings.schema';
import { fail, refusal } from '../errors';
import { checkFile } from './check-file';
import { sizeOf, type FileBytes } from './file-bytes';
import { keepFile, openFile, type StoredFilesDeps } from './stored-files';

/**
 * The site's own images (logo, small logo, favicon: docs/site-settings.md#images), uploaded by an admin
 * and served to everyone: the only stored files served publicly (docs/files.md#who-reads-what). Raster
 * images only, decoded and re-encoded (no SVG: it can carry scripts). A favicon is taken as PNG (or any
 * of these): ICO cannot be decoded here, so it cannot be checked. Images kept as ICO before are still served.
 */
const extensions: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/x-icon': 'ico' };
const accepted = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
export const siteImageMaxBytes = 1024 * 1024;

/** Keeps an image and answers the name its address ends in (`{id}.{extension}`). */
export async function keepSiteImage(deps: StoredFilesDeps, bytes: FileBytes): Promise<{ name: string }> {
  if (sizeOf(bytes) === 0) fail(refusal.invalid(siteImageTexts.missing, 'file'));
  const image = await checkFile(bytes, { accepted, refusedType: siteImageTexts.type });
  const kept = await keepFile(deps, { purpose: 'site_image', ownerId: null, mime: image.mime, bytes: image.bytes });
  return { name: `${kept.id}.${image.extension}` };
}

/** A site image by its address's name, typed by its record; any other file, or the wrong extension, is not found. */
export async function openSiteImage(deps: StoredFilesDeps, name: string): Promise<{ mime: string; size: number | null; body: Readable }> {
  const [id = '', extension, ...rest] = name.split('.');
  const opened = rest.length === 0 ? await openFile(deps, id, 'site_image') : null;
  if (!opened) return fail(refusal.notFound(siteImageTexts.notFound));
  if (extensions[opened.file.mime] !== extension) {
    opened.body.destroy();
    return fail(refusal.notFound(siteImageTexts.notFound));
  }
  return { mime: opened.file.mime, size: opened.file.size, body: opened.body };
}
