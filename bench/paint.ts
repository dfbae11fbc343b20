/**
 * Paint figures a person would recognise: Chromium loading the product's pages over an emulated slow network, signed
 * in, with an empty cache (cold) and again with the cache the first visit left (warm). For each: requests that went to
 * the network until it was quiet (the load event's and what came after it: the chart library, the sockets' clients) and
 * bytes as they crossed it (headers included), by type, first and largest contentful paint, the load event, and on the trade rooms the time
 * until a live price is on screen (the server's last known price replaced by one from the feed).
 *
 * The peer, in the same run and over the same networks: /mt4's islands as one client-rendered SPA (./spa), whose
 * first paint can come no sooner than its scripts and sheets have arrived (its load event), and which then still has
 * its data to fetch. BENCH_PAINT_PAGES=dashboard,mt4 limits the pages (by the names below).
 *
 * Where HAProxy is installed, each page also cold through it as a deployment serves it (./tls-front): TLS over
 * HTTP/1.1, and TLS over HTTP/2.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumLaunch } from '../playwright.config';
import { paths } from '../shared/routes';
import { buildSpa, type SpaBuild } from './spa';
import { kb, signedInCookie, startServer } from './support';
import { tlsFront } from './tls-front';

/** Network profiles: the slow 3G, and Lighthouse's mobile slow 4G (its `mobileSlow4G` throttling). */
const networks = [
  { name: 'slow 3G', latencyMs: 400, downKbps: 400, upKbps: 400 },
  { name: 'slow 4G', latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 },
] as const;
type Network = (typeof networks)[number];

interface PageSpec {
  name: string;
  path: string;
  signedIn: boolean;
  /** Where the page shows a live price, if it does. */
  livePrice?: string;
}

const pages: PageSpec[] = [
  { name: 'login', path: paths.login, signedIn: false },
  { name: 'dashboard', path: paths.dashboard, signedIn: true },
  { name: 'mt4', path: paths.tradeRoom, signedIn: true, livePrice: '.trade-buy strong' },
  { name: 'mt4-light', path: paths.lightTerminal, signedIn: true, livePrice: '.trade-buy strong' },
  { name: 'marketplace', path: paths.marketplace, signedIn: true },
  { name: 'deposit', path: paths.deposit, signedIn: true },
];

interface Visit {
  /** Requests that went to the network (not answered from the browser's cache), by type. */
  requestsByType: Map<string, number>;
  bytesByType: Map<string, number>;
  fcp: number | null;
  lcp: number | null;
  /** The largest paint's element, as `tag.class`. */
  lcpElement: string | null;
  load: number;
  livePrice: number | null;
}

/** Set before any script of the page: paint entries as they come, and the moment a live price first differs from the server's. */
const watchPage = (livePrice: string | undefined) => `(() => {
  const seen = (window.__paint = { fcp: null, lcp: null, lcpElement: null, live: null });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') seen.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { seen.lcp = e.startTime; seen.lcpElement = e.element ? e.element.tagName.toLowerCase() + (e.element.className ? '.' + String(e.element.className).split(' ')[0] : '') : null; } }).observe({ type: 'largest-contentful-paint', buffered: true });
  const selector = ${JSON.stringify(livePrice ?? null)};
  if (!selector) return;
  let first = null;
  const check = () => {
    const text = document.querySelector(selector)?.textContent ?? null;
    if (text === null) return;
    if (first === null) first = text;
    else if (text !== first && seen.live === null) seen.live = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

/** Resource types as DevTools names them, folded into the few a reader compares. */
const typeOf = (cdpType: string) => ({ Document: 'html', Script: 'js', Stylesheet: 'css', Image: 'image', Font: 'font', Fetch: 'api', XHR: 'api' })[cdpType] ?? 'other';

async function visit(context: BrowserContext, origin: string, spec: PageSpec, network: Network): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: (network.downKbps * 1024) / 8,
    uploadThroughput: (network.upKbps * 1024) / 8,
  });
  await page.addInitScript(watchPage(spec.livePrice));
  const types = new Map<string, string>();
  const cached = new Set<string>();
  const bytesByType = new Map<string, number>();
  const requestsByType = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => types.set(e.requestId, typeOf(e.type ?? 'Other')));
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.status === 304) cached.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    if (!type) return;
    bytesByType.set(type, (bytesByType.get(type) ?? 0) + e.encodedDataLength);
    if (!cached.has(e.requestId)) requestsByType.set(type, (requestsByType.get(type) ?? 0) + 1);
  });
  await page.goto(`${origin}${spec.path}`, { waitUntil: 'load', timeout: 120_000 });
  const load = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart);
  if (spec.livePrice) await page.waitForFunction(() => (window as unknown as { __paint: { live: number | null } }).__paint.live !== null, null, { timeout: 60_000 }).catch(() => undefined);
  // The largest paint is final, and what loads after the load event (the chart library, the sockets' clients) has come, once the page is quiet.
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  const seen = await page.evaluate(() => (window as unknown as { __paint: { fcp: number | null; lcp: number | null; lcpElement: string | null; live: number | null } }).__paint);
  await page.close();
  return { requestsByType, bytesByType, fcp: seen.fcp, lcp: seen.lcp, lcpElement: seen.lcpElement, load, livePrice: seen.live };
}

/** Cold (a fresh browser profile) and warm (the same profile, visited once before). */
async function coldAndWarm(newContext: () => Promise<BrowserContext>, origin: string, spec: PageSpec, network: Network): Promise<[Visit, Visit]> {
  const context = await newContext();
  try {
    const cold = await visit(context, origin, spec, network);
    const warm = await visit(context, origin, spec, network);
    return [cold, warm];
  } finally {
    await context.close();
  }
}

const ms = (n: number | null) => (n === null ? '—' : `${(n / 1000).toFixed(2)} s`).padStart(8);
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const byType = (v: Visit) =>
  [...v.bytesByType]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${type} ${v.requestsByType.get(type) ?? 0}/${kb(n)}`)
    .join(', ');

