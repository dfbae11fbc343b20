import sharp from 'sharp';
import { fileTexts } from '../../../shared/api/files.schema';
import { fail, refusal } from '../errors';
import { decoderInput, type FileBytes } from './file-bytes';

/**
 * Images are decoded, not trusted by their header (docs/files.md#what-is-taken): every pixel is read
 * within a limit and written out again, so what is kept is a picture and nothing else (no metadata, no
 * bytes after the image, no pixel bomb). 50 million pixels is more than any phone's camera takes.
 */
export const maxImagePixels = 50_000_000;

/** The formats taken and kept; each is written back as itself. */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** The image decoded and re-encoded as its own format, upright, first frame only, without metadata; or refused at `field`. */
export async function reencodeImage(bytes: FileBytes, format: ImageFormat, field = 'file'): Promise<Buffer> {
  // `truncated`: an image cut short is refused, while the harmless warnings many cameras' files raise are not.
  const image = sharp(decoderInput(bytes), { limitInputPixels: maxImagePixels, failOn: 'truncated', pages: 1 }).rotate();
  try {
    switch (format) {
      case 'png':
        return await image.png().toBuffer();
      case 'jpeg':
        return await image.jpeg({ quality: 90 }).toBuffer();
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
    }
  } catch (error) {
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
    return fail(refusal.invalid(tooLarge ? fileTexts.imageTooLarge(maxImagePixels / 1_000_000) : fileTexts.imageUnreadable, field));
  }
}
