import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from 'file-type';

/** An upload as it was received: streamed to a temporary file of its own (docs/files.md#upload-limits), never held in memory. */
export interface ReceivedFile {
  path: string;
  size: number;
}

/** A file's bytes: in memory (made here: a re-encoded image, the demo's placeholders) or a received upload on disk. */
export type FileBytes = Buffer | ReceivedFile;

export const sizeOf = (bytes: FileBytes): number => (Buffer.isBuffer(bytes) ? bytes.length : bytes.size);

/** All of it in memory (for the few checks and hand-overs that need it whole; uploads are size-limited). */
export const bytesOf = (bytes: FileBytes): Promise<Buffer> => (Buffer.isBuffer(bytes) ? Promise.resolve(bytes) : readFile(bytes.path));

export const streamOf = (bytes: FileBytes): Readable => (Buffer.isBuffer(bytes) ? Readable.from([bytes]) : createReadStream(bytes.path));

/** What sharp reads: the buffer, or the file by its path. */
export const decoderInput = (bytes: FileBytes): Buffer | string => (Buffer.isBuffer(bytes) ? bytes : bytes.path);

/** The type its first bytes say it is. */
export const typeOf = (bytes: FileBytes): Promise<FileTypeResult | undefined> => (Buffer.isBuffer(bytes) ? fileTypeFromBuffer(bytes) : fileTypeFromFile(bytes.path));

/** Up to `length` bytes from `from` (negative: counted from the end). */
export async function sliceOf(bytes: FileBytes, from: number, length: number): Promise<Buffer> {
  const size = sizeOf(bytes);
  const start = Math.max(0, from < 0 ? size + from : from);
  const end = Math.min(size, start + length);
  if (Buffer.isBuffer(bytes)) return bytes.subarray(start, end);
  const handle = await open(bytes.path, 'r');
  try {
    const buffer = Buffer.alloc(Math.max(0, end - start));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
