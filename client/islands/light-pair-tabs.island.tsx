import './light-pair-tabs.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { defineIsland } from '../runtime/define-island';
import { activeAssetId, assetsById, closePair, openPair, openPairs, startMarket } from '../state/market';
import { chartTimeframe, terminalDialog } from '../state/terminal';

/** How far one press of a scroll arrow moves the strip (docs/trade-room.md#light-terminal). */
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
  // The strip is positioned (light-pair-tabs.css), so a tab's offsetLeft is from the strip's start.
  const left = tab.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left < strip.scrollLeft) strip.scrollTo({ left, behavior: 'smooth' });
  else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollTo({ left: right - strip.clientWidth, behavior: 'smooth' });
}

function PairTab({ id, closable }: { id: number; closable: boolean }) {
  useSignals();
  const asset = assetsById.value.get(id);
  if (!asset) return null;
  const active = activeAssetId.value === id;
  return (
    <li className={`light-tab${active ? ' active' : ''}`} data-active={active ? '' : undefined}>
      <button type="button" className="light-tab-open" aria-current={active || undefined} onClick={() => openPair(id)}>
        {`${asset.symbol_display}, ${chartTimeframe.value}`}
      </button>
      {closable ? (
        <button type="button" className="light-tab-close" aria-label={`Close ${asset.symbol_display}`} onClick={() => closePair(id)}>
          ×
        </button>
      ) : null}
    </li>
  );
}

/**
 * The light terminal's open pairs as tabs under the chart (docs/trade-room.md#light-terminal): "{symbol}, {timeframe}",
 * the active one marked, a close button on each while more than one is open (closing the active one activates the
 * first remaining: `closePair`, docs/trade-room.md#open-pairs), arrows that scroll the strip 200 px, shown only while
 * it overflows and disabled at its ends, the active tab kept in view, and Add Pair.
 */
function LightPairTabs() {
  useSignals();
  const strip = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<Edges>(noOverflow);
  const pairs = openPairs.value;
  const active = activeAssetId.value;
  useEffect(() => void startMarket(), []);

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

  // Tabs added, removed or relabelled change the strip's width; the active one is brought into view.
  const labels = pairs.join() + chartTimeframe.value;
  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    measure();
    const tab = element.querySelector<HTMLElement>('.light-tab[data-active]');
    if (tab) keepInView(element, tab);
  }, [labels, active, measure]);

  const scroll = (direction: -1 | 1) => strip.current?.scrollBy({ left: direction * tabScrollStep, behavior: 'smooth' });

  return (
    <nav className="light-pair-tabs" aria-label="Open pairs" data-overflows={edges.overflows ? '' : undefined}>
      <button type="button" className="light-tabs-scroll" aria-label="Scroll tabs left" hidden={!edges.overflows} disabled={edges.atStart} onClick={() => scroll(-1)}>
        ‹
      </button>
      <ul className="light-tabs-strip" ref={strip}>
        {pairs.map((id) => (
          <PairTab key={id} id={id} closable={pairs.length > 1} />
        ))}
      </ul>
      <button type="button" className="light-tabs-scroll" aria-label="Scroll tabs right" hidden={!edges.overflows} disabled={edges.atEnd} onClick={() => scroll(1)}>
        ›
      </button>
      <button type="button" className="light-add-pair" aria-label="Add Pair" title="Add Pair" onClick={() => (terminalDialog.value = { kind: 'add-pair' })}>
        +
      </button>
    </nav>
  );
}

export default defineIsland({ name: 'light-pair-tabs', component: LightPairTabs, props: z.object({}) });
