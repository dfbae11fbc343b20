import './trade-sides.css';
import { useEffect, useState } from 'react';
import type { Asset } from '../../shared/api/assets.schema';
import { closedMarketTexts } from '../../shared/trading/closed-market';
import { oneClickTexts } from '../../shared/trading/one-click';
import { checkTexts } from '../../shared/trading/ticket-checks';
import { assetTexts, priceDecimals, ticketTexts } from '../../shared/trading/terminal';
import { unitsOf } from '../../shared/trading/ticket';
import { tradeTexts } from '../../shared/trading/texts';
import { formatPrice } from '../lib/format';
import { useShortcut } from '../lib/keyboard';
import { useMounted } from '../lib/use-mounted';
import { activeAsset, clock, marketStateOf, quoteOf, startMarket } from '../state/market';
import { leverageOf, placeMarketOrder } from '../state/orders';
import { pageComputed } from '../state/page-scope';
import { oneClickOn } from '../state/preferences';
import { currentUser, realtimeKey } from '../state/session';
import { startAutomation } from '../state/automation';
import { ticketSide } from '../state/terminal';
import { startTrading } from '../state/trading';
import { showToast } from '../state/toasts';
import { OneClickVolumeField, useOneClickVolume, type OneClickVolume } from './one-click-volume';

/**
 * The active pair's market (docs/trade-room.md#market-state): undefined while open, else when it opens next (ms; null
 * when the schedule has no next open). A number, so BUY/SELL re-render when it changes, not on every tick.
 */
export const activeClosedUntil = pageComputed(() => {
  const asset = activeAsset.value;
  if (!asset) return undefined;
  const market = marketStateOf(asset, clock.value);
  return market.open ? undefined : (market.opensAt?.getTime() ?? null);
});

/** Starts what the room's BUY/SELL and ticket need: the market, the customer's trading and automation (each once per page). */
export function useTradingStart(): void {
  useEffect(() => {
    void startMarket();
    const user = currentUser.value;
    if (!user) return;
    void startTrading(user.id, realtimeKey.value);
    startAutomation(user.id, realtimeKey.value);
  }, []);
}

export interface TradeSides {
  asset: Asset | undefined;
  quote: ReturnType<typeof quoteOf>['value'] | null;
  /** The market is closed (docs/trade-room.md#market-state). */
  closed: boolean;
  /** When it opens, once mounted (the reader's time zone is the browser's); null while unknown. */
  opensAt: Date | null;
  oneClick: boolean;
  volume: OneClickVolume;
  /** The side a one-click order is being placed for. */
  placing: 'buy' | 'sell' | null;
  ticket: 'buy' | 'sell' | null;
  setTicket: (side: 'buy' | 'sell' | null) => void;
  /** BUY or SELL pressed: the ticket for that side (again: closed), or with one-click on a market order at once. */
  trade: (side: 'buy' | 'sell') => void;
}

/**
 * BUY/SELL of the active pair (docs/trade-room.md#order-ticket, #one-click-trading, #market-state), for every place that
 * shows them (/mt4's header, the light terminal's panel). Call it from a component that reads signals (`useSignals`).
 */
export function useTradeSides(): TradeSides {
  const mounted = useMounted();
  const [placing, setPlacing] = useState<'buy' | 'sell' | null>(null);
  const ticket = ticketSide.value;
  const setTicket = (side: 'buy' | 'sell' | null) => (ticketSide.value = side);
  const asset = activeAsset.value;
  const quote = asset ? quoteOf(asset.id).value : null;
  const closedUntil = activeClosedUntil.value;
  const closed = closedUntil !== undefined;
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
    await placeMarketOrder({ asset, side, units, lots: units.dividedBy(asset.contract_size), leverage: leverageOf(asset), price });
    setPlacing(null);
  }

  const trade = (side: 'buy' | 'sell') => {
    if (!asset) return showToast({ kind: 'error', title: tradeTexts.noAsset });
    if (closed || placing) return;
    if (oneClick) return void placeNow(side);
    setTicket(ticket === side ? null : side);
  };

  return { asset, quote, closed, opensAt, oneClick, volume, placing, ticket, setTicket, trade };
}

/**
 * F9, MT5's New Order (docs/trade-room.md#keyboard): a buy ticket for the active pair, also with one-click trading on (the
 * ticket has what one click has not). One island per page registers it: the one that renders the ticket.
 */
export function useNewOrderKey(): void {
  useShortcut(
    'F9',
    (event) => {
      event.preventDefault();
      if (!activeAsset.peek()) return showToast({ kind: 'error', title: tradeTexts.noAsset });
      const closedUntil = activeClosedUntil.peek();
      if (closedUntil !== undefined) return showToast({ kind: 'warning', title: checkTexts.marketClosed(closedUntil === null ? null : new Date(closedUntil)) });
      ticketSide.value = 'buy';
    },
    { whileTyping: true },
  );
}

/** One of BUY/SELL with its price (4 decimals), "Processing" while its one-click order goes, and a closed market's label. */
export function TradeSideButton({ sides, side, describedBy, className }: { sides: TradeSides; side: 'buy' | 'sell'; describedBy?: string; className?: string }) {
  const { closed, oneClick, volume, placing, ticket, quote, opensAt } = sides;
  const base = side === 'buy' ? 'trade-buy' : 'trade-sell';
  return (
    <button
      type="button"
      className={className ? `${base} ${className}` : base}
      aria-expanded={oneClick ? undefined : ticket === side}
      aria-describedby={closed ? describedBy : undefined}
      aria-busy={placing === side || undefined}
      disabled={closed || placing !== null || (oneClick && volume.problem !== null)}
      title={oneClick && !closed ? oneClickTexts.now(side, volume.text) : undefined}
      onClick={() => sides.trade(side)}
    >
      <span>{side === 'buy' ? 'BUY' : 'SELL'}</span>
      <strong>{placing === side ? ticketTexts.processing : formatPrice(side === 'buy' ? quote?.ask : quote?.bid, priceDecimals.buttons)}</strong>
      {closed ? <small className="closed-label">{side === 'sell' ? assetTexts.closed : opensAt ? assetTexts.opensAt(opensAt) : ''}</small> : null}
    </button>
  );
}

/**
 * What sits between SELL and BUY: on a closed market the way to a pending order (BUY/SELL wait for the open, and so does
 * one-click's volume; a pending order does not: the ticket takes a price), else with one-click trading on the lots field.
 */
export function TradeSidesMiddle({ sides }: { sides: TradeSides }) {
  const { asset, closed, oneClick, volume, ticket, setTicket } = sides;
  if (!asset) return null;
  if (closed) {
    return (
      <button type="button" className="pending-order-button" aria-expanded={ticket !== null} title={closedMarketTexts.pendingOrderHint} onClick={() => setTicket(ticket ? null : 'buy')}>
        {closedMarketTexts.pendingOrder}
      </button>
    );
  }
  return oneClick ? <OneClickVolumeField volume={volume} symbol={asset.symbol_display} /> : null;
}

/**
 * A closed market's note, BUY/SELL's description (`describedBy` of TradeSideButton): that it is closed and when it opens.
 * The separator is for screen readers, which would otherwise read the two parts as one word.
 */
export function ClosedMarketNote({ sides, id, className }: { sides: TradeSides; id: string; className: string }) {
  if (!sides.closed) return null;
  return (
    <p className={className} id={id} role="status">
      <strong>{assetTexts.closed}</strong>
      {sides.opensAt ? (
        <span>
          <span className="visually-hidden"> · </span>
          {assetTexts.opensAt(sides.opensAt)}
        </span>
      ) : null}
    </p>
  );
}
