import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

/** What every deployment (ROLE=web/trading or DATABASE_URL) must say about itself: where customers reach it, and the /metrics token. */
const deployed = { PUBLIC_ORIGIN: 'https://trade.example.com', METRICS_TOKEN: 'm'.repeat(16) };

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
      ...deployed,
    });
    expect(config.web.port).toBe(8080);
    expect(config.web.publicOrigin).toBe('https://trade.example.com');
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
    expect(loadConfig({ ROLE: 'trading', DATABASE_URL: 'postgres://db/app', PUSHER_APP_SECRET: 'p'.repeat(32), PAYMENTS_PROVIDER: 'sandbox', ...shared, ...deployed }).sessionSecret).toBeUndefined();
  });

  it('when the product runs on its own database, then the card provider is chosen knowingly, and Stripe needs its keys', () => {
    const deployment = { DATABASE_URL: 'postgres://db/app', SESSION_SECRET: 's'.repeat(32), PUSHER_APP_SECRET: 'p'.repeat(32), ...deployed };
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
    expect(loadConfig({ ROLE: 'web', TRADING_API_URL: 'http://api:3001', SESSION_SECRET: 's'.repeat(32), PUSHER_APP_KEY: 'app-key-1', ...feedKey, ...deployed }).pusher).toEqual({
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

  describe('the rules of a deployment', () => {
    const trading = { ROLE: 'trading', FEED_API_KEY: 'k'.repeat(16), PUSHER_APP_KEY: 'app-key-1', PUSHER_APP_SECRET: 'p'.repeat(32) };
    const web = { ROLE: 'web', TRADING_API_URL: 'http://api:3001', SESSION_SECRET: 's'.repeat(32), FEED_API_KEY: 'k'.repeat(16), PUSHER_APP_KEY: 'app-key-1' };
    const database = { DATABASE_URL: 'postgres://db/app', SESSION_SECRET: 's'.repeat(32), PUSHER_APP_SECRET: 'p'.repeat(32), PAYMENTS_PROVIDER: 'sandbox' };
    const metricsRule = /METRICS_TOKEN: is required when ROLE=web or trading, or DATABASE_URL is set, while WEB_TRUST_PROXY or API_TRUST_PROXY trusts a proxy/;

    it('when ROLE=web or trading, or DATABASE_URL is set, without PUBLIC_ORIGIN, then the start stops naming it and why', () => {
      for (const [name, env] of Object.entries({ trading, web, database })) {
        expect(() => loadConfig({ ...env, METRICS_TOKEN: deployed.METRICS_TOKEN }), name).toThrow(
          /PUBLIC_ORIGIN: is required when ROLE=web or trading, or DATABASE_URL is set \(links in mails must reach the site/,
        );
      }
      expect(loadConfig({ ...web, ...deployed, PUBLIC_ORIGIN: 'https://trade.example.com/' }).web.publicOrigin).toBe('https://trade.example.com');
      expect(() => loadConfig({ ...web, ...deployed, PUBLIC_ORIGIN: 'ftp://trade.example.com' })).toThrow(/PUBLIC_ORIGIN: must be the site origin/);
    });

    it('when PUBLIC_ORIGIN and METRICS_TOKEN are both missing, then both are named in one message', () => {
      expect(() => loadConfig(trading)).toThrow(/PUBLIC_ORIGIN: is required[^]*METRICS_TOKEN: is required/);
    });

    it('when a deployed tier trusts a proxy (the default loopback included), then METRICS_TOKEN is required', () => {
      const origin = { PUBLIC_ORIGIN: deployed.PUBLIC_ORIGIN };
      expect(() => loadConfig({ ...web, ...origin })).toThrow(metricsRule);
      expect(() => loadConfig({ ...trading, ...origin, API_TRUST_PROXY: '10.0.0.0/8' })).toThrow(metricsRule);
      expect(() => loadConfig({ ...database, ...origin, WEB_TRUST_PROXY: 'false' })).toThrow(metricsRule);
      expect(() => loadConfig({ ...web, ...origin, METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
      expect(loadConfig({ ...database, ...deployed }).metricsToken).toBe(deployed.METRICS_TOKEN);
    });

    it('when the tiers a process runs trust no proxy, then METRICS_TOKEN may be left out', () => {
      const origin = { PUBLIC_ORIGIN: deployed.PUBLIC_ORIGIN };
      expect(loadConfig({ ...web, ...origin, WEB_TRUST_PROXY: 'false' }).metricsToken).toBeUndefined();
      // A web process does not run the API: what API_TRUST_PROXY says does not matter to it, and the other way round.
      expect(loadConfig({ ...web, ...origin, WEB_TRUST_PROXY: '0', API_TRUST_PROXY: 'true' }).metricsToken).toBeUndefined();
      expect(loadConfig({ ...trading, ...origin, API_TRUST_PROXY: 'false', WEB_TRUST_PROXY: 'true' }).metricsToken).toBeUndefined();
      expect(loadConfig({ ...database, ...origin, WEB_TRUST_PROXY: 'false', API_TRUST_PROXY: '0' }).metricsToken).toBeUndefined();
      expect(loadConfig({}).metricsToken).toBeUndefined();
    });

    it('when SOCKETS_PER_ADDRESS is given, then it caps sockets per address (100 by default), and nonsense is refused', () => {
      expect(loadConfig({}).socketsPerAddress).toBe(100);
      expect(loadConfig({ SOCKETS_PER_ADDRESS: '5000' }).socketsPerAddress).toBe(5000);
      expect(loadConfig({ SOCKETS_PER_ADDRESS: '1000000' }).socketsPerAddress).toBe(1_000_000);
      for (const bad of ['0', '-1', '2.5', 'many', '1000001']) {
        expect(() => loadConfig({ SOCKETS_PER_ADDRESS: bad }), bad).toThrow(`SOCKETS_PER_ADDRESS: must be a whole number from 1 to 1000000 (got "${bad}")`);
      }
    });
  });

  it('when a variable is empty, then its default applies', () => {
    expect(loadConfig({ PORT: '' }).web.port).toBe(3000);
  });
});
