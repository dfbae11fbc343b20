import './light-pair-tabs.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { ScrollArrow, useScrollStrip } from '../components/scroll-strip';
import { defineIsland } from '../runtime/define-island';
import { activeAssetId, assetsById, closePair, openPair, openPairs, startMarket } from '../state/market';
import { chartTimeframe, terminalDialog } from '../state/terminal';

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
  const pairs = openPairs.value;
  useEffect(() => void startMarket(), []);
  // Tabs added, removed or relabelled change the strip's width; the active one is brought into view.
  const { strip, edges, scroll } = useScrollStrip<HTMLUListElement>(pairs.join() + chartTimeframe.value + String(activeAssetId.value));

  return (
    <nav className="light-pair-tabs" aria-label="Open pairs" data-overflows={edges.overflows ? '' : undefined}>
      <ScrollArrow direction={-1} className="light-tabs-scroll" edges={edges} scroll={scroll} />
      <ul className="light-tabs-strip" ref={strip}>
        {pairs.map((id) => (
          <PairTab key={id} id={id} closable={pairs.length > 1} />
        ))}
      </ul>
      <ScrollArrow direction={1} className="light-tabs-scroll" edges={edges} scroll={scroll} />
      <button type="button" className="light-add-pair" aria-label="Add Pair" title="Add Pair" onClick={() => (terminalDialog.value = { kind: 'add-pair' })}>
        +
      </button>
    </nav>
  );
}

export default defineIsland({ name: 'light-pair-tabs', component: LightPairTabs, props: z.object({}) });
