/**
 * Trade room figures (docs/trade-room.md), each beside a peer measured in the same run.
 *
 * 1. Weight: the JavaScript /mt4 and the light terminal /mt4-light reference (scripts and module preloads, needed
 *    to hydrate; the chart library and the socket clients load later on their own) against one SPA bundle of
 *    /mt4's islands rendered on the client, built here by Vite (goal ≤ 200 KiB brotli). The chunks /mt4-light
 *    references that /mt4 does not must all be its own layout's (docs/trade-room.md#terminals): a PASS/FAIL line.
 * 2. Smoothness: Chromium on /mt4 with 2,000 instruments each updated 10 times a second through the feed
 *    (a scripted socket.io server behind the web tier, reached over a real websocket as a browser reaches the
 *    feed), long tasks and frame rate over BENCH_TERMINAL_SECONDS (30), against the same page with a silent feed
 *    (goal: no long task over 50 ms, ≥ 55 fps). The chart shows the first synthetic instrument on 400 candles
 *    with every indicator on (SMA, EMA, Bollinger bands, RSI), as a trader who chose them all would see it: each
 *    tick moves the candle and recomputes their last values.
 * 3. Server rendering: /mt4 and /mt4-light at 10 concurrent requests each against a static file of /mt4's size
 *    (goal p99 ≤ 50 ms).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { Server as FeedServer } from 'socket.io';
import { feedEvents } from '../shared/api/feed.schema';
import { chromiumLaunch } from '../playwright.config';
import { paths } from '../shared/routes';
import { islandChunksFile } from '../scripts/chunk-groups';
import { buildSpa } from './spa';
import { benchPostgresUrl, deploymentSecrets, kb, load as loadWith, publicSite, root, row, signedInCookie, sizes, startServer, withScratchPostgres, type LoadResult } from './support';

const runSeconds = Number(process.env.BENCH_TERMINAL_SECONDS ?? 30);
const instrumentCount = 2_000;
/** The synthetic instruments' ids start here; the chart shows the first. */
const firstSyntheticId = 100_000;

const sizeRow = (name: string, s: ReturnType<typeof sizes>, files: number) =>
  `  ${name.padEnd(34)} ${kb(s.raw).padStart(10)} raw  ${kb(s.gzip).padStart(10)} gzip  ${kb(s.brotli).padStart(10)} brotli  (${files} files)`;

/** The two terminals, measured alike. */
const terminals = [paths.tradeRoom, paths.lightTerminal] as const;

/** A page as the signed-in trader gets it, and the JavaScript it references (scripts and module preloads), each file's bytes by URL. */
async function pageWeight(url: string, cookie: string, path: string) {
  const res = await fetch(`${url}${path}`, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  const html = await res.text();
  const urls = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!);
  const files = new Map(await Promise.all(urls.map(async (u) => [u, Buffer.from(await (await fetch(`${url}${u}`)).arrayBuffer())] as const)));
  return { html, files, size: sizes([...files.values()]) };
}

type ManifestChunk = { file: string; src?: string; imports?: string[] };

/**
 * The built files that belong to the light terminal's own layout: its islands (`client/islands/light-*`) and any
 * chunk only they import (the build's manifest says who imports what).
 */
function lightLayoutFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(root, 'dist', 'client', '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  // A file holding islands (scripts/chunk-groups.ts) belongs to the light layout when every island in it is a light one.
  const islandFiles = Object.entries(JSON.parse(readFileSync(join(root, 'dist', 'client', islandChunksFile), 'utf8')) as Record<string, string>);
  const isLightIsland = (src: string) => /^client\/islands\/light-[^/]+\.island\.tsx$/.test(src);
  const lightFiles = new Set(islandFiles.filter(([src]) => isLightIsland(src)).map(([, file]) => file));
  for (const [src, file] of islandFiles) if (!isLightIsland(src)) lightFiles.delete(file);
  const importers = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) for (const imported of chunk.imports ?? []) importers.set(imported, [...(importers.get(imported) ?? []), key]);
  const own = new Map<string, boolean>();
  const isOwn = (key: string): boolean => {
    const known = own.get(key);
    if (known !== undefined) return known;
    own.set(key, false); // an import cycle proves nothing
    const by = importers.get(key) ?? [];
    const result = isLightIsland(manifest[key]!.src ?? '') || lightFiles.has(manifest[key]!.file) || (by.length > 0 && by.every(isOwn));
    own.set(key, result);
    return result;
  };
  return new Set(
    Object.keys(manifest)
      .filter(isOwn)
      .map((key) => manifest[key]!.file),
  );
}

