import type { Logger } from '../logger';
import type { Leadership } from '../trading/db/database';

/** A job only the process leading the cluster runs (prices, engine, candles, …): one line in the list. */
export interface LeaderJob<Name extends string = string> {
  readonly name: Name;
  start(): Promise<void> | void;
  stop(): Promise<void> | void;
}

export interface ClusterLeadOptions {
  /** Takes the cluster-wide lock if it is free (a PostgreSQL advisory lock on its own connection; PGlite always grants it). */
  tryLead: () => Promise<Leadership | undefined>;
  /** What runs while this process leads, in the order it starts (it stops in reverse). */
  jobs: readonly LeaderJob[];
  logger: Logger;
  /**
   * Told when the lock was lost while leading (the database connection dropped): another process may lead
   * by now, so the jobs have stopped here and this process follows again until it can take the lead.
   */
  onLost?: () => void;
  /** How often a follower tries to take the lead. */
  retryMs?: number;
}

const listed = (names: readonly string[]) => (names.length === 0 ? 'no jobs' : names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * One process leads the cluster and runs the leader jobs; the others follow and try again every few
 * seconds, so one takes over within seconds when the leader dies. A leader whose lock is lost (its
 * database connection dropped, e.g. while PostgreSQL restarts) stops its jobs and follows again, so the
 * process keeps serving and whichever process reaches the database first leads. If a job fails to
 * start, the jobs started are stopped again (the failing one too: it may have half started), the lock
 * is let go and the error thrown, so another process may lead.
 */
export class ClusterLead {
  private held: Leadership | undefined;
  private running = false;
  private attempting = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private retryFailing = false;
  private demoting: Promise<void> | undefined;

  constructor(private readonly options: ClusterLeadOptions) {}

  get jobs(): readonly LeaderJob[] {
    return this.options.jobs;
  }

  /** Whether this process leads (and runs the jobs) now. */
  get leading(): boolean {
    return this.running;
  }

  /**
   * Takes the lead if it is free, else follows and tries again every `retryMs` until it does. Resolves
   * with whether it leads after the first try; throws when starting the jobs failed on that try.
   */
  async begin(): Promise<boolean> {
    if (await this.lead()) return true;
    this.follow();
    return false;
  }

  /** Tries to take the lead every `retryMs` until it does (or stops). */
  private follow(): void {
    if (this.stopped) return;
    const { logger, retryMs = 5_000 } = this.options;
    logger.info('following the cluster lead: prices relayed from it');
    clearInterval(this.retry);
    this.retry = setInterval(() => {
      this.lead()
        .then((led) => {
          this.retryFailing = false;
          if (led) clearInterval(this.retry);
        })
        .catch((error: unknown) => {
          // Once per outage (the database away): the next tries would only repeat it every few seconds.
          if (!this.retryFailing) logger.warn({ err: error }, 'taking the cluster lead failed; trying again every few seconds');
          this.retryFailing = true;
        });
    }, retryMs);
    this.retry.unref();
  }

  /** The lock is gone: the jobs stop here, the lock's connection is let go, and this process follows again. */
  private demote(lock: Leadership): Promise<void> {
    if (!this.running || this.held !== lock) return Promise.resolve();
    this.demoting = this.stepDown(lock);
    return this.demoting;
  }

  private async stepDown(lock: Leadership): Promise<void> {
    this.options.logger.error('lost the cluster lead (database connection dropped): the leader jobs stop here and this process follows until it can lead again');
    this.running = false;
    this.held = undefined;
    await this.stopJobs([...this.jobs].reverse());
    await lock.release().catch(() => undefined);
    this.options.onLost?.();
    this.follow();
  }

  /** Stops trying; when leading, stops the jobs, last started first (the lock is kept until `release`). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.retry);
    // A demotion under way is stopping the jobs: the caller closes what they use only after it.
    await this.demoting;
    if (!this.running) return;
    this.running = false;
    await this.stopJobs([...this.jobs].reverse());
  }

  /** Stops each job in turn; one failing to stop is logged and does not keep the rest running. */
  private async stopJobs(jobs: readonly LeaderJob[]): Promise<void> {
    for (const job of jobs) {
      try {
        await job.stop();
      } catch (error) {
        this.options.logger.error({ err: error, job: job.name }, 'a leader job failed to stop');
      }
    }
  }

  /** Lets the lock go (after `stop`, once what the jobs used is closed too). */
  async release(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    await held?.release();
  }

  /** One attempt at a time. */
  private async lead(): Promise<boolean> {
    if (this.held || this.attempting || this.stopped) return this.held !== undefined;
    this.attempting = true;
    const { tryLead, logger } = this.options;
    let lock: Leadership | undefined;
    const started: LeaderJob[] = [];
    try {
      lock = await tryLead();
      if (!lock) return false;
      for (const job of this.jobs) {
        started.push(job);
        await job.start();
      }
      // Shut down while the jobs were starting: they must not run on past the shutdown.
      if (this.stopped) {
        await this.stopJobs(started.reverse());
        await lock.release();
        return false;
      }
      this.held = lock;
      this.running = true;
      const held = lock;
      void lock.lost.then(() => this.demote(held));
      logger.info(`leading the cluster: ${listed(this.jobs.map((job) => job.name))} run here`);
      return true;
    } catch (error) {
      if (lock) {
        await this.stopJobs(started.reverse());
        await lock.release();
      }
      throw error;
    } finally {
      this.attempting = false;
    }
  }
}
