/**
 * Foundation figures, each beside a peer measured in the same run.
 *
 * 1. Page weight: the JavaScript the login page loads (raw, gzip -9, brotli q11, and as served to a browser that
 *    accepts brotli and to one that accepts only gzip), against React and
 *    ReactDOM alone hydrating one component (the floor for any React island), built here by Vite; the
 *    CSS it links, against Pico alone as it ships; and the CSS of the main pages.
 * 2. Throughput on the built server (a child process, fresh embedded database; again on a fresh PostgreSQL database
 *    with BENCH_DATABASE_URL or TEST_DATABASE_URL): the server-rendered login page and the dashboard (gate + API
 *    calls + render) against the web tier's bare /healthz, and the API's GET /user (bearer lookup + presenter) against
 *    its bare /healthz.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { benchPostgresUrl, deploymentSecrets, kb, load as loadWith, publicSite, root, row, seconds, servedBytes, signedInCookie, sizes, startServer, withScratchPostgres } from './support';

async function reactFloor() {
  // Inside the project so the build resolves react from our node_modules (dist/ is ignored by git).
  const dir = mkdtempSync(join(root, 'dist', 'bench-react-'));
  try {
    writeFileSync(
      join(dir, 'entry.js'),
      "import { createElement } from 'react';\nimport { hydrateRoot } from 'react-dom/client';\nhydrateRoot(document.getElementById('x'), createElement('button', null, 'hi'));\n",
    );
    await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir: join(dir, 'out'), rolldownOptions: { input: join(dir, 'entry.js') } } });
    const out = join(dir, 'out', 'assets');
    return sizes(
      readdirSync(out)
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(join(out, f))),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = (url: string, headers: Record<string, string> = {}) => loadWith({ url, headers });

export async function foundationBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const html = await (await fetch(`${server.url}/`)).text();
    const scriptUrls = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => m[1]!);
    const page = sizes(await Promise.all(scriptUrls.map(async (u) => Buffer.from(await (await fetch(`${server.url}${u}`)).arrayBuffer()))));
    const floor = await reactFloor();
    console.log('\nLogin page JavaScript (all scripts and module preloads it references)');
    console.log(`  ours                 ${kb(page.raw).padStart(10)} raw  ${kb(page.gzip).padStart(10)} gzip  ${kb(page.brotli).padStart(10)} brotli  (${scriptUrls.length} files)`);
    console.log(`  React+ReactDOM floor ${kb(floor.raw).padStart(10)} raw  ${kb(floor.gzip).padStart(10)} gzip  ${kb(floor.brotli).padStart(10)} brotli`);
    console.log(`  ratio ours/floor     ${(page.gzip / floor.gzip).toFixed(2)}x gzip, ${(page.brotli / floor.brotli).toFixed(2)}x brotli`);
    for (const accept of ['br, gzip', 'gzip']) {
      const served = await Promise.all(scriptUrls.map((u) => servedBytes(`${server.url}${u}`, accept)));
      const encodings = [...new Set(served.map((s) => s.encoding))].join('/');
      console.log(`  as served to Accept-Encoding: ${accept.padEnd(9)} ${kb(served.reduce((n, s) => n + s.bytes, 0)).padStart(10)} (${encodings})`);
    }

    const cookie = await signedInCookie(server.url);
    /** Every style sheet a page has (all in its <head>), linked or inside it. */
    const cssOf = async (path: string, headers: Record<string, string> = {}) => {
      const html = await (await fetch(`${server.url}${path}`, { headers })).text();
      // Linked, and the small ones sent inside the page (their built files, for their sizes).
      const urls = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"|<style data-sheet="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
      return { files: urls.length, ...sizes(await Promise.all(urls.map(async (u) => Buffer.from(await (await fetch(`${server.url}${u}`)).arrayBuffer())))) };
    };
    const cssRow = (name: string, c: { raw: number; gzip: number; brotli: number }, files?: number) =>
      `  ${name.padEnd(20)} ${kb(c.raw).padStart(10)} raw  ${kb(c.gzip).padStart(10)} gzip  ${kb(c.brotli).padStart(10)} brotli${files === undefined ? '' : `  (${files} files)`}`;
    const loginCss = await cssOf('/');
    const pico = sizes([readFileSync(join(root, 'node_modules/@picocss/pico/css/pico.min.css'))]);
    console.log('\nLogin page CSS (every style sheet it links)');
    console.log(cssRow('ours', loginCss, loginCss.files));
    console.log(cssRow('Pico alone (whole)', pico));
    console.log('\nCSS per page');
    for (const [path, headers] of [
      ['/', {}],
      ['/signup', {}],
      ['/main/dashboard', { Cookie: cookie }],
      ['/mt4', { Cookie: cookie }],
      ['/main/chat', { Cookie: cookie }],
      ['/main/marketplace', { Cookie: cookie }],
    ] as const) {
      const css = await cssOf(path, headers);
      console.log(cssRow(path, css, css.files));
    }
    await throughput(server, cookie, 'PGlite');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = benchPostgresUrl();
  if (adminUrl)
    await withScratchPostgres(adminUrl, 'foundation', async (url, pgDir) => {
      const site = await publicSite();
      const onPostgres = await startServer({ ...deploymentSecrets, ...site, DATA_DIR: pgDir, DATABASE_URL: url, DATABASE_POOL_MAX: '20', SEED_DEMO: 'always', PAYMENTS_PROVIDER: 'sandbox' });
      try {
        await throughput(onPostgres, await signedInCookie(onPostgres.url), 'PostgreSQL');
      } finally {
        await onPostgres.stop();
      }
    });
}

/** The pages' and the API's rates against their tier's bare /healthz, on one server (both tiers in one process). */
async function throughput(server: { url: string; api: string }, cookie: string, database: string): Promise<void> {
  const login = await fetch(`${server.api}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'trader@demo.test', password: 'trader-demo-1' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  console.log(`\nThroughput, ${database}, 10 connections, ${seconds} s each (requests/s, latency p50/p99 ms)`);
  const rows: [string, Awaited<ReturnType<typeof load>>][] = [
    ['web  /healthz (peer)', await load(`${server.url}/healthz`)],
    ['web  GET / login page', await load(`${server.url}/`)],
    ['web  GET /main/dashboard', await load(`${server.url}/main/dashboard`, { Cookie: cookie })],
    ['api  /healthz (peer)', await load(`${server.api}/healthz`)],
    ['api  GET /api/v1/user', await load(`${server.api}/api/v1/user`, { Authorization: `Bearer ${token}` })],
  ];
  for (const [name, r] of rows) console.log(row(name, r));
  const [webPeer, loginPage, dashboard, apiPeer, user] = rows.map(([, r]) => r.rps);
  console.log(`  login page / web peer      ${(loginPage! / webPeer!).toFixed(2)}x`);
  console.log(`  dashboard / web peer       ${(dashboard! / webPeer!).toFixed(2)}x`);
  console.log(`  GET /user / api peer       ${(user! / apiPeer!).toFixed(2)}x`);
}
