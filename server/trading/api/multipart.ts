import multer from 'multer';
import { validationTexts } from '../../../shared/texts';
import { ApiError } from './errors';

/**
 * What a multipart body that could not be read answers (the reader's own errors, not a route's): 400
 * with the reason, never a server error. Undefined for any other error.
 */
export function multipartError(error: unknown): ApiError | undefined {
  if (error instanceof multer.MulterError) {
    return new ApiError(422, error.message, `multipart_${error.code.toLowerCase()}`, { [error.field ?? 'file']: [error.message] });
  }
  const message = error instanceof Error ? error.message : '';
  const unreadable = (text: string) => new ApiError(400, text, 'multipart_unreadable', { file: [text] });
  // busboy's texts (and multer's for a client that went away while sending).
  if (/^Multipart: Boundary not found$/.test(message)) return unreadable(validationTexts.multipartNoBoundary);
  if (/^(Unexpected end of (form|file)|Request (aborted|closed))$/.test(message)) return unreadable(validationTexts.multipartIncomplete);
  if (/^(Malformed (part header|urlencoded form|content type)|Unsupported content type|Missing Content-Type)/.test(message)) return unreadable(validationTexts.multipartMalformed);
  return undefined;
}
