import { apiTokens } from '../../server/trading/db/schema';
import type { Server } from 'node:http';
import type { Express } from 'express';
import request from 'supertest';
import { closeServer, listen } from '../../server/listen';
import type { Database } from '../../server/trading/db/database';
import type { AssetPipeline } from '../../server/web/assets';
import { createWebApp, type WebApp } from '../../server/web/app';
import { createTradingClient } from '../../server/web/trading-client';
import { silentLogger, startTrading, testRealtimeCredentials } from './trading';

/** Stand-in assets so web tests need no client build: names are enough for the HTML. */
export const testAssets: AssetPipeline = {
  assets: { styles: ['/assets/app.css'], preludeScripts: [], runtime: '/assets/main.js', preloads: (islands) => islands.map((n) => `/assets/${n}.js`) },
  middleware: (_req, _res, next) => next(),
  close: async () => undefined,
};

export interface WebStack {
  web: Express;
  database: Database;
  apiUrl: string;
  /** Revokes every token in the database, and announces it as the API's own revocations do. */
  revokeEveryToken(): Promise<void>;
  close(): Promise<void>;
}

/** The trading API on a real port (the web tier reaches it over HTTP, as in production) and the web app for supertest. */
export async function startWebStack(): Promise<WebStack> {
  const { app, database, bus } = await startTrading();
  const { server, port } = await listen(app, 0, '127.0.0.1');
  const apiUrl = `http://127.0.0.1:${port}`;
  return {
    web: webAppFor(apiUrl),
    database,
    apiUrl,
    async revokeEveryToken() {
      const revoked = await database.db.update(apiTokens).set({ revokedAt: new Date() }).returning({ userId: apiTokens.userId });
      for (const userId of new Set(revoked.map((r) => r.userId))) bus.publish('access.changed', { userId });
    },
    async close() {
      await closeServer(server as Server, 100);
      await database.close();
    },
  };
}

export function webAppFor(apiUrl: string): WebApp {
  return createWebApp({
    logger: silentLogger,
    api: createTradingClient({ baseUrl: apiUrl, timeoutMs: 2_000 }),
    assets: testAssets,
    sessionSecret: 'test-secret-that-is-long-enough-0123456789',
    sessionMaxAgeHours: 1,
    settingsCacheMs: 0,
    trustProxy: 'loopback',
    metricsToken: undefined,
    feedApiKey: 'feed-key-for-tests-0123456789',
    realtimeKey: testRealtimeCredentials.key,
    publicOrigin: undefined,
    dev: false,
  });
}

/** The CSRF token the page hands to its islands. */
export function csrfFrom(html: string): string {
  const match = /"csrfToken":"([^"]+)"/.exec(html) ?? /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no CSRF token in page');
  return match[1];
}

/** A browser-like agent that has loaded the login page and signed in through the form's JSON path. */
export async function signedInAgent(web: Express, person: { email: string; password: string }) {
  const agent = request.agent(web);
  const page = await agent.get('/');
  const csrf = csrfFrom(page.text);
  const res = await agent.post('/session').set('X-CSRF-Token', csrf).set('Accept', 'application/json').send({ email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const dashboard = await agent.get('/main/dashboard');
  return { agent, csrf: csrfFrom(dashboard.text) };
}
