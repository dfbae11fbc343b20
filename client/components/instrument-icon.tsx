import { instrumentSpriteName, instrumentSpriteUrl } from '../../shared/instrument-sprite';

/**
 * An instrument's badge, decorative (its name is always beside it): a generated one as a symbol of the one sprite
 * (one request for every badge on the page, docs/front-end.md#instrument-icons), any other image as itself.
 */
export function InstrumentIcon({ image, size, lazy = false }: { image: string; size: number; lazy?: boolean }) {
  const name = instrumentSpriteName(image);
  if (name === null) return <img className="instrument-icon" src={image} alt="" width={size} height={size} loading={lazy ? 'lazy' : undefined} />;
  return (
    <svg className="instrument-icon" width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${instrumentSpriteUrl}#${name}`} />
    </svg>
  );
}
