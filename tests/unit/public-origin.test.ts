import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { isLoopbackOrigin } from '../../server/trading/auth/link-origin';

const keys = {
  METRICS_TOKEN: 'm'.repeat(16),
  FEED_API_KEY: 'f'.repeat(16),
  PUSHER_APP_KEY: 'app-key-1',
  PUSHER_APP_SECRET: 'p'.repeat(32),
  SESSION_SECRET: 's'.repeat(32),
  PAYMENTS_PROVIDER: 'sandbox',
};

describe('PUBLIC_ORIGIN outside the embedded mode', () => {
  it('when ROLE is web or trading, or DATABASE_URL is set, then PUBLIC_ORIGIN is required and the rule is named', () => {
    const rule = /PUBLIC_ORIGIN: is required when ROLE=web or trading, or DATABASE_URL is set/;
    expect(() => loadConfig({ ROLE: 'trading', ...keys })).toThrow(rule);
    expect(() => loadConfig({ ROLE: 'web', TRADING_API_URL: 'http://api:3001', ...keys })).toThrow(rule);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app', ...keys })).toThrow(rule);
    expect(loadConfig({ ROLE: 'trading', PUBLIC_ORIGIN: 'https://trade.example.com/', ...keys }).web.publicOrigin).toBe('https://trade.example.com');
  });

  it('when one process keeps its own data (the embedded mode), then PUBLIC_ORIGIN may be left out', () => {
    expect(loadConfig({}).web.publicOrigin).toBeUndefined();
  });
});

describe('loopback origins', () => {
  it.each([
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://app.localhost:8080',
    'http://127.0.0.1:3000',
    'http://127.8.9.10',
    'http://[::1]:3000',
    'http://0.0.0.0:3000',
    'http://[::ffff:127.0.0.1]',
  ])('%s is loopback', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(true);
  });

  it.each(['https://trade.example.com', 'http://10.0.0.5:8080', 'http://localhost.example.com', 'http://128.0.0.1', 'http://[::2]'])('%s is not', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(false);
  });
});
