/**
 * The server side of the feed benchmark, run as its own process: 2,000 synthetic instruments moving at
 * BENCH_TICKS ticks a second, served by our socket.io feed (MODE=feed) or, as the peer, by a bare `ws`
 * server broadcasting the same batches as JSON (MODE=ws). With GROUPS=n the feed serves n client groups (plans 1…n,
 * markups 0, 4, 8… points): a socket's token `group-{k}` (padded to a token's length) puts it in plan k, as the
 * session's token puts a customer in their plan. Prints its port; on SIGTERM, its CPU time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { feedItem } from '../server/trading/feed/feed-server';
import type { PriceSource } from '../server/trading/market/price-source';
import type { LiveQuote, Tick } from '../server/trading/market/quote-book';
import { TradingConditions } from '../server/trading/market/conditions';
import { benchTrading, syntheticInstruments } from './support';

const count = 2_000;
const ticksPerSecond = Number(process.env.BENCH_TICKS ?? 500);
const mode = process.env.MODE === 'ws' ? 'ws' : 'feed';
const apiKey = 'bench-feed-key-0123456789';

const instruments = syntheticInstruments(count);

/** Moves random instruments every 20 ms, `ticksPerSecond` in all. */
class BenchSource implements PriceSource {
  private timer: NodeJS.Timeout | undefined;
  private readonly mids = instruments.map((i) => Number(i.seedPrice));
  start(emit: (ticks: Tick[]) => void): void {
    this.timer = setInterval(() => {
      const ticks: Tick[] = [];
      const now = Date.now();
      for (let k = 0; k < ticksPerSecond / 50; k += 1) {
        const i = Math.floor(Math.random() * count);
        this.mids[i] = this.mids[i]! * (1 + (Math.random() - 0.5) * 0.0004);
        ticks.push({ assetId: i + 1, mid: this.mids[i]!.toFixed(5), time: now });
      }
      emit(ticks);
    }, 20);
  }
  async stop(): Promise<void> {
    clearInterval(this.timer);
  }
}

// The trading tier as a process composes it, on the synthetic catalogue, leading with the prices job only.
const groups = Number(process.env.GROUPS ?? 1);
const { trading } = await benchTrading({
  instruments,
  priceSource: new BenchSource(),
  leaderJobs: ['prices'],
  feedApiKey: apiKey,
  feedFlushMs: 100,
  feedSignIn: async (token) => {
    const plan = Number(/^group-(\d+)/.exec(token)?.[1]);
    return plan >= 1 && plan <= groups ? { userId: plan, planId: plan } : undefined;
  },
});
const { market, bus } = trading;
const plans = Array.from({ length: groups }, (_, k) => k + 1);
market.replaceConditions(
  TradingConditions.from({
    defaultPlanId: 1,
    rows: plans.map((planId) => ({
      planId,
      assetClass: 'crypto' as const,
      assetId: null,
      spreadMarkup: (planId - 1) * 4,
      commissionKind: 'per_lot' as const,
      commissionRate: '0',
      commissionMinimum: '0',
    })),
  }),
);
let port: number;
if (mode === 'feed') {
  // Our feed, attached to the API's server as in production.
  ({ port } = await trading.listen(0, '127.0.0.1'));
} else {
  // The peer: the same batches, coalesced the same way, written raw to every socket.
  const server = createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  let pending = new Map<number, LiveQuote>();
  bus.subscribe('market.quotes', (quotes) => {
    for (const q of quotes) pending.set(q.assetId, q);
  });
  setInterval(() => {
    if (pending.size === 0) return;
    const message = JSON.stringify([...pending.values()].map((q) => feedItem(market, q)));
    pending = new Map();
    for (const client of wss.clients) if (client.bufferedAmount < 1_000_000) client.send(message);
  }, 100);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}
process.stdout.write(`port ${port}\n`);
const started = process.cpuUsage();
const startedAt = performance.now();
process.on('SIGTERM', () => {
  const used = process.cpuUsage(started);
  process.stdout.write(`cpu ${((used.user + used.system) / 1000 / (performance.now() - startedAt)).toFixed(3)}\n`);
  process.exit(0);
});
