import './trade-header.css';
import { useComputed, useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import * as z from 'zod/mini';
import { assetTexts, priceDecimals } from '../../shared/trading/terminal';
import { OneClickSwitch } from '../components/one-click-switch';
import { TerminalDialogs } from '../components/terminal-dialogs';
import { TicketPopover } from '../components/ticket-popover';
import { ClosedMarketNote, TradeSideButton, TradeSidesMiddle, useNewOrderKey, useTradeSides, useTradingStart } from '../components/trade-sides';
import { terminalDialog } from '../state/terminal';
import { formatPrice } from '../lib/format';
import { useShortcut } from '../lib/keyboard';
import { ScrollArrow, useScrollStrip } from '../components/scroll-strip';
import { defineIsland } from '../runtime/define-island';
import { activeAssetId, assetsById, clock, closePair, isOpenAt, openPairs, openPair, quoteOf } from '../state/market';
import { autotrader } from '../state/automation';
import { InstrumentIcon } from '../components/instrument-icon';

const props = z.object({ planId: z.nullable(z.number()), planTitle: z.nullable(z.string()) });

/**
 * The page's profile menu (a server-rendered `<details>`, views/pages/trade-room.tsx) closes on Escape like the
 * room's other popups, focus back on its summary.
 */
function useProfileMenuEscape() {
  useShortcut(
    'Escape',
    () => {
      const menu = document.querySelector<HTMLDetailsElement>('details.profile-menu[open]');
      if (!menu) return;
      menu.open = false;
      menu.querySelector<HTMLElement>('summary')?.focus();
    },
    { whileTyping: true },
  );
}

function PairTab({ id }: { id: number }) {
  useSignals();
  // Re-rendered when the market opens or closes, not on every tick of the clock.
  const tabClosed = useComputed(() => {
    const asset = assetsById.value.get(id);
    return asset ? !isOpenAt(asset, clock.value) : false;
  });
  const asset = assetsById.value.get(id);
  const quote = quoteOf(id).value;
  if (!asset) return null;
  const active = activeAssetId.value === id;
  const closed = tabClosed.value;
  return (
    <li className={`pair-tab${active ? ' active' : ''}${closed ? ' closed' : ''}`} data-active={active ? '' : undefined}>
      <button type="button" className="pair-tab-open" aria-current={active || undefined} title={closed ? `${asset.name} · ${assetTexts.closed}` : undefined} onClick={() => openPair(id)}>
        <InstrumentIcon image={asset.image} size={18} />
        <span>{asset.symbol_display}</span>
        <small className={quote?.direction === 'down' ? 'loss' : 'gain'}>{formatPrice(quote?.price, priceDecimals.buttons)}</small>
      </button>
      {openPairs.value.length > 1 ? (
        <button type="button" className="pair-tab-close" aria-label={`Close ${asset.symbol_display}`} onClick={() => closePair(id)}>
          ×
        </button>
      ) : null}
    </li>
  );
}

/**
 * The trade room's header (docs/trade-room.md#layout): the open asset tabs, the AutoTrader dialog's button, the
 * one-click switch, and BUY/SELL (`useTradeSides`), which open the order ticket, or with one-click trading on place a
 * market order at once at the volume between them. A closed market's BUY/SELL are disabled and say when it opens
 * (docs/trade-room.md#market-state); F9 opens a buy ticket (docs/trade-room.md#keyboard).
 */
function TradeHeader({ planId, planTitle }: z.infer<typeof props>) {
  useSignals();
  const closedNoteId = useId();
  useTradingStart();
  useNewOrderKey();
  useProfileMenuEscape();
  const sides = useTradeSides();
  // The active tab is kept in sight (a pair opened from the market watch may sit past the edge); arrows while they overflow.
  const { strip, edges, scroll } = useScrollStrip<HTMLUListElement>(openPairs.value.join() + String(activeAssetId.value));

  return (
    <div className="trade-header">
      <div className="pair-strip" data-overflows={edges.overflows ? '' : undefined}>
        <ScrollArrow direction={-1} className="pair-scroll" edges={edges} scroll={scroll} />
        <ul className="pair-tabs" aria-label="Open pairs" ref={strip}>
          {openPairs.value.map((id) => (
            <PairTab key={id} id={id} />
          ))}
        </ul>
        <ScrollArrow direction={1} className="pair-scroll" edges={edges} scroll={scroll} />
      </div>
      <button type="button" className="add-pair-button" aria-label="Add Pair" title="Add Pair" onClick={() => (terminalDialog.value = { kind: 'add-pair' })}>
        +
      </button>
      {planTitle ? (
        <button type="button" className="plan-badge plan-button" title="Account Plans" onClick={() => (terminalDialog.value = { kind: 'plans' })}>
          {planTitle}
        </button>
      ) : null}
      <button type="button" className="autotrader-button" onClick={() => (terminalDialog.value = { kind: 'autotrader' })}>
        AutoTrader
        {autotrader.value?.active ? (
          <span className="autotrader-state">On</span>
        ) : autotrader.value?.latest_request?.status === 'pending' ? (
          <span className="autotrader-state pending">Pending</span>
        ) : null}
      </button>
      <ClosedMarketNote sides={sides} id={closedNoteId} className="closed-note" />

      <div className="trade-buttons" data-closed={sides.closed ? '' : undefined} data-one-click={sides.oneClick ? '' : undefined}>
        <TradeSideButton sides={sides} side="sell" describedBy={closedNoteId} />
        <div className="one-click-panel">
          <OneClickSwitch className="header-one-click" />
          <TradeSidesMiddle sides={sides} />
        </div>
        <TradeSideButton sides={sides} side="buy" describedBy={closedNoteId} />
      </div>
      <TicketPopover />
      <TerminalDialogs planId={planId} />
    </div>
  );
}

export default defineIsland({ name: 'trade-header', component: TradeHeader, props });