/** A built file's name without its folder and content hash: `assets/light-toolbar.island-DQyj1nlS.js` → `light-toolbar.island`. */
const chunkName = (fileUrl: string) => fileUrl.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '');

/** The SPA peer's JavaScript before its first paint. */
async function spaPeer() {
  const spa = await buildSpa();
  try {
    return { size: sizes(spa.scripts.map((f) => readFileSync(join(spa.outDir, f)))), files: spa.scripts.length };
  } finally {
    spa.remove();
  }
}

/** 2,000 made-up instruments shaped like GET /assets answers, from a real one as the template. */
function syntheticAssets(template: Record<string, unknown>) {
  const types = ['forex', 'stocks', 'indices', 'crypto', 'commodities', 'metals'];
  return Array.from({ length: instrumentCount }, (_, i) => ({
    ...template,
    id: firstSyntheticId + i,
    asset_id: `SYN${i}`,
    name: `Synthetic ${i}`,
    symbol: `SYN${i}`,
    symbol_display: `SYN${i}/USD`,
    sy: `S${i}`,
    type: types[i % types.length],
    rate: 1,
    buy_price: 1.0001,
    sell_price: 0.9999,
    market_open: true,
    digits: 5,
  }));
}

/** A feed item as the feed sends it (docs/realtime.md#price-feed): keyed by asset_id, figures as rounded numbers. */
function feedItem(assetId: string, price: number, now: string, seq: number) {
  const rounded = (n: number) => Number(n.toFixed(5));
  return {
    id: assetId,
    symbol: assetId,
    price: rounded(price),
    bid: rounded(price * 0.9999),
    ask: rounded(price * 1.0001),
    priceLow24h: 0.9,
    priceHigh24h: 1.1,
    change24h: 0.001,
    changePercent24h: 0.1,
    volume24h: 0,
    lastUpdated: now,
    seq,
  };
}

/** 400 one-minute candles up to now for a synthetic instrument, shaped like GET /assets/{id}/candles answers. */
function syntheticCandles() {
  const minute = 60;
  const now = Math.floor(Date.now() / 1000 / minute) * minute;
  let close = 1;
  return Array.from({ length: 400 }, (_, i) => {
    const open = close;
    close = Number((open * (1 + (Math.random() - 0.5) * 0.002)).toFixed(5));
    const high = Number((Math.max(open, close) * 1.0003).toFixed(5));
    const low = Number((Math.min(open, close) * 0.9997).toFixed(5));
    return { time: now - (399 - i) * minute, open, high, low, close, volume: 0 };
  });
}

/** The pair the chart shows: the first synthetic instrument. */
const chartPair = { activeAssetId: firstSyntheticId, pairs: [firstSyntheticId] };

/** The chart on the first synthetic instrument with every indicator on (docs/trade-room.md#chart), set on the device before the page loads. */
const chartWithIndicators = `(() => {
  const id = ${firstSyntheticId};
  localStorage.setItem('asset-storage', JSON.stringify(${JSON.stringify(chartPair)}));
  localStorage.setItem('chart-indicators', JSON.stringify({ [id]: { sma: { on: true, period: 20 }, ema: { on: true, period: 50 }, bollinger: { on: true, period: 20, width: 2 }, rsi: { on: true, period: 14 } } }));
})()`;

