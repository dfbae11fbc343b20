import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { pathOf } from '../../../shared/api/endpoint';
import { profileApi } from '../../../shared/api/endpoints/profile';
import { photoMaxBytes, profileTexts } from '../../../shared/api/profile.schema';
import { fail, refusal } from '../errors';
import { storedNamePattern, type FileStore } from '../files/file-store';

/**
 * Profile photos (docs/customer-area.md#personal-information): JPG, GIF or PNG known by their bytes, at
 * most 5 MB, decoded and re-encoded by sharp as a 256 × 256 WebP (turned upright, first frame of a GIF,
 * no metadata: no location or camera left in it), kept in the FileStore under a name the server made.
 */
const takenTypes = new Set(['image/jpeg', 'image/png', 'image/gif']);
export const photoSize = 256;
/** Larger than any camera's picture; a "decompression bomb" with more pixels is refused before decoding. */
const maxInputPixels = 50_000_000;

/** The address pages show for a stored photo. */
export const photoUrlOf = (id: string) => pathOf(profileApi.photo, { name: `${id}.webp` });

/** The stored name behind one of our photo addresses, or null for anything else. */
export function storedNameOf(url: string | null): string | null {
  const match = url ? /^\/api\/v1\/profile\/photos\/([0-9a-f-]{36})\.webp$/.exec(url) : null;
  return match && storedNamePattern.test(match[1]!) ? match[1]! : null;
}

/** The photo re-encoded, or a refusal with the field's message. */
export async function preparePhoto(bytes: Buffer, field = 'file'): Promise<Buffer> {
  if (bytes.length === 0) fail(refusal.invalid(profileTexts.photoMissing, field));
  if (bytes.length > photoMaxBytes) fail(refusal.invalid(profileTexts.photoTooLarge, field));
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !takenTypes.has(found.mime)) fail(refusal.invalid(profileTexts.photoType, field));
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', pages: 1 })
      .rotate()
      .resize(photoSize, photoSize, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return fail(refusal.invalid(profileTexts.photoUnreadable, field));
  }
}

/** A `data:image/…;base64,…` URL's bytes (the original's avatar field), or a refusal. */
export function bytesOfDataUrl(value: string, field = 'avatar'): Buffer {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match) return fail(refusal.invalid(profileTexts.photoType, field));
  return Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64');
}

/** Keeps a prepared photo; answers its address. */
export async function storePhoto(files: FileStore, prepared: Buffer): Promise<string> {
  const id = randomUUID();
  await files.put(id, prepared);
  return photoUrlOf(id);
}

/** Removes a photo we stored (anything else is left alone). */
export async function deletePhoto(files: FileStore, url: string | null): Promise<void> {
  const name = storedNameOf(url);
  if (name) await files.delete(name);
}

export async function openPhoto(files: FileStore, url: string): Promise<Readable | null> {
  const name = storedNameOf(url);
  return name ? files.open(name) : null;
}
