import { useState } from 'react';
import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import { upload } from '../lib/call';

export interface UploadOptions<E extends Endpoint> {
  /** What the person is told about a file the server would refuse anyway (its type, its size): spares a pointless upload. */
  check?: (file: File) => string | null;
  /** The message when the server gives none. */
  fallback: string;
  /** After it went through: update the page from the answer. */
  onDone: (answer: ResponseOf<E>) => void;
  /** The server refused it or did not answer (a check's refusal is only the `problem`). */
  onFailed?: (message: string) => void;
}

/**
 * A file sent as soon as it is chosen, with its progress (docs/front-end.md#forms): `check` first, then `percent`
 * while it travels (null when idle; `busy` says the same), and the `problem` (the check's, the server's message or
 * `fallback`) until the next file. `send(file, fields)` puts the multipart fields before the file.
 */
export function useUpload<E extends Endpoint>(e: E, options: UploadOptions<E>) {
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File, fields: Record<string, string> = {}): Promise<void> {
    const refused = options.check?.(file) ?? null;
    setProblem(refused);
    if (refused) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    setPercent(0);
    try {
      const answer = await upload(e, form, { onProgress: setPercent, fallback: options.fallback });
      setPercent(null);
      options.onDone(answer);
    } catch (error) {
      const message = error instanceof Error ? error.message : options.fallback;
      setPercent(null);
      setProblem(message);
      options.onFailed?.(message);
    }
  }

  return { percent, busy: percent !== null, problem, send, clear: () => setProblem(null) };
}
