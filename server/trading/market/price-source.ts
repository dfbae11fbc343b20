import type { Bus } from '../bus';
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

/** A source that can be swapped while the market runs: a follower's relayed prices give way to the real source when it takes the lead. */
export class SwitchingPriceSource implements PriceSource {
  private current: PriceSource | undefined;
  private emit: ((ticks: Tick[]) => void) | undefined;

  start(emit: (ticks: Tick[]) => void): void {
    this.emit = emit;
    this.current?.start(emit);
  }

  async use(next: PriceSource): Promise<void> {
    await this.current?.stop();
    this.current = next;
    if (this.emit) next.start(this.emit);
  }

  async stop(): Promise<void> {
    await this.current?.stop();
    this.emit = undefined;
  }
}

/** The prices the leading process applied, as it relays them on the bus (`market.ticks`). */
export class RelayedPriceSource implements PriceSource {
  private off: (() => void) | undefined;

  constructor(private readonly bus: Bus) {}

  start(emit: (ticks: Tick[]) => void): void {
    this.off = this.bus.subscribe('market.ticks', (ticks) => emit([...ticks]));
  }

  async stop(): Promise<void> {
    this.off?.();
    this.off = undefined;
  }
}

/** Wraps the leader's source so every batch it emits is also relayed to the other trading processes. */
export function relayedTo(bus: Bus, source: PriceSource): PriceSource {
  return {
    start(emit) {
      source.start((ticks) => {
        emit(ticks);
        bus.publish('market.ticks', ticks);
      });
    },
    stop: () => source.stop(),
  };
}
