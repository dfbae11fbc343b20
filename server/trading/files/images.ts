import pLimit from 'p-limit';
import sharp, { type Sharp } from 'sharp';
import { fileTexts } from '../../../shared/api/files.schema';
import { fail, refusal } from '../errors';
import { decoderInput, sizeOf, type FileBytes } from './file-bytes';

/**
 * Images are decoded, not trusted by their header (docs/files.md#what-is-taken): every pixel is read
 * within a limit and written out again, so what is kept is a picture and nothing else (no metadata, no
 * bytes after the image, no pixel bomb). 50 million pixels is more than any phone's camera takes.
 */
export const maxImagePixels = 50_000_000;

/**
 * Decoding shares Node's worker threads with password hashing (sign-ins): at most two images are decoded at once
 * in a process, each on one libvips thread, so a burst of large uploads waits its turn instead of stalling sign-ins.
 */
const decoding = pLimit(2);
sharp.concurrency(1);

/** The formats taken and kept; each is written back as itself. */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

const writers: Record<ImageFormat, (image: Sharp) => Sharp> = {
  png: (image) => image.png(),
  jpeg: (image) => image.jpeg({ quality: 90 }),
  webp: (image) => image.webp({ quality: 90 }),
  gif: (image) => image.gif(),
};

export interface Decoding {
  /** What is made of the upright first frame: written back as its format, or resized for a photo. */
  write: (image: Sharp) => Sharp;
  field?: string;
  /** The refusal's words when the bytes are no image sharp can read whole. */
  unreadable?: string;
  /** The largest the written image may be; larger is refused as unreadable (a picture does not grow tenfold by re-encoding). */
  maxOutputBytes?: number;
}

/**
 * The one way an image is taken: decoded within the pixel limit (an image cut short refused, while the harmless
 * warnings many cameras' files raise are not), turned upright, first frame only, written anew without metadata;
 * or refused at `field`.
 */
export async function decodeImage(bytes: FileBytes, { write, field = 'file', unreadable = fileTexts.imageUnreadable, maxOutputBytes }: Decoding): Promise<Buffer> {
  const written = await decoding(async () => {
    try {
      return await write(sharp(decoderInput(bytes), { limitInputPixels: maxImagePixels, failOn: 'truncated', pages: 1 }).rotate()).toBuffer();
    } catch (error) {
      const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
      return fail(refusal.invalid(tooLarge ? fileTexts.imageTooLarge(maxImagePixels / 1_000_000) : unreadable, field));
    }
  });
  if (maxOutputBytes !== undefined && written.length > maxOutputBytes) fail(refusal.invalid(unreadable, field));
  return written;
}

/**
 * The image re-encoded as its own format (chat images, documents, site images). Written as itself it stays about its
 * size; one that grows past four times (and a megabyte) is refused rather than kept.
 */
export const reencodeImage = (bytes: FileBytes, format: ImageFormat, field = 'file'): Promise<Buffer> =>
  decodeImage(bytes, { write: writers[format], field, maxOutputBytes: Math.max(4 * sizeOf(bytes), 1024 * 1024) });