/** The price feed of the synthetic instruments (docs/realtime.md#price-feed): all of them on subscribing, then every one moved `rate` times a second. */
function scriptedFeed(server: ReturnType<typeof createServer>, assets: readonly { asset_id: string }[]) {
  const io = new FeedServer(server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
  const prices = assets.map(() => 1);
  let seq = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  io.on('connection', (socket) => {
    socket.on(feedEvents.subscribeAll, () => {
      const now = new Date().toISOString();
      socket.emit(feedEvents.all, { success: true, data: assets.map((a, i) => feedItem(a.asset_id, prices[i]!, now, seq)) });
    });
  });
  const stop = () => clearInterval(timer);
  return {
    io,
    stop,
    /** Moves every instrument `updatesPerSecond` times a second to every subscriber from now on (0: silent). */
    at(updatesPerSecond: number) {
      stop();
      if (updatesPerSecond === 0) return;
      timer = setInterval(() => {
        seq += 1;
        const at = new Date().toISOString();
        io.emit(
          feedEvents.update,
          assets.map((a, i) => feedItem(a.asset_id, (prices[i] = prices[i]! * (1 + (Math.random() - 0.5) * 0.0004)), at, seq)),
        );
      }, 1000 / updatesPerSecond);
    },
  };
}

/**
 * The trading API with its catalogue replaced by 2,000 synthetic instruments: a proxy the web tier calls as its
 * TRADING_API_URL, so /mt4 is rendered with them (the catalogue comes with the page) and every later call sees
 * the same; everything else goes through to the API as it is. Its price feed is scripted: a socket.io server that
 * answers `subscribe:all` with every instrument and then moves them all `feedAt(rate)` times a second. The page
 * reaches it through the web tier's socket proxy, over a real websocket. (Playwright's routed websocket, used
 * before, hands each message to the page through the DevTools protocol, which at 2,000 instruments cost the page's
 * main thread more than the page's own work: an older build that measured 59.8 fps that way measured 23.1 later.)
 */
async function syntheticCatalogue(api: string) {
  const login = await fetch(`${api}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'trader@demo.test', password: 'trader-demo-1' }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const real = (await (await fetch(`${api}/api/v1/assets`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: Record<string, unknown>[] };
  const assets = syntheticAssets(real.data[0]!);
  const catalogue = JSON.stringify({ data: assets });
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/api/v1/assets') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(catalogue);
      return;
    }
    const upstream = httpRequest(`${api}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  const feed = scriptedFeed(server, assets);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    assets,
    feedAt: feed.at,
    close: async () => {
      feed.stop();
      // Kept-alive connections would hold the server open: socket.io's close waits for the server's.
      server.closeAllConnections();
      await new Promise<void>((resolve) => feed.io.close(() => resolve()));
    },
  };
}

/**
 * Opens /mt4 with the catalogue and feed replaced by 2,000 synthetic instruments (`updatesPerSecond` 0 is
 * the silent peer), the chart on the first of them with every indicator on, and reports long tasks and frames over the run.
 */
async function smoothness(page: Page, url: string, feedAt: (updatesPerSecond: number) => void, updatesPerSecond: number) {
  await page.route('**/api/v1/assets/*/candles*', (route) => route.fulfill({ json: { data: syntheticCandles() } }));
  await page.addInitScript(chartWithIndicators);
  feedAt(updatesPerSecond);
  await page.goto(`${url}/mt4`);
  // Hidden or gone, whichever the splash does once the prices are in.
  await page.locator('.trade-splash').waitFor({ state: 'hidden', timeout: 30_000 });
  await page.locator('.watch-row').first().waitFor();
  // The indicators are drawn: the legend lists all four.
  await page.locator('.chart-legend li').nth(3).waitFor();
  // A string, so the bundler's helpers never reach the page.
  const result = (await page.evaluate(`new Promise((resolve) => {
    const longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration))).observe({ type: 'longtask' });
    let frames = 0;
    const start = performance.now();
    const tick = () => {
      frames += 1;
      if (performance.now() - start < ${runSeconds * 1000}) requestAnimationFrame(tick);
      else resolve({ fps: (frames * 1000) / (performance.now() - start), longTasks });
    };
    requestAnimationFrame(tick);
  })`)) as { fps: number; longTasks: number[] };
  feedAt(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return result;
}

/** Each terminal under the same load, one after the other. */
async function renderRows(url: string, cookie: string, label = 'one process, PGlite'): Promise<[string, LoadResult][]> {
  const rows: [string, LoadResult][] = [];
  for (const path of terminals) {
    const options = { url: `${url}${path}`, headers: { Cookie: cookie } };
    // A moment of warm-up first: the start-up work (history, the first ticks) and the JIT settle.
    await loadWith({ ...options, duration: 2 });
    rows.push([`GET ${path}, ${label}`, await loadWith(options)]);
  }
  return rows;
}

/** /mt4 and /mt4-light with the tiers as two processes (as a deployment on more than one core runs them), on PGlite and, when named, PostgreSQL. */
async function renderElsewhere(): Promise<[string, LoadResult][]> {
  const rows: [string, LoadResult][] = [];
  const common = deploymentSecrets;
  const apart = async (env: Record<string, string>, label: string) => {
    const site = await publicSite();
    const trading = await startServer({ ...common, ...env, PUBLIC_ORIGIN: site.PUBLIC_ORIGIN, ROLE: 'trading', SEED_DEMO: 'always' });
    const web = await startServer({ ...common, ...env, ...site, ROLE: 'web', TRADING_API_URL: trading.api });
    try {
      rows.push(...(await renderRows(web.url, await signedInCookie(web.url), label)));
    } finally {
      await web.stop();
      await trading.stop();
    }
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-terminal-apart-'));
  try {
    await apart({ DATA_DIR: dataDir }, 'tiers apart, PGlite');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = benchPostgresUrl();
  if (adminUrl)
    await withScratchPostgres(adminUrl, 'terminal', (url, pgDir) => apart({ DATABASE_URL: url, DATA_DIR: pgDir, DATABASE_POOL_MAX: '20', PAYMENTS_PROVIDER: 'sandbox' }, 'tiers apart, PostgreSQL'));
  return rows;
}

export async function terminalBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-terminal-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const staticFile = join(root, 'public', 'bench-static.html');
  let stopped = false;
  try {
    const cookie = await signedInCookie(server.url);
    const classic = await pageWeight(server.url, cookie, paths.tradeRoom);
    const light = await pageWeight(server.url, cookie, paths.lightTerminal);
    const html = classic.html;
    const spa = await spaPeer();
    const goal = (s: ReturnType<typeof sizes>) => (s.brotli <= 200 * 1024 ? 'met' : 'NOT met');
    console.log('\nTrade room JavaScript before it is interactive');
    console.log(sizeRow('/mt4 islands (SSR + hydrate)', classic.size, classic.files.size));
    console.log(sizeRow('/mt4-light islands (SSR + hydrate)', light.size, light.files.size));
    console.log(sizeRow('SPA of /mt4’s islands (peer)', spa.size, spa.files));
    console.log(`  ${'ratio /mt4/SPA'.padEnd(34)} ${(classic.size.brotli / spa.size.brotli).toFixed(2)}x brotli; goal ≤ 200 KiB brotli: /mt4 ${goal(classic.size)}, /mt4-light ${goal(light.size)}`);
    console.log('  (first paint itself needs no JavaScript: the page is server-rendered; the chart library and socket clients load after hydration)');

    // The light terminal is a second layout over the same islands and state: beyond its own layout it ships nothing /mt4 lacks.
    const layout = lightLayoutFiles();
    const extra = [...light.files].filter(([u]) => !classic.files.has(u));
    const beyond = extra.filter(([u]) => ![...layout].some((file) => u.endsWith(`/${file}`)));
    console.log(`\n/mt4-light's chunks that /mt4 does not reference (brotli)`);
    for (const [u, bytes] of extra) console.log(`  ${chunkName(u).padEnd(34)} ${kb(sizes([bytes]).brotli).padStart(10)}  ${beyond.some(([b]) => b === u) ? 'NOT its layout' : 'its layout (light-*)'}`);
    if (extra.length === 0) console.log('  (none)');
    const dropped = [...classic.files.keys()].filter((u) => !light.files.has(u)).map(chunkName);
    console.log(`  /mt4's chunks /mt4-light does not reference: ${dropped.length ? dropped.join(', ') : '(none)'}`);
    console.log(
      beyond.length === 0
        ? `  PASS: /mt4-light ships no chunk /mt4 lacks apart from its own layout (${extra.length} chunks, ${kb(sizes(extra.map(([, b]) => b)).brotli)} brotli)`
        : `  FAIL: /mt4-light ships ${beyond.length} chunk(s) /mt4 lacks beyond its own layout: ${beyond.map(([u]) => chunkName(u)).join(', ')}`,
    );

    console.log(`\nServer rendering, 10 connections (requests/s, latency p50/p99 ms); /mt4 is ${kb(html.length)}, /mt4-light ${kb(light.html.length)}`);
    writeFileSync(staticFile, html);
    const peer = await loadWith({ url: `${server.url}/bench-static.html` });
    console.log(row('static file, same size (peer)', peer));
    const rendered = await renderRows(server.url, cookie);
    await server.stop();
    stopped = true;
    rendered.push(...(await renderElsewhere()));
    const width = Math.max(...rendered.map(([name]) => name.length));
    for (const [name, r] of rendered) console.log(`${row(name.padEnd(width), r)}  (${(r.rps / peer.rps).toFixed(2)}x peer; p99 ≤ 50 ms ${r.p99 <= 50 ? 'met' : 'NOT met'})`);
    rmSync(staticFile, { force: true });

    // The tiers apart, the web tier's API behind the synthetic catalogue.
    const smoothDir = mkdtempSync(join(tmpdir(), 'bench-terminal-smooth-'));
    const site = await publicSite();
    const trading = await startServer({ ...deploymentSecrets, DATA_DIR: smoothDir, PUBLIC_ORIGIN: site.PUBLIC_ORIGIN, ROLE: 'trading', SEED_DEMO: 'always' });
    const catalogue = await syntheticCatalogue(trading.api);
    const web = await startServer({ ...deploymentSecrets, ...site, DATA_DIR: smoothDir, ROLE: 'web', TRADING_API_URL: catalogue.url });
    const browser = await chromium.launch(chromiumLaunch);
    const url = web.url;
    const freshCookie = await signedInCookie(url);
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies(freshCookie.split('; ').map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1), url })));
      // The open pair as the device keeps it for the server's render too (a cookie scoped to /mt4).
      await context.addCookies([{ name: 'asset-storage', value: encodeURIComponent(JSON.stringify(chartPair)), url: `${url}/mt4` }]);
      console.log(`\nChromium, ${instrumentCount} instruments, chart with SMA, EMA, Bollinger bands and RSI on, ${runSeconds} s each (frames per second; long tasks over 50 ms, count and longest)`);
      for (const [label, rate] of [
        ['silent feed (peer)', 0],
        ['10 updates/s of every instrument', 10],
      ] as const) {
        const page = await context.newPage();
        const r = await smoothness(page, url, catalogue.feedAt, rate);
        await page.close();
        const longest = r.longTasks.length ? Math.max(...r.longTasks) : 0;
        console.log(`  ${label.padEnd(34)} ${r.fps.toFixed(1).padStart(5)} fps  ${String(r.longTasks.length).padStart(4)} long tasks  longest ${longest.toFixed(0)} ms`);
      }
      console.log('  goal: no long task over 50 ms and ≥ 55 fps under updates');
    } finally {
      await browser.close();
      await web.stop();
      await catalogue.close();
      await trading.stop();
      rmSync(smoothDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(staticFile, { force: true });
    if (!stopped) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
