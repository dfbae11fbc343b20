import { batch, signal, type Signal } from '@preact/signals-react';
import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { decimalOfNumber } from '../../shared/api/wire';
import { feedAllSchema, feedEvents, feedUpdateOf, type FeedItem } from '../../shared/api/feed.schema';
import { isMarketOpen, nextOpen, scheduleOf } from '../../shared/trading/hours';
import { assetTexts, feedTiming } from '../../shared/trading/terminal';
import { deviceChoices, takeLegacyChoice, writeDeviceChoice } from '../lib/device-choices';
import { readStored, writeStored } from '../lib/storage';
import { afterHydration } from '../runtime/hydration';
import { call } from '../lib/call';
import { countMessagesOf } from '../realtime/traffic';
import type * as SocketClient from 'socket.io-client';
import type { ManagerOptions } from 'socket.io-client';
import { deviceChoiceOf, pageAnswer, seedFromPage } from './page-data';
import { pageComputed, pageLocal, pageSignal } from './page-scope';

/** A live price of one instrument; `direction` and `movedAt` drive the 2.2 s rise/fall flash. */
export interface Quote {
  price: string;
  bid: string;
  ask: string;
  low: string;
  high: string;
  change: string;
  changePercent: string;
  /** When the server priced it (ms, the server's clock): places the tick in its candle. */
  at: number;
  /** When this browser received it (ms, this clock): what staleness is measured from, whatever the clocks' skew. */
  receivedAt: number;
  direction: 'up' | 'down' | null;
  movedAt: number;
}

export type LoadState = { state: 'loading' } | { state: 'loaded' } | { state: 'error'; message: string };

export const assets = pageSignal<readonly Asset[]>([]);
export const assetsState = pageSignal<LoadState>({ state: 'loading' });
export const assetsById = pageComputed(() => new Map(assets.value.map((asset) => [asset.id, asset])));
/** The feed names an instrument by its `asset_id` ("EURUSD"); the page keys everything by the catalogue's numeric id. */
const idsByAssetId = pageComputed(() => new Map(assets.value.map((asset) => [asset.asset_id, asset.id])));
/** True once the feed's first full snapshot arrived (the splash waits for it). */
export const pricesReady = signal(false);

/**
 * Seconds tick for staleness marks and clocks (one timer for the page). It starts once no island is hydrating:
 * until then every island renders at the instant the page was seeded, as its server HTML was.
 */
export const clock = pageSignal(Date.now());
if (typeof window !== 'undefined') void afterHydration().then(() => setInterval(() => (clock.value = Date.now()), 1_000));

/**
 * Whether an instrument's market is open at `now`, live from its trading-hours schedule (docs/trading.md#trading-hours),
 * and when a closed one opens next. The catalogue's `market_open` was true when the page loaded; the schedule keeps it true.
 */
export function marketStateOf(asset: Asset, now: number): { open: boolean; opensAt: Date | null } {
  if (isOpenAt(asset, now)) return { open: true, opensAt: null };
  return { open: false, opensAt: nextOpen(scheduleOf(asset.trading_hours.id), new Date(now)) };
}

/** Only whether it is open: what every market-watch row asks each second, without looking for the next open. */
export function isOpenAt(asset: Asset, now: number): boolean {
  return isMarketOpen(scheduleOf(asset.trading_hours.id), new Date(now));
}

/** An open market whose price has not moved for a while: the row says so rather than show it as live. */
export function isStale(asset: Asset, quote: Quote | null, now: number, open = isOpenAt(asset, now)): boolean {
  return open && (!quote || now - quote.receivedAt > feedTiming.staleAfterMs);
}

/** One signal per instrument, so a price change re-renders only what shows that instrument; the page's own (seeded). */
const quotes = pageLocal(() => new Map<number, Signal<Quote | null>>());
export function quoteOf(id: number): Signal<Quote | null> {
  const page = quotes();
  let quote = page.get(id);
  if (!quote) page.set(id, (quote = signal<Quote | null>(null)));
  return quote;
}

/** The forex mid of a pair like "EURUSD", for converting money between currencies. */
const forexBySymbol = pageComputed(() => new Map(assets.value.filter((a) => a.type === 'forex').map((a) => [a.symbol.replace('/', ''), a.id])));
export function forexMid(pair: string): string | undefined {
  const id = forexBySymbol.value.get(pair);
  return id === undefined ? undefined : quoteOf(id).value?.price;
}

