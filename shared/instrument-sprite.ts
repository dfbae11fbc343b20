import { instrumentSpriteVersion } from './instrument-sprite.version';

/**
 * Every generated instrument badge (`/instruments/<name>.svg`, scripts/instrument-icons.ts) is also a symbol of one
 * sprite, so a page showing thirty instruments fetches one file, not thirty (docs/front-end.md#instrument-icons).
 */
export const instrumentSpriteUrl = `/instruments/sprite.svg?v=${instrumentSpriteVersion}`;

const generated = /^\/instruments\/([a-z0-9-]+)\.svg$/;

/** The badge's symbol in the sprite, or null for any other image (an uploaded or outside one). */
export function instrumentSpriteName(image: string): string | null {
  return generated.exec(image)?.[1] ?? null;
}
