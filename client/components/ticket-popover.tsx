import './ticket-popover.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useDismiss } from '../lib/use-dismiss';
import { activeAsset } from '../state/market';
import { ticketSide } from '../state/terminal';
import { OrderTicket } from './order-ticket';
import { activeClosedUntil } from './trade-sides';

const closeTicket = () => (ticketSide.value = null);

/**
 * The order ticket of the active pair while `ticketSide` is set (docs/trade-room.md#order-ticket): focus goes into it and
 * back to what opened it, Escape closes it. Its volume comes first; when `priceFirst` (a pending order) or on a closed
 * market, where only a pending order can be placed, it opens as a limit order on its price. One island per page renders it.
 */
export function TicketPopover({ priceFirst = false }: { priceFirst?: boolean }) {
  useSignals();
  const ticket = ticketSide.value;
  const asset = activeAsset.value;
  const popover = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = ticket !== null && asset !== undefined;
  const pendingFirst = priceFirst || activeClosedUntil.value !== undefined;
  useEffect(() => {
    if (!isOpen) return;
    opener.current = document.activeElement as HTMLElement | null;
    return () => opener.current?.focus();
  }, [isOpen]);
  useEffect(() => {
    if (!isOpen) return;
    const price = priceFirst || activeClosedUntil.peek() !== undefined;
    popover.current?.querySelector<HTMLElement>(price ? '#ticket-price' : '#ticket-volume')?.focus();
  }, [isOpen, priceFirst]);
  useDismiss(isOpen, null, closeTicket);
  if (!ticket || !asset) return null;
  return (
    <div className="ticket-popover" role="dialog" aria-label={`Order ticket ${asset.symbol_display}`} ref={popover}>
      <header>
        <strong>{asset.symbol_display}</strong>
        <span>{asset.name}</span>
        <button type="button" className="ticket-close" aria-label="Close order ticket" onClick={closeTicket}>
          ×
        </button>
      </header>
      <OrderTicket key={asset.id} asset={asset} side={ticket} onSide={(side) => (ticketSide.value = side)} onDone={closeTicket} initialType={pendingFirst ? 'limit' : 'market'} />
    </div>
  );
}
