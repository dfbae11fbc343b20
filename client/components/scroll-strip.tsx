import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How far one press of a scroll arrow moves a tab strip (docs/trade-room.md#open-pairs). */
export const tabScrollStep = 200;

interface Edges {
  overflows: boolean;
  atStart: boolean;
  atEnd: boolean;
}
const noOverflow: Edges = { overflows: false, atStart: true, atEnd: true };

/** Where the strip stands: whether its tabs overflow, and whether it is scrolled to either end (a pixel of rounding allowed). */
function edgesOf(strip: HTMLElement): Edges {
  const max = strip.scrollWidth - strip.clientWidth;
  if (max <= 1) return noOverflow;
  return { overflows: true, atStart: strip.scrollLeft <= 1, atEnd: strip.scrollLeft >= max - 1 };
}

/** The strip scrolled (smoothly) just enough to show `tab` whole. */
function keepInView(strip: HTMLElement, tab: HTMLElement) {
  // The strip is positioned (its CSS), so a tab's offsetLeft is from the strip's start.
  const left = tab.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left < strip.scrollLeft) strip.scrollTo({ left, behavior: 'smooth' });
  else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollTo({ left: right - strip.clientWidth, behavior: 'smooth' });
}

/**
 * A strip of tabs that scrolls sideways (both terminals' open pairs): whether it overflows and where it stands, kept
 * current as it scrolls and resizes; `changed` (a key of what the tabs show) brings the `[data-active]` tab into view.
 */
export function useScrollStrip<T extends HTMLElement>(changed: string) {
  const strip = useRef<T>(null);
  const [edges, setEdges] = useState<Edges>(noOverflow);
  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    const next = edgesOf(element);
    setEdges((was) => (was.overflows === next.overflows && was.atStart === next.atStart && was.atEnd === next.atEnd ? was : next));
  }, []);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resizes?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resizes?.disconnect();
    };
  }, [measure]);

  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    measure();
    const tab = element.querySelector<HTMLElement>('[data-active]');
    if (tab) keepInView(element, tab);
  }, [changed, measure]);

  const scroll = (direction: -1 | 1) => strip.current?.scrollBy({ left: direction * tabScrollStep, behavior: 'smooth' });
  return { strip, edges, scroll };
}

/** One of a strip's arrows: shown only while the strip overflows, disabled at its end. */
export function ScrollArrow({ direction, className, edges, scroll }: { direction: -1 | 1; className: string } & Pick<ReturnType<typeof useScrollStrip>, 'edges' | 'scroll'>) {
  return (
    <button
      type="button"
      className={className}
      aria-label={direction < 0 ? 'Scroll tabs left' : 'Scroll tabs right'}
      hidden={!edges.overflows}
      disabled={direction < 0 ? edges.atStart : edges.atEnd}
      onClick={() => scroll(direction)}
    >
      {direction < 0 ? '‹' : '›'}
    </button>
  );
}
