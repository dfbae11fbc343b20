// Writes one small SVG badge per catalogue instrument into public/instruments/ (no external images), and all of them
// as one sprite (public/instruments/sprite.svg, named in shared/instrument-sprite.ts) that our pages use: one request
// for every badge on a page instead of one each (docs/front-end.md#instrument-icons).
// Run after changing the catalogue: npx tsx scripts/instrument-icons.ts
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { instrumentImage, instrumentSeeds } from '../server/trading/db/seed/instrument-seeds';
import { instrumentSpriteName } from '../shared/instrument-sprite';

const colours: Record<string, [string, string]> = {
  forex: ['#1d4ed8', '#38bdf8'],
  stocks: ['#7c3aed', '#c084fc'],
  indices: ['#0f766e', '#2dd4bf'],
  crypto: ['#b45309', '#fbbf24'],
  commodities: ['#9a3412', '#fb923c'],
  metals: ['#854d0e', '#facc15'],
};
const elements: Record<string, string> = { XAU: 'Au', XAG: 'Ag', XPT: 'Pt', XPD: 'Pd', XCU: 'Cu' };

function label(symbol: string, assetClass: string, shortKey: string): string[] {
  if (assetClass === 'forex') return [symbol.slice(0, 3), symbol.slice(3)];
  if (assetClass === 'metals') return [elements[symbol.slice(0, 3)] ?? symbol.slice(0, 2)];
  return [shortKey.slice(0, 4)];
}

const root = join(import.meta.dirname, '..');
const dir = join(root, 'public', 'instruments');
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) rmSync(join(dir, file));
const gradient = (id: string, [from, to]: [string, string]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
const fallback: [string, string] = ['#334155', '#64748b'];
const symbols: string[] = [];
for (const seed of instrumentSeeds) {
  const lines = label(seed.symbol, seed.assetClass, seed.shortKey);
  const size = lines.length === 2 ? 17 : lines[0]!.length > 3 ? 17 : 21;
  const text = lines
    .map(
      (line, i) =>
        `<text x="32" y="${lines.length === 2 ? 28 + i * 18 : 39}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${line}</text>`,
    )
    .join('');
  const image = instrumentImage(seed.symbol);
  const colourKey = seed.assetClass in colours ? seed.assetClass : 'other';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>${gradient('g', colours[colourKey] ?? fallback)}</defs><circle cx="32" cy="32" r="32" fill="url(#g)"/>${text}</svg>\n`;
  writeFileSync(join(dir, image.replace('/instruments/', '')), svg);
  // In the sprite each class's gradient is defined once, beside the symbols.
  symbols.push(`<symbol id="${instrumentSpriteName(image)}" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="url(#g-${colourKey})"/>${text}</symbol>`);
}
const gradients = [...Object.entries(colours), ['other', fallback] as const].map(([name, pair]) => gradient(`g-${name}`, pair as [string, string])).join('');
const sprite = `<svg xmlns="http://www.w3.org/2000/svg"><defs>${gradients}</defs>${symbols.join('')}</svg>\n`;
writeFileSync(join(dir, 'sprite.svg'), sprite);
const version = createHash('sha256').update(sprite).digest('hex').slice(0, 10);
writeFileSync(
  join(root, 'shared', 'instrument-sprite.version.ts'),
  `// Written by scripts/instrument-icons.ts: the sprite's content hash, so a changed sprite is fetched anew.\nexport const instrumentSpriteVersion = '${version}';\n`,
);
console.log(`wrote ${instrumentSeeds.length} icons and their sprite to public/instruments/`);
