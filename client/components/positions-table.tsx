import type { RefObject } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { closeReasonLabel, type TradeView } from '../../shared/api/trades.schema';
import { positionLayoutTexts } from '../../shared/trading/position-texts';
import { formatLots, formatPrice, signClass } from '../lib/format';
import { displayMoney } from '../state/site-data';
import { accountCurrency, digitsOf, NetLine, PlacedBy, PositionButtons, TrailTag, timeOf, usePositionsList, type OnPositionAction } from './positions-parts';

/**
 * The positions as a table (wide panels; docs/trade-room.md#positions). positions.css hides columns by the
 * panel's width: the commission first, then the time, then the swap, then the open price, then TP and SL share one cell (the SL cell
 * stays in the row, hidden, so the columns keep their places). P/L and the actions stay in view.
 */
function TradeCells({ trade, price, pnl, at }: { trade: TradeView; price: string | null; pnl: string; at: string | null }) {
  const digits = digitsOf(trade);
  const tp = trade.take_profit ? formatPrice(trade.take_profit, digits) : '—';
  const sl = trade.stop_loss ? formatPrice(trade.stop_loss, digits) : '—';
  return (
    <>
      <td className="col-symbol">
        {trade.asset_symbol}
        <PlacedBy trade={trade} />
      </td>
      <td className={`col-side ${trade.trade_type === 'buy' ? 'gain' : 'loss'}`}>{trade.trade_type.toUpperCase()}</td>
      <td className="col-lots">{formatLots(trade.lots)}</td>
      <td className="col-open">{formatPrice(trade.opening_price, digits)}</td>
      <td className="col-current">{formatPrice(price, digits)}</td>
      <td className="col-tp">
        {tp}
        <span className="levels-merged">
          {sl}
          <TrailTag points={trade.trailing_stop} />
        </span>
      </td>
      <td className="col-sl">
        {sl}
        <TrailTag points={trade.trailing_stop} />
      </td>
      <td className={`col-swap ${signClass(trade.swap)}`}>{displayMoney(trade.swap, accountCurrency())}</td>
      <td className="col-commission">{displayMoney(trade.paid_commission, accountCurrency())}</td>
      <td className={`col-pnl ${signClass(pnl)}`}>
        {displayMoney(pnl, accountCurrency())}
        <NetLine trade={trade} pnl={pnl} />
      </td>
      <td className="col-time">{timeOf(at)}</td>
    </>
  );
}

const LineRow = ({ text, className }: { text: string; className: string }) => (
  <tr className={className}>
    <td colSpan={12}>{text}</td>
  </tr>
);

const MoreRow = ({ sentinel }: { sentinel: RefObject<HTMLTableRowElement | null> }) => (
  <tr ref={sentinel} className="more-row">
    <td colSpan={12}>{positionLayoutTexts.loadingMore}</td>
  </tr>
);

function ActiveRows({ onAction }: { onAction: OnPositionAction }) {
  useSignals();
  const { items, message, more, sentinel } = usePositionsList<HTMLTableRowElement>('open');
  if (message) return <LineRow className="empty-row" text={message} />;
  return (
    <>
      {items.map((trade) => (
        <tr key={trade.id}>
          <TradeCells trade={trade} price={trade.livePrice} pnl={trade.livePnl} at={trade.open_time} />
          <td className="col-actions">
            <div className="row-actions">
              <PositionButtons trade={trade} onAction={onAction} />
            </div>
          </td>
        </tr>
      ))}
      {more ? <MoreRow sentinel={sentinel} /> : null}
    </>
  );
}

function HistoryRows() {
  useSignals();
  const { items, message, more, sentinel } = usePositionsList<HTMLTableRowElement>('closed');
  if (message) return <LineRow className="empty-row" text={message} />;
  return (
    <>
      {items.map((trade) => (
        <tr key={trade.id}>
          <TradeCells trade={trade} price={trade.closing_price} pnl={trade.pnl} at={trade.close_time} />
          <td className="col-reason">{trade.close_reason ? closeReasonLabel(trade.close_reason) : ''}</td>
        </tr>
      ))}
      {more ? <MoreRow sentinel={sentinel} /> : null}
    </>
  );
}

export function PositionsTable({ tab, onAction }: { tab: 'active' | 'history'; onAction: OnPositionAction }) {
  const active = tab === 'active';
  return (
    <div className="positions-table" role="tabpanel">
      <table>
        <thead>
          <tr>
            <th className="col-symbol">Symbol</th>
            <th className="col-side">Type</th>
            <th className="col-lots">Lots</th>
            <th className="col-open">Open</th>
            <th className="col-current">{active ? 'Current' : 'Close'}</th>
            <th className="col-tp">
              TP<span className="levels-merged"> / SL</span>
            </th>
            <th className="col-sl">SL</th>
            <th className="col-swap">
              <abbr title="Overnight financing so far">Swap</abbr>
            </th>
            <th className="col-commission">
              <abbr title="Commission charged so far, at the open and the close">Comm.</abbr>
            </th>
            <th className="col-pnl">P/L</th>
            <th className="col-time">{active ? positionLayoutTexts.opened : positionLayoutTexts.closed}</th>
            {active ? (
              <th className="col-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : (
              <th className="col-reason">Reason</th>
            )}
          </tr>
        </thead>
        <tbody>{active ? <ActiveRows onAction={onAction} /> : <HistoryRows />}</tbody>
      </table>
    </div>
  );
}
