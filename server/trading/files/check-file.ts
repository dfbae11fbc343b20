import { fileTexts } from '../../../shared/api/files.schema';
import { fail, refusal } from '../errors';
import { sizeOf, type FileBytes } from './file-bytes';
import { reencodeImage, type ImageFormat } from './images';
import { hasPdfStructure } from './pdf';
import { sniffAttachment } from './sniff';

/** A file that passed its checks: what it really is, and the bytes to keep (an image re-encoded; anything else as received). */
export interface CheckedFile {
  mime: string;
  extension: string;
  isImage: boolean;
  bytes: FileBytes;
  size: number;
}

const imageFormats: Readonly<Record<string, ImageFormat>> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * Known by its bytes (the name and the declared type are not trusted), one of `accepted` (else refused
 * with `refusedType`), then read for what it claims to be (docs/files.md#what-is-taken): an image is
 * decoded within the pixel limit and re-encoded without its metadata, a PDF must have a PDF's frame.
 * Word and Excel files are taken as recognised.
 */
export async function checkFile(bytes: FileBytes, { accepted, refusedType, field = 'file' }: { accepted: ReadonlySet<string>; refusedType: string; field?: string }): Promise<CheckedFile> {
  const sniffed = await sniffAttachment(bytes);
  if (!sniffed || !accepted.has(sniffed.mime)) return fail(refusal.invalid(refusedType, field));
  const format = imageFormats[sniffed.mime];
  if (format) {
    const image = await reencodeImage(bytes, format, field);
    return { ...sniffed, bytes: image, size: image.length };
  }
  if (sniffed.mime === 'application/pdf' && !(await hasPdfStructure(bytes))) fail(refusal.invalid(fileTexts.pdfUnreadable, field));
  return { ...sniffed, bytes, size: sizeOf(bytes) };
}
