import './trade-header.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useDismiss } from '../lib/use-dismiss';
import * as z from 'zod/mini';
import { priceDecimals } from '../../shared/trading/terminal';
import { tradeTexts } from '../../shared/trading/texts';
import { AddPairDialog, AssetInfoDialog } from '../components/asset-dialogs';
import { AutotraderDialog } from '../components/autotrader-dialog';
import { CalculatorDialog, PlansDialog } from '../components/tool-dialogs';
import { OrderTicket } from '../components/order-ticket';
import { terminalDialog, ticketSide } from '../state/terminal';
import { formatPrice } from '../lib/format';
import { defineIsland } from '../runtime/define-island';
import { activeAsset, activeAssetId, assetsById, closePair, openPairs, openPair, quoteOf, startMarket } from '../state/market';
import { currentUser, realtimeKey } from '../state/session';
import { autotrader, startAutomation } from '../state/automation';
import { startTrading } from '../state/trading';
import { showToast } from '../state/toasts';

const closeTicket = () => (ticketSide.value = null);

const props = z.object({ planId: z.nullable(z.number()), planTitle: z.nullable(z.string()) });

function PairTab({ id }: { id: number }) {
  useSignals();
  const asset = assetsById.value.get(id);
  const quote = quoteOf(id).value;
  if (!asset) return null;
  const active = activeAssetId.value === id;
  return (
    <li className={active ? 'pair-tab active' : 'pair-tab'}>
      <button type="button" className="pair-tab-open" aria-current={active || undefined} onClick={() => openPair(id)}>
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

/** The trade room's header (docs/trade-room.md#layout): the open asset tabs, the AutoTrader dialog's button, and BUY/SELL, which open the order ticket. */
function TradeHeader({ planId, planTitle }: z.infer<typeof props>) {
  useSignals();
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
    popover.current?.querySelector<HTMLElement>('#ticket-volume')?.focus();
    return () => opener.current?.focus();
  }, [isOpen]);
  useDismiss(isOpen, null, closeTicket);

  const asset = activeAsset.value;
  const quote = asset ? quoteOf(asset.id).value : null;
  const trade = (side: 'buy' | 'sell') => {
    if (!asset) return showToast({ kind: 'error', title: tradeTexts.noAsset });
    setTicket(ticket === side ? null : side);
  };

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
      <div className="trade-buttons">
        <button type="button" className="trade-sell" aria-expanded={ticket === 'sell'} onClick={() => trade('sell')}>
          <span>SELL</span>
          <strong>{formatPrice(quote?.bid, priceDecimals.buttons)}</strong>
        </button>
        <button type="button" className="trade-buy" aria-expanded={ticket === 'buy'} onClick={() => trade('buy')}>
          <span>BUY</span>
          <strong>{formatPrice(quote?.ask, priceDecimals.buttons)}</strong>
        </button>
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
