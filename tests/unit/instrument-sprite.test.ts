import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { instrumentImage, instrumentSeeds } from '../../server/trading/db/seed/instrument-seeds';
import { instrumentSpriteName, instrumentSpriteUrl } from '../../shared/instrument-sprite';

/** The sprite our pages draw badges from (docs/front-end.md#instrument-icons) is the generated badges, current. */
const dir = join(import.meta.dirname, '..', '..', 'public', 'instruments');
const sprite = readFileSync(join(dir, 'sprite.svg'), 'utf8');

describe('the instrument sprite', () => {
  it('has a symbol for every instrument of the catalogue and for every badge file', () => {
    const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));
    for (const seed of instrumentSeeds) expect(symbols).toContain(instrumentSpriteName(instrumentImage(seed.symbol)));
    const files = readdirSync(dir).filter((file) => file !== 'sprite.svg');
    expect(files.map((file) => instrumentSpriteName(`/instruments/${file}`))).toEqual(expect.arrayContaining([...symbols]));
    expect(files).toHaveLength(symbols.size);
  });

  it('is named by its content, so a changed sprite is fetched anew (run scripts/instrument-icons.ts after changing it)', () => {
    const version = createHash('sha256').update(sprite).digest('hex').slice(0, 10);
    expect(instrumentSpriteUrl).toBe(`/instruments/sprite.svg?v=${version}`);
  });

  it('draws only generated badges: an uploaded or outside image is shown as itself', () => {
    expect(instrumentSpriteName('/instruments/eur-usd.svg')).toBe('eur-usd');
    expect(instrumentSpriteName('/files/site/logo.png')).toBeNull();
    expect(instrumentSpriteName('https://example.com/instruments/x.svg')).toBeNull();
  });
});
