import type { Request, Response } from 'express';
import multer from 'multer';
import { chatTexts } from '../../../shared/api/chat.schema';
import type { UploadLimits } from '../files/upload-limiter';
import { validationTexts } from '../../../shared/texts';
import { ApiError, validationFailed } from './errors';

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

/**
 * Reads a multipart body's one `file` into `req.file`, in memory, up to `maxBytes`. A body that stops
 * arriving (nothing for `idleMs`) or takes longer than `totalMs` is answered 408 at once and its
 * connection closed; one too large is 413. Chat attachments and the site's images use it.
 */
export function fileReceiver({ maxBytes, limits, fields = ['file'] }: { maxBytes: number; limits: Pick<UploadLimits, 'idleMs' | 'totalMs'>; fields?: readonly string[] }) {
  // One file, under any of `fields` (the original client's KYC upload names it `id_front`, `id_back` or `document`); it lands in `req.file`.
  const reader = multer({ storage: multer.memoryStorage(), defParamCharset: 'utf8', preservePath: true, limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
  const receive =
    fields.length === 1
      ? reader.single(fields[0]!)
      : (req: Request, res: Response, done: (error?: unknown) => void) =>
          void reader.fields(fields.map((name) => ({ name, maxCount: 1 })))(req, res, (error?: unknown) => {
            if (!error && !req.file && req.files && !Array.isArray(req.files)) req.file = Object.values(req.files).flat()[0];
            done(error);
          });
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return function receiveBody(req: Request, res: Response): Promise<void> {
    const { idleMs, totalMs } = limits;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const tooSlow = () => {
        res.set('Connection', 'close');
        settle(new ApiError(408, chatTexts.uploadTimeout, 'upload_timeout', { file: [chatTexts.uploadTimeout] }));
      };
      const idle = setTimeout(tooSlow, idleMs);
      const overall = setTimeout(tooSlow, totalMs);
      const progress = () => idle.refresh();
      function settle(error?: unknown) {
        if (settled) return;
        settled = true;
        clearTimeout(idle);
        clearTimeout(overall);
        req.off('data', progress);
        if (error) reject(error);
        else resolve();
      }
      receive(req, res, (error: unknown) => {
        if (!error) return settle();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
          return settle(new ApiError(413, chatTexts.fileTooLarge(megabytes), 'file_too_large', { file: [chatTexts.fileTooLarge(megabytes)] }));
        if (error instanceof multer.MulterError) return settle(validationFailed({ file: [chatTexts.fileMissing] }));
        // A body the reader could not parse (no boundary, cut short, malformed): 400 from the error middleware.
        settle(error);
      });
      // multer has piped the request by now; this listener only watches the bytes go by.
      if (!settled) req.on('data', progress);
    });
  };
}
