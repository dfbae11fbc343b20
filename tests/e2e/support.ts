import { spawn, type ChildProcess } from 'node:child_process';
import { test as base, expect, request, type Page } from '@playwright/test';
import { e2ePorts } from '../../playwright.config';
import { payOnSandbox, testCards } from '../support/hosted-checkout';
import { freePort } from '../support/ports';
import { bearer } from '../support/bearer';

/**
 * Playwright's `test`, which also closes every browser context a test opened itself (`browser.newContext()`) when it
 * ends: left open, their pages went on running (live prices, sockets, rendering) for the rest of the worker's run,
 * 26 of them by the end, taking CPU from every later test. Every spec imports `test` from here.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});

export const demo = {
  trader: { email: 'trader@demo.test', password: 'trader-demo-1' },
  pending: { email: 'pending@demo.test', password: 'pending-demo-1' },
  disabled: { email: 'disabled@demo.test', password: 'disabled-demo-1' },
  staff: { email: 'staff@demo.test', password: 'staff-demo-1' },
  admin: { email: 'admin@demo.test', password: 'admin-demo-1' },
} as const;

/** Signs in through the login form (a plain form post: it works whether or not its script has run yet). */
export async function signIn(page: Page, person: { email: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens `path` (by default the page signing in lands on) signed in as `person`. The session comes from the login
 * form's own post, sent from the page's context without drawing the login page first: the form as a person uses it
 * is tested in foundation.spec.ts, and drawing it (and the dashboard after it) for every test cost the suite's CPU.
 */
export async function openSignedIn(page: Page, person: { email: string; password: string }, path?: string) {
  const form = await (await page.request.get('/login')).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(form)?.[1];
  if (!csrf) throw new Error('the login page has no CSRF token');
  const answer = await page.request.post('/session', { form: { _csrf: csrf, email: person.email, password: person.password }, maxRedirects: 0 });
  const landing = answer.headers()['location'];
  if (answer.status() !== 303 && answer.status() !== 302) throw new Error(`signing in answered ${answer.status()}`);
  await page.goto(path ?? landing!);
}

/** A customer of their own for a test that trades (registered, then approved by staff), so no other test sees its trades. */
/**
 * A fresh approved customer whose Live account holds `amount`, paid by card through the sandbox provider as
 * a customer would (docs/funding.md#card-deposits), so no spec moves the demo trader's seeded balance.
 */
export async function fundedCustomer(amount: string): Promise<{ email: string; password: string }> {
  const person = await freshCustomer();
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  try {
    const token = ((await (await api.post('/api/v1/auth/login', { data: person })).json()) as { data: { token: string } }).data.token;
    const headers = bearer(token);
    const opened = (await (await api.post('/api/v1/funding/deposits/card', { data: { amount }, headers })).json()) as { data: { url: string } };
    await payOnSandbox(opened.data.url, testCards.success);
    await expect
      .poll(async () => ((await (await api.get('/api/v1/funding', { headers })).json()) as { data: { account: { balance: number } } }).data.account.balance, { timeout: 15_000 })
      .toBe(Number(amount));
    // Withdrawals need approved identity and proof of address (docs/customer-area.md#verification).
    await verifyCustomer(person);
    return person;
  } finally {
    await api.dispose();
  }
}

/** A 1×1 PNG: the smallest file the document checks take as a photo. */
const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * Verifies a customer as the product does: they upload a passport page and a proof of address
 * (`POST /verification/documents`), staff approve both in the documents queue. A pending customer
 * becomes active by it (the gate lifts) when the site requires verification.
 */
export async function verifyCustomer(person: { email: string; password: string }): Promise<void> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  try {
    const tokenOf = async (who: { email: string; password: string }) => ((await (await api.post('/api/v1/auth/login', { data: who })).json()) as { data: { token: string } }).data.token;
    const customer = bearer(await tokenOf(person));
    const staff = bearer(await tokenOf(demo.staff));
    expect((await api.post('/api/v1/verification/details', { headers: customer, data: { birth_date: '1990-05-17' } })).status()).toBe(200);
    const documents: Record<string, string>[] = [{ kind: 'identity', id_type: 'passport', side: 'front' }, { kind: 'proof_of_address' }];
    for (const fields of documents) {
      const sent = await api.post('/api/v1/verification/documents', { headers: customer, multipart: { ...fields, file: { name: 'scan.png', mimeType: 'image/png', buffer: tinyPng } } });
      expect(sent.status()).toBe(201);
      const { id } = ((await sent.json()) as { data: { id: number } }).data;
      expect((await api.post(`/api/v1/admin/queues/documents/${id}/approve`, { headers: staff, data: {} })).status()).toBe(200);
    }
  } finally {
    await api.dispose();
  }
}

/** A person signed in to the API directly (for setting things up; the UI paths are what tests check): their bearer header and id. Dispose `api` after. */
export async function apiAs(person: { email: string; password: string }) {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  const { data } = (await (await api.post('/api/v1/auth/login', { data: person })).json()) as { data: { token: string; user: { id: number } } };
  return { api, headers: bearer(data.token), id: data.user.id };
}

/** Staff send the customer a notification (as the back office's Notify does). */
export async function notifyCustomer(customerId: number, notice: { title: string; message: string; color: 'success' | 'danger' | 'warning' | 'info' }) {
  const staff = await apiAs(demo.staff);
  const sent = await staff.api.post(`/api/v1/admin/users/${customerId}/notifications`, { headers: staff.headers, data: notice });
  expect(sent.status()).toBe(201);
  await staff.api.dispose();
}

export async function freshCustomer(plan?: 'pro' | 'premium'): Promise<{ email: string; password: string }> {
  return registeredCustomer({ approve: true, plan });
}

/** A newly registered customer (awaiting approval unless `approve`; on the default plan unless `plan`, which staff then give them). */
export async function registeredCustomer({ approve = false, plan }: { approve?: boolean; plan?: 'pro' | 'premium' | undefined } = {}): Promise<{ email: string; password: string }> {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  try {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const person = { email: `trader-${id}@example.test`, password: `pass-${id}` };
    const made = await api.post('/api/v1/auth/register', {
      data: {
        first_name: 'Ada',
        last_name: 'Byron',
        username: `ada${id}`,
        email: person.email,
        country_code: '+44',
        phone: '7700900123',
        country: 'uk',
        nationality: 'uk',
        password: person.password,
        confirm_password: person.password,
        // The test signs in through the pages; the API's own session is not wanted.
        sign_in: false,
      },
    });
    expect(made.status()).toBe(201);
    const userId = ((await made.json()) as { data: { user: { id: number } } }).data.user.id;
    if (!approve) return person;
    const login = await api.post('/api/v1/auth/login', { data: demo.staff });
    const { data } = (await login.json()) as { data: { token: string } };
    const headers = bearer(data.token);
    const approved = await api.patch(`/api/v1/admin/users/${userId}`, { data: { status: 'active' }, headers });
    expect(approved.status()).toBe(200);
    if (plan) {
      const site = (await (await api.get('/api/v1/data', { headers })).json()) as { data: { plans: { id: number; slug: string }[] } };
      const moved = await api.post(`/api/v1/admin/customers/${userId}/plan`, { data: { plan_id: site.data.plans.find((p) => p.slug === plan)!.id }, headers });
      expect(moved.status()).toBe(200);
    }
    return person;
  } finally {
    await api.dispose();
  }
}

/** Changes site settings through the trading API, as an admin would from the back office. */
export async function updateSiteSettings(patch: Record<string, unknown>) {
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${e2ePorts.api}` });
  try {
    const login = await api.post('/api/v1/auth/login', { data: demo.admin });
    expect(login.status()).toBe(200);
    const { data } = (await login.json()) as { data: { token: string } };
    const res = await api.patch('/api/v1/admin/settings', { data: patch, headers: bearer(data.token) });
    expect(res.status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** Switches the site on or off. */
export function setSiteStatus(status: 'enabled' | 'disabled', maintenanceMessage: string | null = null) {
  return updateSiteSettings({ status, maintenanceMessage });
}

export interface StartedServer {
  web: string;
  api: string | undefined;
  process: ChildProcess;
}

/**
 * Starts the built server as its own process with extra environment (on a copy of the run's data template when its
 * DATA_DIR does not exist yet: tests/e2e/serve.mjs); resolves with the URLs its banner prints.
 */
export async function startServer(env: Record<string, string>): Promise<StartedServer> {
  const child = spawn(process.execPath, ['tests/e2e/serve.mjs'], {
    // Staff sign in without a second factor here, as on the suite's own server (playwright.config.ts).
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', API_PORT: '0', PAYMENTS_SANDBOX_PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', STAFF_TWO_FACTOR: 'off', ROLLOVER_TIME: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<StartedServer>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const web = /Open (http:\/\/\S+?)\/ in your browser/.exec(out)?.[1];
      const api = /Trading API: (http:\/\/\S+?)\/api\/v1/.exec(out)?.[1];
      if (env.ROLE === 'trading' ? api : web && (api || env.ROLE === 'web')) resolve({ web: web ?? '', api, process: child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

// Tiers apart are a deployment: both must know the site's real origin (the web tier checks writes and socket
// upgrades against it, the API realtime upgrades) and carry a /metrics token (they trust a proxy on loopback).
const feedKey = { FEED_API_KEY: 'e2e-feed-key-0123456789', PUSHER_APP_KEY: 'e2e-pusher-key', METRICS_TOKEN: 'e2e-metrics-token-0123456789' };
// No settings cache, so the page reflects the API's state at once (by default it may lag up to SETTINGS_CACHE_MS).
const webTierOnly = { DATA_DIR: `test-results/e2e-web-${e2ePorts.web}`, SESSION_SECRET: 'e2e-session-secret-0123456789abcdef', SETTINGS_CACHE_MS: '0', ...feedKey };
/** The web origin each split stack was given, by the trading tier's data folder: a trading tier restarted on it answers to the same one. */
const webOriginOf = new Map<string, string>();

/** The two tiers as separate processes, the web tier pointed at the API, on a port chosen first so both know its origin. */
export async function startSplitTiers(dataDir: string, apiPort = 0): Promise<{ trading: StartedServer; web: StartedServer }> {
  const webPort = await freePort();
  const origin = `http://127.0.0.1:${webPort}`;
  webOriginOf.set(dataDir, origin);
  const trading = await startTradingTier(dataDir, apiPort);
  const web = await startServer({ ROLE: 'web', PORT: String(webPort), PUBLIC_ORIGIN: origin, TRADING_API_URL: trading.api!, ...webTierOnly });
  return { trading, web };
}

/** The trading tier alone (again on the same port and data, to restart it under a running web tier: it keeps that tier's origin). */
export function startTradingTier(dataDir: string, apiPort = 0): Promise<StartedServer> {
  // Without a web tier of its own, an origin where nothing listens (it needs one: ROLE=trading is a deployment).
  const origin = webOriginOf.get(dataDir) ?? 'http://127.0.0.1:9';
  return startServer({ ROLE: 'trading', DATA_DIR: dataDir, API_PORT: String(apiPort), PUBLIC_ORIGIN: origin, PUSHER_APP_SECRET: 'e2e-pusher-secret-0123456789abcdef0123', ...feedKey });
}

/** A web tier alone, pointed at an API address where nothing listens. */
export async function startOrphanWebTier(): Promise<StartedServer> {
  const webPort = await freePort();
  return startServer({ ROLE: 'web', PORT: String(webPort), PUBLIC_ORIGIN: `http://127.0.0.1:${webPort}`, TRADING_API_URL: 'http://127.0.0.1:9', ...webTierOnly });
}
