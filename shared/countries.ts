/**
 * The 45 countries of registration (docs/access.md#countries): value (lowercase hyphenated slug),
 * label, two-letter code and international calling code (ITU-T E.164, which the sign-up's phone code follows), sorted
 * by label; the code → slug map covers the same countries.
 */
const list = [
  ['AR', 'Argentina', '+54'],
  ['AU', 'Australia', '+61'],
  ['AT', 'Austria', '+43'],
  ['BE', 'Belgium', '+32'],
  ['BR', 'Brazil', '+55'],
  ['CA', 'Canada', '+1'],
  ['CL', 'Chile', '+56'],
  ['CN', 'China', '+86'],
  ['CO', 'Colombia', '+57'],
  ['CZ', 'Czech Republic', '+420'],
  ['DK', 'Denmark', '+45'],
  ['EG', 'Egypt', '+20'],
  ['FI', 'Finland', '+358'],
  ['FR', 'France', '+33'],
  ['DE', 'Germany', '+49'],
  ['GH', 'Ghana', '+233'],
  ['GR', 'Greece', '+30'],
  ['IN', 'India', '+91'],
  ['ID', 'Indonesia', '+62'],
  ['IE', 'Ireland', '+353'],
  ['IL', 'Israel', '+972'],
  ['IT', 'Italy', '+39'],
  ['JP', 'Japan', '+81'],
  ['KE', 'Kenya', '+254'],
  ['MY', 'Malaysia', '+60'],
  ['MX', 'Mexico', '+52'],
  ['NL', 'Netherlands', '+31'],
  ['NZ', 'New Zealand', '+64'],
  ['NG', 'Nigeria', '+234'],
  ['NO', 'Norway', '+47'],
  ['PH', 'Philippines', '+63'],
  ['PL', 'Poland', '+48'],
  ['PT', 'Portugal', '+351'],
  ['SA', 'Saudi Arabia', '+966'],
  ['SG', 'Singapore', '+65'],
  ['ZA', 'South Africa', '+27'],
  ['KR', 'South Korea', '+82'],
  ['ES', 'Spain', '+34'],
  ['SE', 'Sweden', '+46'],
  ['CH', 'Switzerland', '+41'],
  ['TH', 'Thailand', '+66'],
  ['TR', 'Turkey', '+90'],
  ['AE', 'United Arab Emirates', '+971'],
  ['GB', 'United Kingdom', '+44'],
  ['US', 'United States', '+1'],
] as const;

export interface Country {
  value: string;
  label: string;
  code: string;
  /** The international calling code, "+44". */
  dial: string;
  /** The flag served from this site (public/flags, copied by scripts/country-flags.ts). */
  flag: string;
}

const slugOf = (label: string) => label.toLowerCase().replace(/\s+/g, '-');
const flagOf = (code: string) => `/flags/${code.toLowerCase()}.svg`;

export const countries: readonly Country[] = list.map(([code, label, dial]) => ({ value: slugOf(label), label, code, dial, flag: flagOf(code) })).sort((a, b) => a.label.localeCompare(b.label));

export const countrySlugs: ReadonlySet<string> = new Set(countries.map((c) => c.value));

/**
 * Other names clients send for our countries (docs/compatibility.md#personal-information-and-password): the original client's list, whose other
 * slugs are ours, and the basic sign-up form's short values. Anything else stays as sent (and is refused if not ours).
 */
const countryAliases: Readonly<Record<string, string>> = {
  uk: 'united-kingdom',
  usa: 'united-states',
  us: 'united-states',
  uae: 'united-arab-emirates',
  'korea-south': 'south-korea',
  ca: 'canada',
  au: 'australia',
};
export const canonicalCountry = (value: string): string => countryAliases[value] ?? value;

/** Two-letter code → slug, for the country the e-mail check reports. */
export const countryByCode: Readonly<Record<string, string>> = Object.fromEntries(countries.map((c) => [c.code, c.value]));

/** A country's calling code by its two-letter code (every basic-form country is in the list). */
const dialOf = (code: string) => list.find(([c]) => c === code)?.[2] ?? '+1';

/** The calling code of a country by its slug (the registration list's or the basic form's), for the phone's code field. */
export const dialOfCountry = (slug: string | undefined): string | undefined => [...countries, ...basicFormCountries].find((c) => c.value === slug)?.dial;

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
).map(([value, code, label]) => ({ value, label, code, dial: dialOf(code), flag: flagOf(code) }));

/** The flag of the country or union that issues a display currency (`/data` currencies' `icon`); an unknown code has none. */
const currencyIssuers: Readonly<Record<string, string>> = { USD: 'US', EUR: 'EU', GBP: 'GB', JPY: 'JP', CHF: 'CH', CAD: 'CA', AUD: 'AU', NGN: 'NG', NZD: 'NZ', ZAR: 'ZA' };

export const currencyIssuerCodes: readonly string[] = Object.values(currencyIssuers);

export function currencyIcon(code: string): string | null {
  const issuer = currencyIssuers[code];
  return issuer ? flagOf(issuer) : null;
}