function line(label: string, v: Visit): string {
  return `  ${label.padEnd(22)} ${String(sum(v.requestsByType)).padStart(4)} req ${kb(sum(v.bytesByType)).padStart(10)}  FCP ${ms(v.fcp)}  LCP ${ms(v.lcp)}  load ${ms(v.load)}  live price ${ms(v.livePrice)}   (${byType(v)}; largest: ${v.lcpElement ?? '—'})`;
}

/** The SPA build served as static files, every path not a file answered with its page. */
async function serveSpa(spa: SpaBuild): Promise<{ origin: string; server: Server }> {
  const mime: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!)).replace(/^(\.\.[/\\])+/, '');
    if (path.startsWith('/assets/')) {
      res.writeHead(200, { 'Content-Type': mime[extname(path)] ?? 'application/octet-stream', 'Cache-Control': 'public, max-age=31536000, immutable' });
      createReadStream(join(spa.outDir, path))
        .on('error', () => res.end())
        .pipe(res);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(spa.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function paintBench(): Promise<void> {
  const only = process.env.BENCH_PAINT_PAGES?.split(',');
  const chosen = pages.filter((p) => !only || only.includes(p.name));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-paint-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const spa = await buildSpa();
  const spaServer = await serveSpa(spa);
  const browser = await chromium.launch(chromiumLaunch);
  const front = await tlsFront(server.url);
  try {
    const cookie = await signedInCookie(server.url);
    // Chromium binds a cookie to the scheme and port it was set for: the session goes to each address the pages load from.
    const origins = [server.url, ...(front ? [front.h1, front.h2] : [])];
    const cookies = origins.flatMap((url) => cookie.split('; ').map((c) => ({ name: c.slice(0, c.indexOf('=')), value: c.slice(c.indexOf('=') + 1), url })));
    const contextFor = (signedIn: boolean) => async () => {
      // The TLS front's certificate is made for this run.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: true });
      if (signedIn) await context.addCookies(cookies);
      return context;
    };
    console.log(
      '\nPaint: Chromium over an emulated network, cold cache then warm (requests and bytes on the wire by type, first and largest contentful paint, load event; built server, one process, PGlite)',
    );
    for (const network of networks) {
      console.log(`\n${network.name} (${network.downKbps} kbps down, ${network.upKbps} kbps up, ${network.latencyMs} ms RTT)`);
      for (const spec of chosen) {
        const [cold, warm] = await coldAndWarm(contextFor(spec.signedIn), server.url, spec, network);
        console.log(line(`${spec.name} cold`, cold));
        console.log(line(`${spec.name} warm`, warm));
      }
      const [cold, warm] = await coldAndWarm(contextFor(false), spaServer.origin, { name: 'spa', path: '/', signedIn: false }, network);
      console.log(line('SPA of /mt4 cold (peer)', cold));
      console.log(line('SPA of /mt4 warm (peer)', warm));
      if (!front) continue;
      // As a deployment serves them: TLS at HAProxy, over HTTP/1.1 (six connections) and over HTTP/2 (one).
      for (const spec of chosen) {
        for (const [protocol, origin] of [
          ['TLS HTTP/1.1', front.h1],
          ['TLS HTTP/2', front.h2],
        ] as const) {
          const [cold] = await coldAndWarm(contextFor(spec.signedIn), origin, spec, network);
          console.log(line(`${spec.name} cold, ${protocol}`, cold));
        }
      }
    }
    if (!front) console.log('\n  (HAProxy not installed: no rows over TLS and HTTP/2)');
    console.log('\n  goals (slow 3G, cold): /mt4 first paint (with the last known prices) ≤ 2.5 s, ≤ 30 requests, load ≤ 6 s; dashboard first paint ≤ 1.5 s, ≤ 15 requests');
    console.log('  (the SPA peer paints nothing of the data before its load event and the API calls after it)');
  } finally {
    await browser.close();
    front?.stop();
    spaServer.server.close();
    spa.remove();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
