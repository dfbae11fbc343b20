import type { Logger } from '../../logger';
import type { AppDb } from '../db/database';
import { deleteUnsentFilesBefore } from '../db/chat.repo';
import type { FileStore } from '../files/file-store';
import { dropFiles } from '../files/stored-files';
import { logJobFailure } from '../errors';

/** Uploads never sent within a day are taken back: their rows, their stored files' records and their bytes. */
export const orphanAfterMs = 24 * 3_600_000;

/** One sweep: the unsent uploads older than `orphanAfterMs`; answers how many went. */
export async function sweepOrphanFiles({ db, files, now = new Date() }: { db: AppDb; files: FileStore; now?: Date }): Promise<number> {
  const gone = await deleteUnsentFilesBefore(db, new Date(now.getTime() - orphanAfterMs));
  await dropFiles({ db, files }, gone);
  return gone.length;
}

/** Sweeps hourly on the process that leads the cluster (one sweeper, like the engine). */
export class OrphanFileSweeper {
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly deps: { db: AppDb; files: FileStore; logger: Logger }) {}

  start(): void {
    const run = () =>
      sweepOrphanFiles(this.deps)
        .then((count) => count > 0 && this.deps.logger.info({ count }, 'removed chat uploads that were never sent'))
        .catch((error: unknown) => logJobFailure(this.deps.logger, error, 'sweeping unsent chat uploads failed'));
    this.timer = setInterval(run, 3_600_000);
    this.timer.unref();
    void run();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
