import { describe, expect, it } from 'vitest';
import { loginRequest } from '../../shared/api/credentials.schema';
import { fieldErrors, firstError } from '../../shared/api/common.schema';
import { feedUpdateOf, feedUpdateSchema } from '../../shared/api/feed.schema';
import { decimalOfNumber } from '../../shared/api/wire';
import { settingsUpdateRequest } from '../../shared/api/settings.schema';
import { formatMoney, Money } from '../../shared/money';
import { isPublicPath, safeNextPath } from '../../shared/routes';

describe('login request', () => {
  it('when the e-mail has spaces and capitals, then it is trimmed and lower-cased', () => {
    expect(loginRequest.parse({ email: '  Trader@Demo.TEST ', password: 'x' }).email).toBe('trader@demo.test');
  });

  it('when fields are missing or wrong, then each gets its own text', () => {
    const result = loginRequest.safeParse({ email: 'nope' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Please enter your password'],
    });
  });

  it('when the body is not an object, then the error belongs to the whole body', () => {
    const result = loginRequest.safeParse('x');
    expect(Object.keys(fieldErrors(result.error!.issues))).toEqual(['_']);
    expect(firstError({})).toBe('The given data was invalid.');
  });
});

describe('settings update', () => {
  it('when staff send known fields, then they pass; unknown fields are refused', () => {
    expect(settingsUpdateRequest.safeParse({ status: 'disabled', maintenanceMessage: 'Back soon' }).success).toBe(true);
    expect(settingsUpdateRequest.safeParse({ status: 'off' }).success).toBe(false);
    expect(settingsUpdateRequest.safeParse({ admin: true }).success).toBe(false);
    expect(settingsUpdateRequest.safeParse({ r_page: 'xx' }).success).toBe(false);
  });

  it('when a link or image is not http(s) or a path on this site, then it is refused', () => {
    for (const ok of ['/legal/terms', 'https://example.com/terms', 'http://example.com', null]) {
      expect(settingsUpdateRequest.safeParse({ terms_url: ok }).success).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,x', ' JAVASCRIPT:alert(1)', 'ftp://x']) {
      expect(settingsUpdateRequest.safeParse({ logo: bad }).success).toBe(false);
    }
  });
});

describe('routes', () => {
  it('knows the gate-exempt pages', () => {
    for (const path of ['/', '/login', '/signup', '/register', '/register/country-residence', '/forgot-password', '/auto-login']) {
      expect(isPublicPath(path)).toBe(true);
    }
    expect(isPublicPath('/register/')).toBe(true);
    expect(isPublicPath('/main/dashboard')).toBe(false);
    expect(isPublicPath('/mt4')).toBe(false);
  });

  it('when a next path points off the site, then it is refused', () => {
    expect(safeNextPath('/main/dashboard?x=1')).toBe('/main/dashboard?x=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', 42, '/\u0000x']) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });
});

describe('money formatting', () => {
  it('groups thousands and keeps the currency decimals without float error', () => {
    expect(formatMoney({ amount: '25000', currency: 'USD', symbol: '$' })).toBe('$25,000.00');
    expect(formatMoney({ amount: '0.1', currency: 'USD', symbol: '$' })).toBe('$0.10');
    expect(formatMoney({ amount: '-1234.565', currency: 'EUR', symbol: '€' })).toBe('-€1,234.57');
    expect(formatMoney({ amount: '150000.4', currency: 'JPY', symbol: '¥', decimals: 0 })).toBe('¥150,000');
    expect(formatMoney({ amount: '10', currency: 'XYZ' })).toBe('10.00 XYZ');
  });
});

describe('the feed hot-path check', () => {
  const good = {
    id: 'EURUSD',
    symbol: 'EURUSD',
    price: 1.1,
    bid: 1.0999,
    ask: 1.1001,
    priceLow24h: 1.09,
    priceHigh24h: 1.11,
    change24h: -0.001,
    changePercent24h: -0.09,
    volume24h: 12,
    lastUpdated: '2026-11-22T08:00:00.000Z',
    seq: 3,
  };
  const variants: unknown[] = [
    [good],
    [],
    [{ ...good, price: '1.10000' }],
    [{ ...good, bid: '1,0999' }],
    [{ ...good, ask: Number.POSITIVE_INFINITY }],
    [{ ...good, change24h: Number.NaN }],
    [{ ...good, changePercent24h: undefined }],
    [{ ...good, id: 7 }],
    [{ ...good, seq: undefined }],
    [{ ...good, volume24h: '12' }],
    [{ ...good, lastUpdated: 'soon' }],
    [{ ...good, symbol: null }],
    [good, null],
    { 0: good },
    'data',
  ];
  it('accepts and refuses exactly what feedUpdateSchema does', () => {
    for (const payload of variants) expect(feedUpdateOf(payload) !== null, JSON.stringify(payload)).toBe(feedUpdateSchema.safeParse(payload).success);
  });

  it("reads a feed number as Money's decimal string: the shortest form, no exponent, '0' for -0", () => {
    const samples = [1.1, 1.23456, 0.1 + 0.2, 65432.12345, -0.09, 150.123, 1e-7, 0.000001, 1.5e-9, 1e21, 2.5e22, 123456789012345, 0, -0, -1e-8];
    for (let i = 0; i < 2_000; i += 1) samples.push(Number((Math.random() * 10 ** (Math.floor(Math.random() * 12) - 4)).toFixed(Math.floor(Math.random() * 8))) * (i % 2 ? -1 : 1));
    for (const n of samples) {
      const expected = Object.is(n, -0) ? '0' : new Money(n).toFixed();
      expect(decimalOfNumber(n), String(n)).toBe(expected);
      expect(decimalOfNumber(n)).not.toMatch(/e/i);
    }
    expect(decimalOfNumber(-0)).toBe('0');
    expect(decimalOfNumber(1e-7)).toBe('0.0000001');
    expect(decimalOfNumber(1.2001)).toBe('1.2001');
  });
});
