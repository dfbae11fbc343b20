// Copies the flags of the registration countries and of the currencies' issuers from the flag-icons package (MIT) into public/flags/,
// so the country pickers load them from this site. Run after changing shared/countries.ts:
//   npx tsx scripts/country-flags.ts
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { basicFormCountries, countries, currencyIssuerCodes } from '../shared/countries';

const source = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
const target = join(import.meta.dirname, '..', 'public', 'flags');
mkdirSync(target, { recursive: true });
for (const file of readdirSync(target)) rmSync(join(target, file));
const codes = new Set([...[...countries, ...basicFormCountries].map((country) => country.code), ...currencyIssuerCodes].map((code) => code.toLowerCase()));
for (const code of codes) copyFileSync(join(source, `${code}.svg`), join(target, `${code}.svg`));
writeFileSync(join(target, 'NOTICE.txt'), 'Flags from flag-icons (https://github.com/lipis/flag-icons), MIT licence, Copyright (c) 2013 Panayiotis Lipiridis.\n');
console.log(`copied ${codes.size} flags to public/flags/`);
