import { bytesOf, typeOf, type FileBytes } from './file-bytes';

/** What files may be (docs/files.md#what-is-taken; each route takes some of them): images, PDF, Word and Excel, known by their bytes. */
const allowed = new Map<string, { extension: string; image: boolean }>([
  ['image/png', { extension: 'png', image: true }],
  ['image/jpeg', { extension: 'jpg', image: true }],
  ['image/gif', { extension: 'gif', image: true }],
  ['image/webp', { extension: 'webp', image: true }],
  ['application/pdf', { extension: 'pdf', image: false }],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', { extension: 'docx', image: false }],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', { extension: 'xlsx', image: false }],
]);

/** Word and Excel 97–2003 files are "compound files" (as are installers and Outlook mails): these name their main stream. */
const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const legacyOffice = [
  { stream: utf16('WordDocument'), mime: 'application/msword', extension: 'doc' },
  { stream: utf16('Workbook'), mime: 'application/vnd.ms-excel', extension: 'xls' },
  { stream: utf16('Book\u0000'), mime: 'application/vnd.ms-excel', extension: 'xls' },
];

export interface Sniffed {
  mime: string;
  extension: string;
  isImage: boolean;
}

/** The file's real type when it is one we take, from its content alone (the name and the declared type are not trusted). */
export async function sniffAttachment(data: FileBytes): Promise<Sniffed | null> {
  const found = await typeOf(data);
  if (found?.mime === 'application/x-cfb') {
    // The streams' names sit in the directory, anywhere in the file: read whole (an upload is size-limited).
    const whole = await bytesOf(data);
    const office = legacyOffice.find((kind) => whole.includes(kind.stream));
    return office ? { mime: office.mime, extension: office.extension, isImage: false } : null;
  }
  const kind = found ? allowed.get(found.mime) : undefined;
  return found && kind ? { mime: found.mime, extension: kind.extension, isImage: kind.image } : null;
}

/** Marks, embeddings, overrides and isolates that reorder what is shown (U+202E makes "invoice\u202Efdp.exe" look like invoiceexe.pdf). */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A stored name as it may be shown: rows kept before the bidi controls were stripped on upload are cleaned when read. */
export const withoutBidiControls = (name: string): string => name.replace(bidiControls, '');

/**
 * A file name fit to show and to offer on download (folders are refused before): no control or text-direction characters,
 * not too long, and ending in the extension of what the file really is (a PDF named x.html is x.pdf).
 */
export function displayName(original: string, extension: string): string {
  const cleaned = withoutBidiControls(original)
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/^\.+/, '')
    .trim();
  const stem = (cleaned.replace(/\.[^.]*$/, '') || 'file').slice(0, 100);
  return `${stem}.${extension}`;
}
