// Writes one small SVG badge per catalogue instrument into public/instruments/ (no external images).
// Run after changing the catalogue: npx tsx scripts/instrument-icons.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { instrumentImage, instrumentSeeds } from '../server/trading/db/seed/instrument-seeds';

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

const dir = join(import.meta.dirname, '..', 'public', 'instruments');
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(dir)) rmSync(join(dir, file));
for (const seed of instrumentSeeds) {
  const [from, to] = colours[seed.assetClass] ?? ['#334155', '#64748b'];
  const lines = label(seed.symbol, seed.assetClass, seed.shortKey);
  const size = lines.length === 2 ? 17 : lines[0]!.length > 3 ? 17 : 21;
  const text = lines
    .map(
      (line, i) =>
        `<text x="32" y="${lines.length === 2 ? 28 + i * 18 : 39}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><circle cx="32" cy="32" r="32" fill="url(#g)"/>${text}</svg>\n`;
  writeFileSync(join(dir, instrumentImage(seed.symbol).replace('/instruments/', '')), svg);
}
console.log(`wrote ${instrumentSeeds.length} icons to public/instruments/`);
