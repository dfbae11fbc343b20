import express from 'express';
import type { Request, Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { metricsEndpoint } from '../../server/metrics';

const token = 'metrics-token-0123456789';
const appWith = (options: { token: string | undefined }) => express().get('/metrics', metricsEndpoint(options));

/** The endpoint called with a request that arrived from `remoteAddress` (no server needed for an address supertest cannot give). */
async function statusFrom(remoteAddress: string): Promise<number> {
  let status = 200;
  const req = { socket: { remoteAddress }, headers: {}, get: () => undefined } as unknown as Request;
  const res = { status: (code: number) => ((status = code), res), json: () => res, setHeader: () => res, send: () => res } as unknown as Response;
  await metricsEndpoint({ token: undefined })(req, res, () => undefined);
  return status;
}

describe('/metrics access', () => {
  it('when no token is set, then a caller on this machine that came through no proxy is served', async () => {
    const res = await request(appWith({ token: undefined })).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain('cfd_order_duration_seconds');
  });

  it('when no token is set and the loopback request carries a forwarding header, then it is refused (a proxy on this host relayed it)', async () => {
    const app = appWith({ token: undefined });
    for (const [name, value] of [
      ['X-Forwarded-For', '203.0.113.9'],
      ['X-Forwarded-For', '127.0.0.1'],
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Real-IP', '203.0.113.9'],
    ] as const) {
      const res = await request(app).get('/metrics').set(name, value);
      expect(res.status, `${name}: ${value}`).toBe(404);
      expect(res.text).not.toContain('cfd_');
    }
  });

  it('when no token is set and the caller is on another host, then it is refused', async () => {
    expect(await statusFrom('203.0.113.9')).toBe(404);
    expect(await statusFrom('::ffff:10.0.0.5')).toBe(404);
    expect(await statusFrom('127.0.0.1')).toBe(200);
  });

  it('when a token is set, then its holder is served even through a proxy, and no one else, not even from loopback', async () => {
    const app = appWith({ token });
    expect((await request(app).get('/metrics')).status).toBe(404);
    expect((await request(app).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789')).status).toBe(404);
    expect((await request(app).get('/metrics').set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', '203.0.113.9')).status).toBe(200);
  });
});

describe('METRICS_TOKEN in a deployment', () => {
  const web = {
    ROLE: 'web',
    TRADING_API_URL: 'http://api:3001',
    SESSION_SECRET: 's'.repeat(32),
    FEED_API_KEY: 'k'.repeat(16),
    PUSHER_APP_KEY: 'app-key-1',
    PUBLIC_ORIGIN: 'https://trade.example.com',
  };
  const trading = { ROLE: 'trading', FEED_API_KEY: 'k'.repeat(16), PUSHER_APP_KEY: 'app-key-1', PUSHER_APP_SECRET: 'p'.repeat(32), PUBLIC_ORIGIN: 'https://trade.example.com' };
  const both = { DATABASE_URL: 'postgres://db/app', SESSION_SECRET: 's'.repeat(32), PUSHER_APP_SECRET: 'p'.repeat(32), PAYMENTS_PROVIDER: 'sandbox', PUBLIC_ORIGIN: 'https://trade.example.com' };

  it('when a tier of the deployment trusts a proxy (the loopback default included) and no token is set, then the start is refused naming the rule', () => {
    for (const env of [web, trading, both, { ...web, WEB_TRUST_PROXY: '10.0.0.0/8' }, { ...both, WEB_TRUST_PROXY: 'false' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        /METRICS_TOKEN: is required when ROLE=web or trading, or DATABASE_URL is set, while WEB_TRUST_PROXY or API_TRUST_PROXY trusts a proxy/,
      );
    }
  });

  it('when the token is set, or the tiers it runs trust no proxy, then it starts', () => {
    expect(loadConfig({ ...web, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ ...trading, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ ...both, METRICS_TOKEN: token }).metricsToken).toBe(token);
    // Only the tier this process runs counts: a web process is not asked about the API's proxy, nor a trading one about the web's.
    expect(loadConfig({ ...web, WEB_TRUST_PROXY: 'false' }).metricsToken).toBeUndefined();
    expect(loadConfig({ ...trading, API_TRUST_PROXY: '0' }).metricsToken).toBeUndefined();
    expect(loadConfig({ ...both, WEB_TRUST_PROXY: 'false', API_TRUST_PROXY: 'false' }).metricsToken).toBeUndefined();
  });

  it('when one embedded process runs (npm start), then no token is needed', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});
