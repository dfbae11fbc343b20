import './light-trade-panel.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import * as z from 'zod/mini';
import { lightTexts } from '../../shared/trading/light-terminal';
import { spreadPips } from '../../shared/trading/market-watch';
import { ClosedMarketNote, TradeSideButton, TradeSidesMiddle, useTradeSides, useTradingStart } from '../components/trade-sides';
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
  const { asset, quote, closed } = sides;
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
        <TradeSidesMiddle sides={sides} />
      </div>
      <TradeSideButton sides={sides} side="buy" describedBy={closedNoteId} />
      <ClosedMarketNote sides={sides} id={closedNoteId} className="visually-hidden" />
    </div>
  );
}

export default defineIsland({ name: 'light-trade-panel', component: LightTradePanel, props: z.object({}) });
