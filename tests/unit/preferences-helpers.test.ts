import { describe, expect, it } from 'vitest';
import { languages, localeOf } from '../../shared/api/preferences.schema';
import { formatLocaleAgo, formatLocaleAmount, formatLocaleDateTime } from '../../shared/locale';
import { deviceName } from '../../server/trading/users/device-name';
import { wantsMail } from '../../server/trading/users/preferences';

describe('deviceName', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1', 'Chrome on iPhone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15', 'Safari on macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/109.0.0.0', 'Opera on Windows'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'Chrome on ChromeOS'],
    ['curl/8.5.0', 'Command-line client (curl)'],
    ['node', 'API client'],
    ['Mozilla/5.0 (Windows NT 10.0)', 'Browser on Windows'],
    ['something odd', 'Unknown device'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%s → %s', (ua, name) => expect(deviceName(ua)).toBe(name));
});

describe('language and locale', () => {
  it('offers the original’s twelve languages in its order', () => {
    expect(languages.map((l) => l.label)).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Italiano', 'Português', 'Русский', '中文', '日本語', '한국어', 'العربية', 'हिन्दी']);
  });

  it('writes amounts the language’s way, rounded half-up exactly like the money helpers', () => {
    expect(formatLocaleAmount('1234567.005', 2, null)).toBe('1,234,567.01');
    expect(formatLocaleAmount('1234567.005', 2, 'de')).toBe('1.234.567,01');
    expect(formatLocaleAmount('-1234.5', 2, 'fr')).toMatch(/^-1\s234,50$/u);
    expect(formatLocaleAmount('1234567.5', 2, 'hi')).toBe('12,34,567.50');
    expect(formatLocaleAmount('99999999999999.995', 2, 'en')).toBe('100,000,000,000,000.00');
    expect(formatLocaleAmount('1234.5', 0, 'ja')).toBe('1,235');
    // Arabic keeps Western digits, so figures read as on the trade room's tickets.
    expect(formatLocaleAmount('1234.5', 2, 'ar')).toMatch(/1,234\.50/);
    expect(localeOf('tlh')).toBe('en-GB');
  });

  it('writes dates in UTC in the language, and how long ago', () => {
    expect(formatLocaleDateTime('2026-03-05T14:07:00Z', 'en')).toBe('5 Mar 2026, 14:07 UTC');
    expect(formatLocaleDateTime('2026-03-05T14:07:00Z', 'de')).toBe('05.03.2026, 14:07 UTC');
    const now = Date.parse('2026-03-05T14:07:00Z');
    expect(formatLocaleAgo(new Date(now - 3 * 60_000), now, 'en')).toBe('3 minutes ago');
    expect(formatLocaleAgo(new Date(now - 3 * 60_000), now, 'es')).toBe('hace 3 minutos');
    expect(formatLocaleAgo(new Date(now - 2_000), now, 'en')).toBe('now');
  });
});

describe('wantsMail', () => {
  it('is on unless the topic was switched off', () => {
    expect(wantsMail({}, 'funding')).toBe(true);
    expect(wantsMail(null, 'account')).toBe(true);
    expect(wantsMail({ funding: false }, 'funding')).toBe(false);
    expect(wantsMail({ funding: false }, 'account')).toBe(true);
  });
});
