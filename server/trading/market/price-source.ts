import type { Tick } from './quote-book';

/** Where prices come from: the simulator by default, an upstream feed by config, a manual one in tests. */
export interface PriceSource {
  start(emit: (ticks: Tick[]) => void): void;
  stop(): Promise<void>;
}

/** Prices set by hand (tests, scripted scenarios). */
export class ManualPriceSource implements PriceSource {
  private emit: ((ticks: Tick[]) => void) | undefined;

  start(emit: (ticks: Tick[]) => void): void {
    this.emit = emit;
  }

  async stop(): Promise<void> {
    this.emit = undefined;
  }

  /** Publishes new mids, e.g. `set({ 1: '1.08450' })`. */
  set(mids: Record<number, string>, time = Date.now()): void {
    if (!this.emit) throw new Error('the price source has not been started');
    this.emit(Object.entries(mids).map(([assetId, mid]) => ({ assetId: Number(assetId), mid, time })));
  }
}
