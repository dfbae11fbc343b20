import { sliceOf, type FileBytes } from './file-bytes';

/**
 * Whether a PDF has a PDF's frame (docs/files.md#what-is-taken): the header at the start, and at the end
 * the end-of-file mark with the cross-reference's `startxref` or the `trailer` before it. A file cut
 * short or only a header has not. Checked from its two ends, never read whole.
 *
 * The page count is not read: in most PDFs made since 2004 the pages sit inside compressed object
 * streams, so counting them means a PDF parser reading the whole file, which is the work this check
 * is here to keep off the server.
 */
export async function hasPdfStructure(bytes: FileBytes): Promise<boolean> {
  const head = (await sliceOf(bytes, 0, 1024)).toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(head)) return false;
  // Writers put a few bytes (a newline, padding) after the last %%EOF; readers look within the last kilobyte or so.
  const tail = (await sliceOf(bytes, -2048, 2048)).toString('latin1');
  const end = tail.lastIndexOf('%%EOF');
  if (end < 0 || tail.length - end > 1024) return false;
  const beforeEnd = tail.slice(0, end);
  return /startxref\s+\d+\s*$/.test(beforeEnd) || /trailer\s*<</.test(beforeEnd);
}
