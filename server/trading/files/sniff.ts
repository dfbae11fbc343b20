import { fileTypeFromBuffer } from 'file-type';

/** What chat attachments may be (server-spec §9): images, PDF, Word and Excel, known by their bytes. */
const allowed = new Map<string, { label: string; image: boolean }>([
  ['image/png', { label: 'PNG image', image: true }],
  ['image/jpeg', { label: 'JPEG image', image: true }],
  ['image/gif', { label: 'GIF image', image: true }],
  ['image/webp', { label: 'WebP image', image: true }],
  ['application/pdf', { label: 'PDF', image: false }],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', { label: 'Word document', image: false }],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', { label: 'Excel workbook', image: false }],
  // Word 97–2003 and Excel 97–2003 files are both "compound file" containers.
  ['application/x-cfb', { label: 'Word or Excel 97–2003 file', image: false }],
]);

export interface Sniffed {
  mime: string;
  isImage: boolean;
}

/** The file's real type when it is one we take, from its content alone (the name and the declared type are not trusted). */
export async function sniffAttachment(data: Buffer): Promise<Sniffed | null> {
  const found = await fileTypeFromBuffer(data);
  const kind = found ? allowed.get(found.mime) : undefined;
  return found && kind ? { mime: found.mime, isImage: kind.image } : null;
}

/** A file name fit to show and to offer on download: no folders, no control characters, not too long. */
export function displayName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').replace(/^\.+/, '').trim();
  return (cleaned || 'file').slice(0, 120);
}
