/**
 * The engine on every tick, in process: 100,000 open positions with TP and SL over 20,000 accounts
 * and 2,000 instruments, and 10,000 ticks a second delivered in batches as the simulator does (one
 * batch per 100 ms). Measured: the time to apply one batch (quotes, candles, triggers, margin screen),
 * beside a naive peer that checks every position's TP/SL on every tick, in the same run.
 */
import { createLogger } from '../server/logger';
import { LocalBus } from '../server/trading/bus';
import type { AppDb } from '../server/trading/db/database';
import { TradingEngine } from '../server/trading/engine/engine';
import { pointsOf } from '../shared/trading/points';
import { createMarket } from '../server/trading/market/market';
import { ManualPriceSource } from '../server/trading/market/price-source';
import { seededRandom } from '../server/trading/market/simulator';
import { fmt, percentile, syntheticInstruments } from './support';

const instrumentCount = 2_000;
const accountCount = 20_000;
const positionsPerAccount = 5;
const ticksPerSecond = 10_000;
const batchMs = 100;
const batches = 120;
/** The first batches warm the JIT up and are not counted. */
const warmup = 20;


export async function engineBench(): Promise<void> {
  const random = seededRandom(42);
  const list = syntheticInstruments(instrumentCount);
  const bus = new LocalBus();
  const source = new ManualPriceSource();
  const market = createMarket({ instruments: list, source, bus, startPrices: new Map() });
  market.start();
  const engine = new TradingEngine({ db: undefined as unknown as AppDb, market, bus, logger: createLogger({ level: 'silent', name: 'bench' }) });
  engine.attach();

  // 100,000 positions: TP and SL 3 % away (nothing triggers), funds ample (no account near a margin call).
  interface Position { id: number; assetId: number; side: 'buy' | 'sell'; tp: number; sl: number }
  const positions: Position[] = [];
  let tradeId = 1;
  for (let account = 1; account <= accountCount; account += 1) {
    const held = [];
    for (let k = 0; k < positionsPerAccount; k += 1) {
      const instrument = list[Math.floor(random() * list.length)]!;
      const side: 'buy' | 'sell' = random() < 0.5 ? 'buy' : 'sell';
      const price = Number(instrument.seedPrice);
      const tp = side === 'buy' ? price * 1.03 : price * 0.97;
      const sl = side === 'buy' ? price * 0.97 : price * 1.03;
      const position = { id: tradeId++, assetId: instrument.id, side, tp: pointsOf(tp.toFixed(5), 5), sl: pointsOf(sl.toFixed(5), 5) } as const;
      positions.push(position);
      engine.triggers.set({ instrumentId: instrument.id, ownerId: position.id, kind: 'take_profit', side, level: position.tp });
      engine.triggers.set({ instrumentId: instrument.id, ownerId: position.id, kind: 'stop_loss', side, level: position.sl });
      held.push({ tradeId: position.id, assetId: instrument.id, side, units: 100, openPrice: price, quoteCurrency: 'USD' });
    }
    engine.risk.set({ accountId: account, userId: account, currency: 'USD', funds: 1_000_000, usedMargin: 5_000, positions: held });
  }

  const mids = list.map((i) => Number(i.seedPrice));
  const perBatch = (ticksPerSecond * batchMs) / 1000;
  function nextBatch(): Record<number, string> {
    const batch: Record<number, string> = {};
    for (let t = 0; t < perBatch; t += 1) {
      const index = Math.floor(random() * list.length);
      mids[index] = mids[index]! * (1 + (random() - 0.5) * 0.0004);
      batch[index + 1] = mids[index]!.toFixed(5);
    }
    return batch;
  }

  const ours: number[] = [];
  const naive: number[] = [];
  let at = Date.now();
  for (let b = 0; b < batches; b += 1) {
    const batch = nextBatch();
    at += batchMs;
    const start = performance.now();
    source.set(batch, at);
    if (b >= warmup) ours.push((performance.now() - start) / Object.keys(batch).length);
    else continue;

    // Peer: every position's TP/SL compared with its instrument's quote on every tick of the batch.
    if (process.env.BENCH_SKIP_PEER) continue;
    const naiveStart = performance.now();
    let hits = 0;
    for (const id of Object.keys(batch)) {
      const quote = market.quotes.get(Number(id))!;
      const bid = pointsOf(quote.bid, 5);
      const ask = pointsOf(quote.ask, 5);
      for (const p of positions) {
        if (p.assetId !== Number(id)) continue;
        const price = p.side === 'buy' ? bid : ask;
        if (p.side === 'buy' ? price >= p.tp || price <= p.sl : price <= p.tp || price >= p.sl) hits += 1;
      }
    }
    naive.push((performance.now() - naiveStart) / Object.keys(batch).length);
    if (hits < 0) console.log(hits);
  }
  await engine.stop();

  const ticks = Object.keys(nextBatch()).length;
  const us = (ms: number) => `${fmt(ms * 1000, 1)} µs`;
  console.log(`\nEngine: ${positions.length.toLocaleString()} open positions, ${accountCount.toLocaleString()} accounts, ${instrumentCount.toLocaleString()} instruments, ${ticksPerSecond.toLocaleString()} ticks/s in ${batchMs} ms batches (~${ticks} instruments change per batch)`);
  console.log(`  ours  (quote, candles, TP/SL heaps, margin screen) per tick  p50 ${us(percentile(ours, 50))}  p99 ${us(percentile(ours, 99))};  per batch p50 ${fmt(percentile(ours, 50) * ticks)} ms  p99 ${fmt(percentile(ours, 99) * ticks)} ms`);
  if (naive.length > 0) {
    console.log(`  naive (scan every position, TP/SL only)       per tick  p50 ${us(percentile(naive, 50))}  p99 ${us(percentile(naive, 99))}`);
    console.log(`  ratio naive/ours p50 ${fmt(percentile(naive, 50) / percentile(ours, 50), 0)}x`);
  }
  console.log(`  CPU for ${ticksPerSecond.toLocaleString()} ticks/s: ${fmt(percentile(ours, 50) * ticksPerSecond, 0)} ms per second (${fmt(percentile(ours, 50) * ticksPerSecond / 10, 1)} % of one core)`);
}
