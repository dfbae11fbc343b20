import './light-trade-panel.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import * as z from 'zod/mini';
import { closedMarketTexts } from '../../shared/trading/closed-market';
import { lightTexts } from '../../shared/trading/light-terminal';
import { spreadPips } from '../../shared/trading/market-watch';
import { assetTexts } from '../../shared/trading/terminal';
import { OneClickVolumeField } from '../components/one-click-volume';
import { TradeSideButton, useTradeSides, useTradingStart } from '../components/trade-sides';
import { defineIsland } from '../runtime/define-island';

/**
 * MT4's one-click panel over the chart (docs/trade-room.md#light-terminal): SELL at the bid, the SPREAD in pips while
 * positive, BUY at the ask, acting as /mt4's header buttons do (`useTradeSides`: the ticket, or with one-click trading on
 * a market order at once at the lots between them; a closed market's buttons disabled with when it opens, and a
 * Pending order button instead). The ticket itself is the toolbar's.
 */
function LightTradePanel() {
  useSignals();
  useTradingStart();
  const closedNoteId = useId();
  const sides = useTradeSides();
  const { asset, quote, closed, opensAt, oneClick, volume, ticket, setTicket } = sides;
  const spread = asset ? spreadPips(quote?.bid, quote?.ask, asset.digits) : null;
  return (
    <div className="light-trade-panel" role="group" aria-label={asset ? `Trade ${asset.symbol_display}` : 'Trade'} data-closed={closed ? '' : undefined}>
      <TradeSideButton sides={sides} side="sell" describedBy={closedNoteId} />
      <div className="light-panel-middle">
        {spread ? (
          <span className="light-spread" title="Spread in pips">
            <small>{lightTexts.spread}</small> {spread}
          </span>
        ) : null}
        {closed && asset ? (
          <button type="button" className="pending-order-button" aria-expanded={ticket !== null} title={closedMarketTexts.pendingOrderHint} onClick={() => setTicket(ticket ? null : 'buy')}>
            {closedMarketTexts.pendingOrder}
          </button>
        ) : oneClick && asset ? (
          <OneClickVolumeField volume={volume} symbol={asset.symbol_display} />
        ) : null}
      </div>
      <TradeSideButton sides={sides} side="buy" describedBy={closedNoteId} />
      {closed ? (
        <p className="visually-hidden" id={closedNoteId}>
          {assetTexts.closed}
          {opensAt ? ` · ${assetTexts.opensAt(opensAt)}` : ''}
        </p>
      ) : null}
    </div>
  );
}

export default defineIsland({ name: 'light-trade-panel', component: LightTradePanel, props: z.object({}) });
