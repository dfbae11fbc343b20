/**
 * A `Content-Disposition` header for a stored file's name (docs/files.md#who-reads-what): the plain name with
 * anything outside printable ASCII, quotes and backslashes replaced (so it cannot end the quoted string), and the
 * exact name as `filename*` (RFC 6266) for browsers that read it.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
