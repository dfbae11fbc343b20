import { rm } from 'node:fs/promises';
import express, { type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { chatTexts } from '../../../shared/api/chat.schema';
import { fileTexts } from '../../../shared/api/files.schema';
import { validationTexts } from '../../../shared/texts';
import type { ReceivedFile } from '../files/file-bytes';
import { totalMsFor, type UploadGate, type UploadLimits } from '../files/upload-gate';
import { authOf } from './auth.middleware';
import { ApiError, validationFailed } from './errors';
import { clientKeyOf } from './rate-limits';

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

/** An upload as a route's work gets it: the file on disk, the name the browser gave and the field it came in. */
export interface Upload {
  file: ReceivedFile;
  originalName: string;
  field: string;
}

export interface UploadRoute {
  gate: UploadGate;
  maxBytes: number;
  /** The fields the one file may come in (the original client's KYC upload names it `id_front`, `id_back` or `document`). */
  fields?: readonly string[];
  /** The route's words for no file, and for one too large (default: the chat's). */
  missing: string;
  tooLarge?: string;
}

/**
 * How an upload route takes its one file (docs/files.md#upload-limits): a place at the gate first (per
 * person and per address; 429 with Retry-After beyond, and the connection closed so an unread body
 * holds nothing), then the body streamed to a temporary file while its rate is watched: fewer bytes
 * than the minimum rate in any window, or not all in within the total time, and it is answered 408 at
 * once and its connection closed; larger than `maxBytes` is 413. The work gets the file on disk; the
 * place and the temporary file are given back whatever happens.
 *
 * multer's disk storage writes the body as it arrives (busboy underneath) and removes a half-written
 * file when the body is cut off; the rate is watched on the request's own bytes, so it needs nothing
 * more from the parser.
 */
export function uploadReceiver({ gate, maxBytes, fields = ['file'], missing, tooLarge }: UploadRoute) {
  const reader = multer({
    // The folder is asked for on each file: the gate makes its own on the first upload.
    storage: multer.diskStorage({ destination: (_req, _file, done) => done(null, gate.tempDir) }),
    // Browsers send file names as UTF-8 without saying so.
    defParamCharset: 'utf8',
    preservePath: true,
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 },
  });
  const receive =
    fields.length === 1
      ? reader.single(fields[0]!)
      : (req: Request, res: Response, done: (error?: unknown) => void) =>
          void reader.fields(fields.map((name) => ({ name, maxCount: 1 })))(req, res, (error?: unknown) => {
            if (!error && !req.file && req.files && !Array.isArray(req.files)) req.file = Object.values(req.files).flat()[0];
            done(error);
          });
  const totalMs = totalMsFor(gate.limits, maxBytes);
  const tooLargeText = tooLarge ?? chatTexts.fileTooLarge(Math.round((maxBytes / 1024 / 1024) * 10) / 10);

  const receiveBody = (req: Request, res: Response): Promise<void> =>
    readWatched(
      req,
      res,
      { limits: gate.limits, totalMs },
      (done) =>
        receive(req, res, (error: unknown) => {
          if (!error) return done();
          if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return done(new ApiError(413, tooLargeText, 'file_too_large', { file: [tooLargeText] }));
          if (error instanceof multer.MulterError) return done(validationFailed({ file: [missing] }));
          // A body the reader could not parse (no boundary, cut short, malformed): 400 from the error middleware.
          done(error);
        }),
      // A body that finished after it was answered 408: its file is nobody's, removed at once.
      () => void (req.file?.path && rm(req.file.path, { force: true }).catch(() => undefined)),
    );

  return async function withUpload<T>(req: Request, res: Response, work: (upload: Upload) => Promise<T>): Promise<T> {
    const release = placeFor(gate, req, res);
    try {
      await receiveBody(req, res);
      const file = req.file;
      if (!file) throw validationFailed({ file: [missing] });
      return await work({ file: { path: file.path, size: file.size }, originalName: file.originalname, field: file.fieldname });
    } finally {
      release();
      if (req.file?.path) await rm(req.file.path, { force: true });
    }
  };
}

/** A place at the gate for the signed-in caller (docs/files.md#upload-limits), or 429 with Retry-After and the connection closed. */
function placeFor(gate: UploadGate, req: Request, res: Response): () => void {
  const { user } = authOf(res);
  const release = gate.take({ userId: user.id, approved: user.role !== 'customer' || user.status === 'active', address: clientKeyOf(req) });
  if (typeof release !== 'string') return release;
  res.set({ 'Retry-After': '2', Connection: 'close' });
  throw release === 'person' ? new ApiError(429, chatTexts.uploadsOwn, 'uploads_own') : new ApiError(429, fileTexts.uploadsFromAddress, 'uploads_address');
}

/**
 * Runs `read` over a request's body while watching it arrive: fewer bytes than the minimum rate in any window, or
 * not all in within `totalMs`, and it is answered 408 at once and its connection closed. `late` runs when the reader
 * finishes after that answer (what it wrote is nobody's). The rate is watched on the request's own bytes, so it
 * needs nothing from the reader.
 */
function readWatched(req: Request, res: Response, { limits, totalMs }: { limits: UploadLimits; totalMs: number }, read: (done: (error?: unknown) => void) => void, late?: () => void): Promise<void> {
  const { minBytesPerSecond, rateWindowMs } = limits;
  const leastPerWindow = (minBytesPerSecond * rateWindowMs) / 1000;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let arrived = 0;
    let atLastLook = 0;
    const tooSlow = () => {
      res.set('Connection', 'close');
      // Node forgets a request once its answer is sent, so nothing would tell the reader the body stopped:
      // when the connection has closed, the request is ended here, and the reader drops what it wrote.
      const { socket } = req;
      if (socket.destroyed) req.destroy();
      else socket.once('close', () => req.destroy());
      settle(new ApiError(408, chatTexts.uploadTimeout, 'upload_timeout', { file: [chatTexts.uploadTimeout] }));
    };
    const floor = setInterval(() => {
      if (arrived - atLastLook < leastPerWindow) tooSlow();
      atLastLook = arrived;
    }, rateWindowMs);
    const overall = setTimeout(tooSlow, totalMs);
    const counting = (chunk: Buffer) => {
      arrived += chunk.length;
    };
    function settle(error?: unknown) {
      if (settled) return;
      settled = true;
      clearInterval(floor);
      clearTimeout(overall);
      req.off('data', counting);
      if (error) reject(error);
      else resolve();
    }
    read((error) => (settled ? late?.() : settle(error)));
    // The reader has piped the request by now; this listener only counts the bytes going by.
    if (!settled) req.on('data', counting);
  });
}

/**
 * A JSON body larger than the API's usual 100 kB (the original client's profile photo inside `POST /update`, as a
 * data URL: docs/customer-area.md#personal-information), read as an upload: a place at the gate and the minimum rate,
 * so it cannot be used to hold memory or connections the upload routes refuse. A smaller body passes to the usual parser.
 */
export function largeJsonBody(gate: UploadGate, { limit }: { limit: number }): RequestHandler {
  const parse = express.json({ limit });
  const totalMs = totalMsFor(gate.limits, limit);
  return async (req, res, next) => {
    const declared = Number(req.get('content-length'));
    if (Number.isFinite(declared) && declared <= usualJsonBytes) return next();
    const release = placeFor(gate, req, res);
    try {
      await readWatched(req, res, { limits: gate.limits, totalMs }, (done) => void parse(req, res, done));
    } finally {
      release();
    }
    next();
  };
}

/** The API's JSON limit for every other body (app.ts). */
export const usualJsonBytes = 100 * 1024;