/** Market search matches the name, the symbol (either spelling) or the short key, case-insensitively (docs/trade-room.md#market-search). */
export function matchesSearch(asset: Asset, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || [asset.name, asset.symbol, asset.symbol_display, asset.sy].some((text) => text.toLowerCase().includes(q));
}

// ---- Active asset and open pairs, kept on the device as the `asset-storage` cookie, and the watchlist (docs/trade-room.md#kept-on-the-device) ----
interface AssetStorage {
  activeAssetId: number | null;
  pairs: number[];
}
/** The cookie as this device wrote it, else nothing chosen (a stranger value is ignored). */
function storedPairs(value: unknown): AssetStorage {
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((id): id is number => Number.isInteger(id)) : []);
  if (typeof value !== 'object' || value === null) return { activeAssetId: null, pairs: [] };
  const { activeAssetId: active, pairs } = value as Record<string, unknown>;
  return { activeAssetId: Number.isInteger(active) ? (active as number) : null, pairs: ids(pairs) };
}
export const activeAssetId = pageSignal<number | null>(null);
export const openPairs = pageSignal<readonly number[]>([]);
export const watchlist = pageSignal<readonly number[]>(readStored<number[]>('watchlist', []));
export const activeAsset = pageComputed(() => (activeAssetId.value === null ? undefined : assetsById.value.get(activeAssetId.value)));

function persistPairs() {
  writeDeviceChoice(deviceChoices.pairs, { activeAssetId: activeAssetId.value, pairs: [...openPairs.value] } satisfies AssetStorage);
}

/** Adding a pair activates it. */
export function openPair(id: number): void {
  if (!openPairs.value.includes(id)) openPairs.value = [...openPairs.value, id];
  activeAssetId.value = id;
  persistPairs();
}

/** Never fewer than one pair; removing the active one activates the first remaining. */
export function closePair(id: number): void {
  if (openPairs.value.length <= 1) return;
  openPairs.value = openPairs.value.filter((pair) => pair !== id);
  if (activeAssetId.value === id) activeAssetId.value = openPairs.value[0] ?? null;
  persistPairs();
}

export function toggleWatchlist(id: number): void {
  watchlist.value = watchlist.value.includes(id) ? watchlist.value.filter((w) => w !== id) : [...watchlist.value, id];
  writeStored('watchlist', [...watchlist.value]);
}

/** The persisted asset, else BTC/USD, else AUD/JPY, else the first; pairs default to BTC/USD (docs/trade-room.md#open-pairs). */
function chooseStart(list: readonly Asset[]) {
  const known = new Set(list.map((a) => a.id));
  const find = (symbol: string) => list.find((a) => a.symbol.replace('/', '') === symbol)?.id;
  const fallback = find('BTCUSD') ?? find('AUDJPY') ?? list[0]?.id ?? null;
  const pairs = openPairs.value.filter((id) => known.has(id));
  const active = activeAssetId.value !== null && known.has(activeAssetId.value) ? activeAssetId.value : (pairs[0] ?? fallback);
  openPairs.value = pairs.length > 0 ? pairs : fallback !== null ? [fallback] : [];
  if (active !== null && !openPairs.value.includes(active)) openPairs.value = [...openPairs.value, active];
  activeAssetId.value = active;
  watchlist.value = watchlist.value.filter((id) => known.has(id));
  persistPairs();
}

// ---- Loading and the live feed ----
/**
 * The catalogue's price of an instrument, received `age` ms before `now` (the price's age when the server
 * rendered the page), so a price older than the stale threshold shows stale from the first paint.
 */
function catalogueQuote(asset: Asset, now: number, age: number): Quote {
  return {
    price: asset.rate,
    bid: asset.sell_price,
    ask: asset.buy_price,
    low: asset.price_low,
    high: asset.price_high,
    change: asset.change,
    changePercent: asset.change_percent,
    at: Date.parse(asset.updated_at),
    receivedAt: now - age,
    direction: null,
    movedAt: 0,
  };
}

