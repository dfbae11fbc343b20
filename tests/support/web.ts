import { apiTokens } from '../../server/trading/db/schema';
import type { Express } from 'express';
import request from 'supertest';
import { Lifecycle } from '../../server/compose/lifecycle';
import type { TradingOverrides } from '../../server/compose/trading';
import { composeWeb, type WebOverrides, type WebTier } from '../../server/compose/web';
import type { Market } from '../../server/trading/market/market';
import type { Database } from '../../server/trading/db/database';
import type { AssetPipeline } from '../../server/web/assets';
import type { WebApp } from '../../server/web/app';
import { silentLogger, startTrading, testConfig } from './trading';
import { csrfFrom } from './browser-session';

export { csrfFrom };

/** Stand-in assets so web tests need no client build: names are enough for the HTML. */
export const testAssets: AssetPipeline = {
  assets: {
    links: ({ islands, scripts }) => ({
      styles: ['/assets/app.css'],
      preloads: islands.map((n) => `/assets/${n}.js`),
      scripts: [...(islands.length > 0 ? ['/assets/main.js'] : []), ...scripts.map((n) => `/assets/${n}.js`)],
    }),
  },
  middleware: (_req, _res, next) => next(),
  close: async () => undefined,
};

export interface WebStack {
  web: Express;
  /** The same web tier handing the pages' calls to the API's app in this process, as one process does (`ROLE=both`). */
  webInProcess: Express;
  /** The API's app, for a web tier composed in a test's own way. */
  tradingApp: Express;
  database: Database;
  /** The trading tier's market (what its quotes and conditions are now). */
  market: Market;
  apiUrl: string;
  /** Revokes every token in the database, and announces it as the API's own revocations do. */
  revokeEveryToken(): Promise<void>;
  close(): Promise<void>;
}

/** The trading API on a real port (the web tier reaches it over HTTP, as in production) and the web app for supertest. */
export async function startWebStack(tradingOverrides: TradingOverrides = {}): Promise<WebStack> {
  const lifecycle = new Lifecycle();
  const { trading, database, bus, market } = await startTrading({ lifecycle, ...tradingOverrides });
  const { port } = await trading.listen(0, '127.0.0.1');
  const apiUrl = `http://127.0.0.1:${port}`;
  return {
    web: webAppFor(apiUrl),
    webInProcess: composeTestWeb(apiUrl, { inProcessApi: trading.app }).app,
    tradingApp: trading.app,
    database,
    market,
    apiUrl,
    async revokeEveryToken() {
      const revoked = await database.db.update(apiTokens).set({ revokedAt: new Date() }).returning({ userId: apiTokens.userId });
      for (const userId of new Set(revoked.map((r) => r.userId))) bus.publish('access.changed', { userId });
    },
    async close() {
      await lifecycle.stop({ graceMs: 100 });
      await database.close();
    },
  };
}

/** The web tier composed as a process composes it, on the test configuration, with stand-in assets, in front of the API at `apiUrl`. */
export function composeTestWeb(apiUrl: string, overrides: Partial<WebOverrides> = {}): WebTier {
  return composeWeb(testConfig(), { assets: testAssets, logger: silentLogger, apiUrl, apiTimeoutMs: 2_000, ...overrides });
}

export function webAppFor(apiUrl: string): WebApp {
  return composeTestWeb(apiUrl).app;
}

/** A browser-like agent that has loaded the login page and signed in through the form's JSON path. */
export async function signedInAgent(web: Express, person: { email: string; password: string }) {
  const agent = request.agent(web);
  const page = await agent.get('/');
  const csrf = csrfFrom(page.text);
  const res = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send({ email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  // Customers land on the dashboard, staff on the back office (a redirect from it).
  const landing = await agent.get('/main/dashboard').redirects(1);
  return { agent, csrf: csrfFrom(landing.text) };
}

/** A page's text without its tags and scripts, spaces collapsed (React splits text around expressions). */
export const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
