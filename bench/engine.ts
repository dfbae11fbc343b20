/**
 * The engine on every tick, in process: 100,000 open positions with TP and SL over 20,000 accounts
 * and 2,000 instruments, and 10,000 ticks a second delivered in batches as the simulator does (one
 * batch per 100 ms). Measured: the time to apply one batch (quotes, candles, triggers, margin screen),
 * beside a naive peer that checks every position's TP/SL on every tick, in the same run.
 */
import type { Database } from '../server/trading/db/database';
import { openPglite } from '../server/trading/db/pglite';
import { prepareDatabase } from '../server/trading/setup/prepare';
import { createLogger } from '../server/logger';
import { pointsOf } from '../shared/trading/points';
import { ManualPriceSource } from '../server/trading/market/price-source';
import { seededRandom } from '../server/trading/market/simulator';
import { benchTrading, fmt, percentile, syntheticInstruments } from './support';

const instrumentCount = 2_000;
const accountCount = 20_000;
const positionsPerAccount = 5;
const ticksPerSecond = 10_000;
/** Simulated seconds per run; the first one warms the JIT up and is not counted. */
const runSeconds = 12;

/**
 * One run: ticks delivered in batches of `batchMs`. Per tick and per batch of the whole market step
 * (quotes, candles, engine), the engine's own share per batch, and (with `peer`) the naive scan.
 */
async function run(database: Database, batchMs: number, peer: boolean) {
  const batches = (runSeconds * 1000) / batchMs;
  const warmup = 1000 / batchMs;
  const random = seededRandom(42);
  const list = syntheticInstruments(instrumentCount);
  const source = new ManualPriceSource();
  // The tier as a process composes it, on the synthetic catalogue, leading with the prices job only: the
  // engine is attached below, between the two timing subscribers, with its book filled by hand.
  const { trading, close } = await benchTrading({ database, instruments: list, priceSource: source, leaderJobs: ['prices'] });
  const { market, bus, engine } = trading;
  // The bus calls subscribers in order: these two bracket the engine's own handling of each batch.
  let engineStart = 0;
  const engineOnly: number[] = [];
  bus.subscribe('market.quotes', () => (engineStart = performance.now()));
  engine.attach();
  bus.subscribe('market.quotes', () => engineOnly.push(performance.now() - engineStart));

  // 100,000 positions: TP and SL 3 % away (nothing triggers), funds ample (no account near a margin call).
  interface Position {
    id: number;
    assetId: number;
    side: 'buy' | 'sell';
    tp: number;
    sl: number;
  }
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
      engine.triggers.set({ instrumentId: instrument.id, group: 0, ownerId: position.id, kind: 'take_profit', side, level: position.tp });
      engine.triggers.set({ instrumentId: instrument.id, group: 0, ownerId: position.id, kind: 'stop_loss', side, level: position.sl });
      held.push({ tradeId: position.id, assetId: instrument.id, side, units: 100, openPrice: price, quoteCurrency: 'USD' });
    }
    engine.risk.set({ accountId: account, userId: account, currency: 'USD', group: 0, funds: 1_000_000, usedMargin: 5_000, positions: held });
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
    if (!peer) continue;
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
  await close();

  return { ours, naive, engineBatches: engineOnly.slice(warmup), ticks: Object.keys(nextBatch()).length, positions: positions.length };
}

const us = (ms: number) => `${fmt(ms * 1000, 1)} µs`;

export async function engineBench(): Promise<void> {
  // Nothing is stored (no trigger fires, no margin call): the database is there because the tier has one.
  const database = await openPglite();
  await prepareDatabase(database, { seedDemo: 'never', logger: createLogger({ level: 'silent', name: 'bench' }) });
  try {
    for (const [batchMs, peer] of [
      [100, true],
      [10, false],
    ] as const)
      report(batchMs, await run(database, batchMs, peer));
  } finally {
    await database.close();
  }
}

function report(batchMs: number, { ours, naive, engineBatches, ticks, positions }: Awaited<ReturnType<typeof run>>): void {
  console.log(
    `\nEngine: ${positions.toLocaleString()} open positions, ${accountCount.toLocaleString()} accounts, ${instrumentCount.toLocaleString()} instruments, ${ticksPerSecond.toLocaleString()} ticks/s in ${batchMs} ms batches (~${ticks} instruments change per batch)`,
  );
  console.log(
    `  whole step (quotes, candles, TP/SL heaps, margin screen) per tick  p50 ${us(percentile(ours, 50))}  p99 ${us(percentile(ours, 99))};  per batch p50 ${fmt(percentile(ours, 50) * ticks)} ms  p99 ${fmt(percentile(ours, 99) * ticks)} ms`,
  );
  console.log(`  the engine alone (TP/SL heaps, margin screen)    per batch p50 ${fmt(percentile(engineBatches, 50))} ms  p99 ${fmt(percentile(engineBatches, 99))} ms`);
  if (naive.length > 0) {
    console.log(`  naive (scan every position, TP/SL only)       per tick  p50 ${us(percentile(naive, 50))}  p99 ${us(percentile(naive, 99))}`);
    console.log(`  ratio naive/ours p50 ${fmt(percentile(naive, 50) / percentile(ours, 50), 0)}x`);
  }
  console.log(
    `  CPU for ${ticksPerSecond.toLocaleString()} ticks/s: ${fmt(percentile(ours, 50) * ticksPerSecond, 0)} ms per second (${fmt((percentile(ours, 50) * ticksPerSecond) / 10, 1)} % of one core)`,
  );
}