/** A loaded catalogue: instruments without a live price yet take the catalogue's; the pairs are chosen against it. */
function applyCatalogue(list: readonly Asset[], now: number, ageOf: (asset: Asset) => number) {
  batch(() => {
    for (const asset of list) {
      const quote = quoteOf(asset.id);
      quote.value ??= catalogueQuote(asset, now, ageOf(asset));
    }
    assets.value = list;
    chooseStart(list);
    assetsState.value = { state: 'loaded' };
  });
}

const fromThePage = pageLocal(() => ({
  /** True while the catalogue in the signals is the one the page came with and no fetch has replaced it. */
  catalogue: false,
  /** Whether the page's request carried this device's `asset-storage` cookie. */
  choice: false,
}));

/**
 * The catalogue the page came with (the server fetched it for the page), with the pairs this device chose:
 * the market watch, the tabs and BUY/SELL render with the last known prices, on the server and when hydrating.
 */
seedFromPage((page) => {
  const cookie = deviceChoiceOf(page, deviceChoices.pairs);
  const chosen = storedPairs(cookie);
  clock.value = page.now;
  activeAssetId.value = chosen.activeAssetId;
  openPairs.value = chosen.pairs;
  const answer = pageAnswer(page, 'assets', tradingApi.assets);
  if (answer) applyCatalogue(answer.data, page.now, (asset) => Math.max(0, page.renderedAt - Date.parse(asset.updated_at)));
  Object.assign(fromThePage(), { catalogue: answer !== undefined, choice: cookie !== undefined });
});

/**
 * One feed item onto its instrument's quote: found by `asset_id` through the catalogue (an instrument the
 * page does not list is skipped), its numbers kept as decimal strings (`decimalOfNumber`, the money rule).
 */
function applyFeed(item: FeedItem, ids: ReadonlyMap<string, number>, now: number) {
  const id = ids.get(item.id);
  if (id === undefined) return;
  const quote = quoteOf(id);
  const before = quote.value;
  // Only the flash's direction: two prices compared (both exact as doubles), no arithmetic; '1.1' and '1.10000' are one price.
  const last = before ? Number(before.price) : item.price;
  const moved = item.price > last ? 'up' : item.price < last ? 'down' : null;
  quote.value = {
    price: decimalOfNumber(item.price),
    bid: decimalOfNumber(item.bid),
    ask: decimalOfNumber(item.ask),
    low: decimalOfNumber(item.priceLow24h),
    high: decimalOfNumber(item.priceHigh24h),
    change: decimalOfNumber(item.change24h),
    changePercent: decimalOfNumber(item.changePercent24h),
    at: Date.parse(item.lastUpdated) || now,
    receivedAt: now,
    direction: moved ?? before?.direction ?? null,
    movedAt: moved ? now : (before?.movedAt ?? 0),
  };
}

/**
 * The pairs this device kept before they moved to a cookie (localStorage `asset-storage`): taken once when the page
 * came without the cookie, after hydration (the server rendered the default pairs), and kept as the cookie.
 */
function adoptLegacyPairs(): void {
  const legacy = takeLegacyChoice(deviceChoices.pairs);
  if (fromThePage().choice || legacy === undefined) return;
  const kept = storedPairs(legacy);
  if (kept.pairs.length === 0 && kept.activeAssetId === null) return;
  batch(() => {
    openPairs.value = kept.pairs;
    activeAssetId.value = kept.activeAssetId;
    // Against the catalogue when there is one (instruments gone are dropped), else when it loads.
    if (assets.value.length > 0) chooseStart(assets.value);
    else persistPairs();
  });
}

/** The catalogue: the one the page came with the first time, else `GET /assets`. */
export async function loadAssets(): Promise<void> {
  const page = fromThePage();
  if (page.catalogue) {
    page.catalogue = false;
    return;
  }
  assetsState.value = { state: 'loading' };
  const result = await call(tradingApi.assets);
  if (!result.ok) {
    assetsState.value = { state: 'error', message: result.message ?? assetTexts.fetchFailed };
    return;
  }
  applyCatalogue(result.data.data, Date.now(), () => 0);
}

let feed: Promise<void> | undefined;

export type FeedStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'failed';
/** The price feed's socket: connecting, connected, reconnecting after a drop, or given up (its attempts spent). */
export const feedStatus = signal<FeedStatus>('disconnected');

