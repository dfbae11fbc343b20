import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('config', () => {
  it('when nothing is set, then the embedded defaults apply', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      role: 'both',
      web: { port: 3000, host: '0.0.0.0' },
      api: { port: 3001, host: '127.0.0.1', url: 'http://127.0.0.1:3001' },
      dataDir: './data',
      database: { url: undefined, poolMax: 10 },
      seedDemo: 'auto',
      tokenTtlHours: 12,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('when values are given, then they are parsed into numbers and URLs', () => {
    const config = loadConfig({
      PORT: '8080',
      API_PORT: '0',
      DATABASE_URL: 'postgres://u@db:5432/app',
      TRADING_API_URL: 'http://api:3001/',
      ROLE: 'web',
      SESSION_SECRET: 's'.repeat(32),
      FEED_API_KEY: 'k'.repeat(16),
      PUSHER_APP_KEY: 'app-key-1',
    });
    expect(config.web.port).toBe(8080);
    expect(config.api.port).toBe(0);
    expect(config.database.url).toBe('postgres://u@db:5432/app');
    expect(config.api.url).toBe('http://api:3001');
  });

  it('when a value is bad, then the start stops with a message naming each variable', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/app', SEED_DEMO: 'sometimes', SESSION_SECRET: 'short' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT: must be a port number from 0 to 65535 (got "eighty")');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('SEED_DEMO: must be one of auto, always, never');
    expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
  });

  it('when a port is out of range, then it is refused', () => {
    expect(() => loadConfig({ API_PORT: '70000' })).toThrow(/API_PORT/);
  });

  it('when only the web tier runs, then it needs to know where the API is', () => {
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(/TRADING_API_URL: is required when ROLE=web/);
  });

  it('when web processes may be several, then they must share a session secret', () => {
    const shared = { FEED_API_KEY: 'k'.repeat(16), PUSHER_APP_KEY: 'app-key-1' };
    expect(() => loadConfig({ ROLE: 'web', TRADING_API_URL: 'http://api:3001', ...shared })).toThrow(/SESSION_SECRET: is required/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app' })).toThrow(/SESSION_SECRET: is required/);
    expect(loadConfig({ ROLE: 'trading', DATABASE_URL: 'postgres://db/app', PUSHER_APP_SECRET: 'p'.repeat(32), PAYMENTS_PROVIDER: 'sandbox', ...shared }).sessionSecret).toBeUndefined();
  });

  it('when the product runs on its own database, then the card provider is chosen knowingly, and Stripe needs its keys', () => {
    const deployment = { DATABASE_URL: 'postgres://db/app', SESSION_SECRET: 's'.repeat(32), PUSHER_APP_SECRET: 'p'.repeat(32) };
    expect(() => loadConfig(deployment)).toThrow(/PAYMENTS_PROVIDER: is required when DATABASE_URL is set/);
    expect(loadConfig({ ...deployment, PAYMENTS_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
    expect(() => loadConfig({ ...deployment, PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: are required/);
    expect(loadConfig({ ...deployment, PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }).payments.stripe.secretKey).toBe('sk_test_abc123');
    expect(() => loadConfig({ CRYPTO_XPUB_BTC: 'xprv9s21ZrQH143K' })).toThrow(/CRYPTO_XPUB_BTC: must be an extended public key/);
    expect(loadConfig({}).payments).toMatchObject({ provider: 'sandbox', sandbox: { port: 3002 } });
  });

  it('when the tiers run apart, then they must share the price feed key', () => {
    expect(() => loadConfig({ ROLE: 'trading' })).toThrow(/FEED_API_KEY: is required when ROLE=trading/);
    expect(loadConfig({}).feedApiKey).toBeUndefined();
  });

  it('when the tiers run apart or trading processes may be several, then they share the realtime key and secret', () => {
    const feedKey = { FEED_API_KEY: 'k'.repeat(16) };
    expect(() => loadConfig({ ROLE: 'trading', ...feedKey })).toThrow(/PUSHER_APP_KEY: is required when ROLE=trading/);
    expect(() => loadConfig({ ROLE: 'trading', PUSHER_APP_KEY: 'app-key-1', ...feedKey })).toThrow(/PUSHER_APP_SECRET: is required/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/app', SESSION_SECRET: 's'.repeat(32) })).toThrow(/PUSHER_APP_SECRET: is required/);
    expect(() => loadConfig({ PUSHER_APP_KEY: 'no spaces here' })).toThrow(/PUSHER_APP_KEY: must be 8 to 64 letters/);
    expect(loadConfig({ ROLE: 'web', TRADING_API_URL: 'http://api:3001', SESSION_SECRET: 's'.repeat(32), PUSHER_APP_KEY: 'app-key-1', ...feedKey }).pusher).toEqual({
      key: 'app-key-1',
      secret: undefined,
    });
    expect(loadConfig({}).pusher).toEqual({ key: undefined, secret: undefined });
  });

  it('when trust proxy settings are given, then they become what Express expects, and nonsense is refused', () => {
    expect(loadConfig({}).trustProxy).toEqual({ web: 'loopback', api: 'loopback' });
    expect(loadConfig({ WEB_TRUST_PROXY: '1', API_TRUST_PROXY: 'true' }).trustProxy).toEqual({ web: 1, api: true });
    expect(loadConfig({ API_TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy.api).toBe('10.0.0.0/8, 192.168.1.7,loopback');
    expect(() => loadConfig({ WEB_TRUST_PROXY: 'yes please' })).toThrow(/WEB_TRUST_PROXY: must be true, false, a hop count/);
    expect(() => loadConfig({ API_TRUST_PROXY: '10.0.0.0/99' })).toThrow(/API_TRUST_PROXY/);
  });

  it('when a variable is empty, then its default applies', () => {
    expect(loadConfig({ PORT: '' }).web.port).toBe(3000);
  });
});
