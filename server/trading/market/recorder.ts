import { timeframeIds } from '../../../shared/trading/timeframes';
import type { Logger } from '../../logger';
import { pruneCandles, upsertCandles } from '../db/candles.repo';
import type { AppDb } from '../db/database';
import { retentionMs } from './candles';
import type { Market } from './market';
import { databaseOutage, logJobFailure } from '../errors';

/**
 * Writes the market's candles every few seconds and drops those past their retention every hour.
 * Run by the one process that owns cluster-wide jobs.
 */
export class CandleRecorder {
  private timers: NodeJS.Timeout[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { db: AppDb; market: Market; logger: Logger; flushMs?: number }) {}

  start(): void {
    const flush = setInterval(() => void this.flush(), this.deps.flushMs ?? 5_000);
    const prune = setInterval(() => void this.prune(), 3_600_000);
    flush.unref();
    prune.unref();
    this.timers = [flush, prune];
  }

  /** Writes what changed since the last flush (one write at a time). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const rows = this.deps.market.candles.drain();
      if (rows.length === 0) return;
      try {
        await upsertCandles(this.deps.db, rows);
        databaseOutage.answered(this.deps.logger);
      } catch (error) {
        logJobFailure(this.deps.logger, error, 'writing candles failed');
      }
    });
    return this.writing;
  }

  async prune(): Promise<void> {
    const now = this.deps.market.now().getTime();
    for (const timeframe of timeframeIds) {
      await pruneCandles(this.deps.db, timeframe, new Date(now - retentionMs[timeframe])).catch((error: unknown) => logJobFailure(this.deps.logger, error, 'pruning candles failed'));
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.flush();
  }
}
