import './trade-header.css';
import { computed } from '@preact/signals-react';
import { useComputed, useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../lib/use-dismiss';
import * as z from 'zod/mini';
import { closedMarketTexts } from '../../shared/trading/closed-market';
import { oneClickTexts } from '../../shared/trading/one-click';
import { checkTexts } from '../../shared/trading/ticket-checks';
import { assetTexts, priceDecimals, ticketTexts } from '../../shared/trading/terminal';
import { unitsOf } from '../../shared/trading/ticket';
import { tradeTexts } from '../../shared/trading/texts';
import { AddPairDialog, AssetInfoDialog } from '../components/asset-dialogs';
import { AutotraderDialog } from '../components/autotrader-dialog';
import { OneClickSwitch } from '../components/one-click-switch';
import { OneClickVolumeField, useOneClickVolume } from '../components/one-click-volume';
import { CalculatorDialog, PlansDialog } from '../components/tool-dialogs';
import { OrderTicket } from '../components/order-ticket';
import { terminalDialog, ticketSide } from '../state/terminal';
import { formatPrice } from '../lib/format';
import { useShortcut } from '../lib/keyboard';
import { useMounted } from '../lib/use-mounted';
import { defineIsland } from '../runtime/define-island';
import { activeAsset, activeAssetId, assetsById, clock, closePair, isOpenAt, marketStateOf, openPairs, openPair, quoteOf, startMarket } from '../state/market';
import { leverageOf, placeMarketOrder } from '../state/orders';
import { oneClickOn } from '../state/preferences';
import { currentUser, realtimeKey } from '../state/session';
import { autotrader, startAutomation } from '../state/automation';
import { startTrading } from '../state/trading';
import { showToast } from '../state/toasts';

const closeTicket = () => (ticketSide.value = null);

const props = z.object({ planId: z.nullable(z.number()), planTitle: z.nullable(z.string()) });

/**
 * The active pair's market (docs/trade-room.md#market-state): undefined while open, else when it opens next (ms; null
 * when the schedule has no next open). A number, so the header re-renders when it changes, not on every tick.
 */
const activeClosedUntil = computed(() => {
  const asset = activeAsset.value;
  if (!asset) return undefined;
  const market = marketStateOf(asset, clock.value);
  return market.open ? undefined : (market.opensAt?.getTime() ?? null);
});

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

/** The active tab is kept in sight when the tabs scroll (a pair opened from the market watch may sit past the edge). */
const scrollIntoView = (tab: HTMLLIElement | null) => tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

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
    <li className={`pair-tab${active ? ' active' : ''}${closed ? ' closed' : ''}`} ref={active ? scrollIntoView : undefined}>
      <button type="button" className="pair-tab-open" aria-current={active || undefined} title={closed ? `${asset.name} · ${assetTexts.closed}` : undefined} onClick={() => openPair(id)}>
        <img src={asset.image} alt="" width={18} height={18} />
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
 * one-click switch, and BUY/SELL, which open the order ticket, or with one-click trading on place a market order
 * at once at the volume between them. A closed market's BUY/SELL are disabled and say when it opens
 * (docs/trade-room.md#market-state); F9 opens a buy ticket (docs/trade-room.md#keyboard).
 */
function TradeHeader({ planId, planTitle }: z.infer<typeof props>) {
  useSignals();
  const mounted = useMounted();
  const closedNoteId = useId();
  const [placing, setPlacing] = useState<'buy' | 'sell' | null>(null);
  const ticket = ticketSide.value;
  const setTicket = (side: 'buy' | 'sell' | null) => (ticketSide.value = side);
  const dialog = terminalDialog.value;
  useEffect(() => {
    void startMarket();
    const user = currentUser.value;
    if (!user) return;
    void startTrading(user.id, realtimeKey.value);
    startAutomation(user.id, realtimeKey.value);
  }, []);
  const popover = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = ticket !== null;
  useEffect(() => {
    if (!isOpen) return;
    // Focus goes into the ticket and back to what opened it; Escape closes it.
    opener.current = document.activeElement as HTMLElement | null;
    // On a closed market only a pending order can be placed: its price comes first.
    popover.current?.querySelector<HTMLElement>(activeClosedUntil.peek() === undefined ? '#ticket-volume' : '#ticket-price')?.focus();
    return () => opener.current?.focus();
  }, [isOpen]);
  useDismiss(isOpen, null, closeTicket);
  useProfileMenuEscape();

  const asset = activeAsset.value;
  const quote = asset ? quoteOf(asset.id).value : null;
  const closedUntil = activeClosedUntil.value;
  const closed = closedUntil !== undefined;
  // The next open is written in the reader's time zone, which only the browser knows.
  const opensAt = closed && mounted && closedUntil !== null ? new Date(closedUntil) : null;
  const oneClick = oneClickOn.value;
  const volume = useOneClickVolume(asset);

  async function placeNow(side: 'buy' | 'sell') {
    if (!asset) return;
    const price = side === 'buy' ? quote?.ask : quote?.bid;
    const units = unitsOf(volume.text, 'lots', { contractSize: asset.contract_size, price: 1, conversion: 1 });
    if (!price) return showToast({ kind: 'error', title: oneClickTexts.noPrice });
    if (!units || volume.problem) return;
    setPlacing(side);
    await placeMarketOrder({
      asset,
      side,
      units,
      lots: units.dividedBy(asset.contract_size),
      leverage: leverageOf(asset),
      price,
    });
    setPlacing(null);
  }

  const trade = (side: 'buy' | 'sell') => {
    if (!asset) return showToast({ kind: 'error', title: tradeTexts.noAsset });
    if (closed || placing) return;
    if (oneClick) return void placeNow(side);
    setTicket(ticket === side ? null : side);
  };

  // F9 is MT5's New Order: a buy ticket for the active pair, also with one-click trading on (the ticket has what one click has not).
  useShortcut(
    'F9',
    (event) => {
      event.preventDefault();
      if (!asset) return showToast({ kind: 'error', title: tradeTexts.noAsset });
      if (closed) return showToast({ kind: 'warning', title: checkTexts.marketClosed(closedUntil === null ? null : new Date(closedUntil)) });
      setTicket('buy');
    },
    { whileTyping: true },
  );

  const sideButton = (side: 'buy' | 'sell') => (
    <button
      type="button"
      className={side === 'buy' ? 'trade-buy' : 'trade-sell'}
      aria-expanded={oneClick ? undefined : ticket === side}
      aria-describedby={closed ? closedNoteId : undefined}
      aria-busy={placing === side || undefined}
      disabled={closed || placing !== null || (oneClick && volume.problem !== null)}
      title={oneClick && !closed ? oneClickTexts.now(side, volume.text) : undefined}
      onClick={() => trade(side)}
    >
      <span>{side === 'buy' ? 'BUY' : 'SELL'}</span>
      <strong>{placing === side ? ticketTexts.processing : formatPrice(side === 'buy' ? quote?.ask : quote?.bid, priceDecimals.buttons)}</strong>
      {closed ? <small className="closed-label">{side === 'sell' ? assetTexts.closed : opensAt ? assetTexts.opensAt(opensAt) : ''}</small> : null}
    </button>
  );

  return (
    <div className="trade-header">
      <ul className="pair-tabs" aria-label="Open pairs">
        {openPairs.value.map((id) => (
          <PairTab key={id} id={id} />
        ))}
      </ul>
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
      {closed ? (
        <p className="closed-note" id={closedNoteId} role="status">
          <strong>{assetTexts.closed}</strong>
          {opensAt ? <span>{assetTexts.opensAt(opensAt)}</span> : null}
        </p>
      ) : null}

      <div className="trade-buttons" data-closed={closed ? '' : undefined} data-one-click={oneClick ? '' : undefined}>
        {sideButton('sell')}
        <div className="one-click-panel">
          <OneClickSwitch className="header-one-click" />
          {closed && asset ? (
            // BUY/SELL wait for the open (and so does one-click's volume); a pending order does not: the ticket takes a price.
            <button type="button" className="pending-order-button" aria-expanded={ticket !== null} title={closedMarketTexts.pendingOrderHint} onClick={() => setTicket(ticket ? null : 'buy')}>
              {closedMarketTexts.pendingOrder}
            </button>
          ) : oneClick && asset ? (
            <OneClickVolumeField volume={volume} symbol={asset.symbol_display} />
          ) : null}
        </div>
        {sideButton('buy')}
      </div>
      {ticket && asset ? (
        <div className="ticket-popover" role="dialog" aria-label={`Order ticket ${asset.symbol_display}`} ref={popover}>
          <header>
            <strong>{asset.symbol_display}</strong>
            <span>{asset.name}</span>
            <button type="button" className="ticket-close" aria-label="Close order ticket" onClick={() => setTicket(null)}>
              ×
            </button>
          </header>
          <OrderTicket key={asset.id} asset={asset} side={ticket} onSide={setTicket} onDone={() => setTicket(null)} />
        </div>
      ) : null}
      {dialog?.kind === 'add-pair' ? <AddPairDialog /> : null}
      {dialog?.kind === 'asset-info' ? <AssetInfoDialog assetId={dialog.assetId} /> : null}
      {dialog?.kind === 'plans' ? <PlansDialog currentPlanId={planId} /> : null}
      {dialog?.kind === 'calculator' && asset ? <CalculatorDialog asset={asset} /> : null}
      {dialog?.kind === 'autotrader' ? <AutotraderDialog /> : null}
    </div>
  );
}

export default defineIsland({ name: 'trade-header', component: TradeHeader, props });
