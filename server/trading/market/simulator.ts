import { isMarketOpen } from '../../../shared/trading/hours';
import type { Instrument } from './instruments';
import type { PriceSource } from './price-source';
import type { Tick } from './quote-book';

/** A small, fast, seedable PRNG (mulberry32), so simulations can be replayed in tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** How busy each class is: the chance an instrument changes price in one step while its market is open. */
const activity: Record<string, number> = { forex: 0.7, crypto: 0.8, indices: 0.6, metals: 0.5, commodities: 0.4, stocks: 0.35 };
const yearMs = 365 * 24 * 60 * 60_000;

export interface SimulatorOptions {
  instruments: readonly Instrument[];
  /** Where each instrument starts (the last known price), else its catalogue seed price. */
  startPrices: ReadonlyMap<number, string>;
  now?: () => number;
  random?: () => number;
  stepMs?: number;
  schedule?: (fn: () => void, ms: number) => { stop(): void };
}

/**
 * A geometric random walk per instrument with its class's volatility: positive by construction,
 * quiet while its market is closed, one tick only when the price at its precision really changes.
 */
export class PriceSimulator implements PriceSource {
  private readonly mids = new Map<number, number>();
  private timer: { stop(): void } | undefined;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly stepMs: number;

  constructor(private readonly options: SimulatorOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.stepMs = options.stepMs ?? 250;
    for (const instrument of options.instruments) {
      this.mids.set(instrument.id, Number(options.startPrices.get(instrument.id) ?? instrument.seedPrice));
    }
  }

  /** One step for every open market; returns the ticks it produced. */
  step(at = this.now()): Tick[] {
    const ticks: Tick[] = [];
    const date = new Date(at);
    const openBySchedule = new Map<string, boolean>();
    for (const instrument of this.options.instruments) {
      let open = openBySchedule.get(instrument.schedule.id);
      if (open === undefined) {
        open = isMarketOpen(instrument.schedule, date);
        openBySchedule.set(instrument.schedule.id, open);
      }
      if (!open || this.random() > (activity[instrument.assetClass] ?? 0.5)) continue;
      const previous = this.mids.get(instrument.id)!;
      const sigma = instrument.volatility * Math.sqrt(this.stepMs / yearMs);
      const minimum = 1 / 10 ** instrument.digits;
      const next = Math.max(minimum, previous * Math.exp(sigma * gaussian(this.random) - (sigma * sigma) / 2));
      this.mids.set(instrument.id, next);
      const before = previous.toFixed(instrument.digits);
      const after = next.toFixed(instrument.digits);
      if (after !== before) ticks.push({ assetId: instrument.id, mid: after, time: at });
    }
    return ticks;
  }

  start(emit: (ticks: Tick[]) => void): void {
    const schedule =
      this.options.schedule ??
      ((fn, ms) => {
        const id = setInterval(fn, ms);
        id.unref();
        return { stop: () => clearInterval(id) };
      });
    this.timer = schedule(() => {
      const ticks = this.step();
      if (ticks.length > 0) emit(ticks);
    }, this.stepMs);
  }

  async stop(): Promise<void> {
    this.timer?.stop();
    this.timer = undefined;
  }
}
