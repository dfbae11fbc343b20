import type { Readable } from 'node:stream';
import { pathOf } from '../../../shared/api/endpoint';
import { profileApi } from '../../../shared/api/endpoints/profile';
import { photoMaxBytes, profileTexts } from '../../../shared/api/profile.schema';
import { fail, refusal } from '../errors';
import { sizeOf, typeOf, type FileBytes } from '../files/file-bytes';
import { storedNamePattern } from '../files/file-store';
import { decodeImage } from '../files/images';
import { dropFiles, keepFile, openFile, type StoredFileRow, type StoredFilesDeps } from '../files/stored-files';

/**
 * Profile photos (docs/customer-area.md#personal-information): JPG, GIF or PNG known by their bytes, at
 * most 5 MB, decoded and re-encoded by sharp as a 256 × 256 WebP (turned upright, first frame of a GIF,
 * no metadata: no location or camera left in it), kept as the customer's profile photo (docs/files.md#purposes)
 * under a name the server made.
 */
const takenTypes = new Set(['image/jpeg', 'image/png', 'image/gif']);
export const photoSize = 256;

/** The address pages show for a stored photo. */
export const photoUrlOf = (id: string) => pathOf(profileApi.photo, { name: `${id}.webp` });

/** The stored name behind one of our photo addresses, or null for anything else. */
export function storedNameOf(url: string | null): string | null {
  const match = url ? /^\/api\/v1\/profile\/photos\/([0-9a-f-]{36})\.webp$/.exec(url) : null;
  return match && storedNamePattern.test(match[1]!) ? match[1]! : null;
}

/** The photo re-encoded, or a refusal with the field's message. */
export async function preparePhoto(bytes: FileBytes, field = 'file'): Promise<Buffer> {
  if (sizeOf(bytes) === 0) fail(refusal.invalid(profileTexts.photoMissing, field));
  if (sizeOf(bytes) > photoMaxBytes) fail(refusal.invalid(profileTexts.photoTooLarge, field));
  const found = await typeOf(bytes);
  if (!found || !takenTypes.has(found.mime)) fail(refusal.invalid(profileTexts.photoType, field));
  return decodeImage(bytes, {
    write: (image) => image.resize(photoSize, photoSize, { fit: 'cover', position: 'attention' }).webp({ quality: 85 }),
    field,
    unreadable: profileTexts.photoUnreadable,
  });
}

/** A `data:image/…;base64,…` URL's bytes (the original's avatar field), or a refusal. */
export function bytesOfDataUrl(value: string, field = 'avatar'): Buffer {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match) return fail(refusal.invalid(profileTexts.photoType, field));
  return Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64');
}

/** Keeps a prepared photo as `ownerId`'s; answers its address. */
export async function storePhoto(deps: StoredFilesDeps, ownerId: number, prepared: Buffer): Promise<string> {
  const kept = await keepFile(deps, { purpose: 'profile_photo', ownerId, mime: 'image/webp', bytes: prepared });
  return photoUrlOf(kept.id);
}

/** Removes a photo we stored, its record with it (anything else is left alone). */
export async function deletePhoto(deps: StoredFilesDeps, url: string | null): Promise<void> {
  const name = storedNameOf(url);
  if (name) await dropFiles(deps, [name]);
}

/** A profile photo by its address, with its record (whose it is); null for anything else. */
export async function openPhoto(deps: StoredFilesDeps, url: string): Promise<{ file: StoredFileRow; body: Readable } | null> {
  const name = storedNameOf(url);
  return name ? openFile(deps, name, 'profile_photo') : null;
}