/**
 * The feed's one transport, websocket, its received messages counted for the status bar (client/realtime/traffic.ts).
 * socket.io-client 4.8 takes transport classes in `transports` and exports its `WebSocket` transport for that
 * (its documented tree-shaking setup); `createSocket` is the transport's public hook that makes the socket, so a
 * listener beside engine.io's own sees every frame and the transport is otherwise the stock one. A client without that
 * export (before 4.8, or a test's stand-in) connects as before, uncounted.
 */
export function feedTransports(client: typeof SocketClient): ManagerOptions['transports'] {
  try {
    class CountedWebSocket extends client.WebSocket {
      override createSocket(...args: Parameters<InstanceType<typeof client.WebSocket>['createSocket']>): unknown {
        return countMessagesOf(super.createSocket(...args), 'feed');
      }
    }
    return [CountedWebSocket];
  } catch {
    return ['websocket'];
  }
}

/**
 * The feed's client loads and connects while the islands still hydrate (on a slow link its chunk and handshake took
 * seconds after them), but what it says reaches the signals only once none is hydrating, in the order it came: the
 * islands hydrate against the page's prices and status, as their HTML was rendered.
 */
const afterIslands = (() => {
  let waiting: (() => void)[] | null = [];
  void afterHydration().then(() => {
    const queued = waiting ?? [];
    waiting = null;
    for (const run of queued) run();
  });
  return (run: () => void) => (waiting ? waiting.push(run) : run());
})();

/** The price feed (docs/realtime.md#price-feed): socket.io over websocket only, through our own origin. */
export function connectFeed(): Promise<void> {
  feed ??= import('socket.io-client').then((client) => {
    afterIslands(() => (feedStatus.value = 'connecting'));
    const socket = client.io({
      path: '/socket.io',
      transports: feedTransports(client),
      reconnectionAttempts: feedTiming.reconnectAttempts,
      reconnectionDelay: feedTiming.reconnectDelayMs,
      timeout: feedTiming.connectTimeoutMs,
    });
    socket.on('connect', () => {
      afterIslands(() => (feedStatus.value = 'connected'));
      socket.emit(feedEvents.subscribeAll);
    });
    socket.on('disconnect', () => afterIslands(() => (feedStatus.value = socket.active ? 'reconnecting' : 'disconnected')));
    socket.on('connect_error', () =>
      afterIslands(() => {
        if (!socket.active) feedStatus.value = 'failed';
        else if (feedStatus.peek() !== 'connecting') feedStatus.value = 'reconnecting';
      }),
    );
    // The manager gives up once its attempts are spent; the socket has no event of its own for that. (A test's stand-in socket may have no manager.)
    socket.io?.on('reconnect_failed', () => afterIslands(() => (feedStatus.value = 'failed')));
    socket.on(feedEvents.all, (payload: unknown) => {
      const parsed = feedAllSchema.safeParse(payload);
      if (!parsed.success || !parsed.data.success) return;
      afterIslands(() => {
        const now = Date.now();
        const ids = idsByAssetId.value;
        batch(() => {
          for (const item of parsed.data.data) applyFeed(item, ids, now);
          pricesReady.value = true;
        });
      });
    });
    socket.on(feedEvents.update, (payload: unknown) => {
      const items = feedUpdateOf(payload);
      if (!items) return;
      afterIslands(() => {
        const now = Date.now();
        const ids = idsByAssetId.value;
        // One notification round for the whole message, however many instruments it moves.
        batch(() => {
          for (const item of items) applyFeed(item, ids, now);
        });
      });
    });
  });
  return feed;
}

/**
 * Assets, then the feed: what every trade-room island needs first. Runs once per page, once no island is
 * hydrating (docs/front-end.md#islands-only-for-interaction): prices change only after every island hydrated
 * against the ones the page came with.
 */
let started: Promise<void> | undefined;
export function startMarket(): Promise<void> {
  // The feed at once (its news waits for the islands: afterIslands); the pairs and the catalogue once they hydrated.
  const feedReady = connectFeed();
  started ??= afterHydration()
    .then(adoptLegacyPairs)
    .then(loadAssets)
    .then(() => feedReady);
  return started;
}
export function retryAssets(): Promise<void> {
  started = undefined;
  return startMarket();
}
