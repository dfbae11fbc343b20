// Written by scripts/instrument-icons.ts: the sprite's content hash, so a changed sprite is fetched anew.
export const instrumentSpriteVersion = '6e3e7d557b';
