/**
 * The 45 countries of registration (docs/access.md#countries): value (lowercase hyphenated slug),
 * label and two-letter code, sorted by label; the code → slug map covers the same countries.
 */
const list = [
  ['AR', 'Argentina'],
  ['AU', 'Australia'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['BR', 'Brazil'],
  ['CA', 'Canada'],
  ['CL', 'Chile'],
  ['CN', 'China'],
  ['CO', 'Colombia'],
  ['CZ', 'Czech Republic'],
  ['DK', 'Denmark'],
  ['EG', 'Egypt'],
  ['FI', 'Finland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['GH', 'Ghana'],
  ['GR', 'Greece'],
  ['IN', 'India'],
  ['ID', 'Indonesia'],
  ['IE', 'Ireland'],
  ['IL', 'Israel'],
  ['IT', 'Italy'],
  ['JP', 'Japan'],
  ['KE', 'Kenya'],
  ['MY', 'Malaysia'],
  ['MX', 'Mexico'],
  ['NL', 'Netherlands'],
  ['NZ', 'New Zealand'],
  ['NG', 'Nigeria'],
  ['NO', 'Norway'],
  ['PH', 'Philippines'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['SA', 'Saudi Arabia'],
  ['SG', 'Singapore'],
  ['ZA', 'South Africa'],
  ['KR', 'South Korea'],
  ['ES', 'Spain'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['TH', 'Thailand'],
  ['TR', 'Turkey'],
  ['AE', 'United Arab Emirates'],
  ['GB', 'United Kingdom'],
  ['US', 'United States'],
] as const;

export interface Country {
  value: string;
  label: string;
  code: string;
  /** The flag served from this site (public/flags, copied by scripts/country-flags.ts). */
  flag: string;
}

const slugOf = (label: string) => label.toLowerCase().replace(/\s+/g, '-');
const flagOf = (code: string) => `/flags/${code.toLowerCase()}.svg`;

export const countries: readonly Country[] = list.map(([code, label]) => ({ value: slugOf(label), label, code, flag: flagOf(code) })).sort((a, b) => a.label.localeCompare(b.label));

export const countrySlugs: ReadonlySet<string> = new Set(countries.map((c) => c.value));

/** Two-letter code → slug, for the country the e-mail check reports. */
export const countryByCode: Readonly<Record<string, string>> = Object.fromEntries(countries.map((c) => [c.code, c.value]));

/** No country from the e-mail check means the US; a code not in the list means this underscore slug (docs/access.md#countries). */
export const defaultCountrySlug = 'united-states';
export const unknownCountrySlug = 'united_states';

/** The basic form's country options (nigeria, uk, us, ca, au: docs/access.md#registration-look), with the labels a customer reads. */
export const basicFormCountries: readonly Country[] = (
  [
    ['nigeria', 'NG', 'Nigeria'],
    ['uk', 'GB', 'United Kingdom'],
    ['us', 'US', 'United States'],
    ['ca', 'CA', 'Canada'],
    ['au', 'AU', 'Australia'],
  ] as const
).map(([value, code, label]) => ({ value, label, code, flag: flagOf(code) }));

/** The flag of the country or union that issues a display currency (`/data` currencies' `icon`); an unknown code has none. */
const currencyIssuers: Readonly<Record<string, string>> = { USD: 'US', EUR: 'EU', GBP: 'GB', JPY: 'JP', CHF: 'CH', CAD: 'CA', AUD: 'AU', NGN: 'NG', NZD: 'NZ', ZAR: 'ZA' };

export const currencyIssuerCodes: readonly string[] = Object.values(currencyIssuers);

export function currencyIcon(code: string): string | null {
  const issuer = currencyIssuers[code];
  return issuer ? flagOf(issuer) : null;
}
