import type { RefObject } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { closeReasonLabel, type TradeView } from '../../shared/api/trades.schema';
import { positionLayoutTexts } from '../../shared/trading/position-texts';
import { formatLots, formatPrice, signClass } from '../lib/format';
import { displayMoney } from '../state/site-data';
import { accountCurrency, digitsOf, NetLine, PlacedBy, PositionButtons, timeOf, usePositionsList, type OnPositionAction } from './positions-parts';

/**
 * The positions as cards (phones and narrow panels; docs/trade-room.md#positions): symbol, side and lots
 * with the P/L large beside them, open → current (or close) price, the levels with the trailing stop, and
 * the buttons along the bottom edge where the thumb is.
 */
function CardBody({ trade, price, pnl, at, end }: { trade: TradeView; price: string | null; pnl: string; at: string | null; end: string }) {
  const digits = digitsOf(trade);
  const level = (value: string | null) => (value ? formatPrice(value, digits) : '—');
  return (
    <>
      <div className="card-head">
        <strong className="card-symbol">{trade.asset_symbol}</strong>
        <PlacedBy trade={trade} />
        <span className={trade.trade_type === 'buy' ? 'gain' : 'loss'}>{trade.trade_type.toUpperCase()}</span>
        <span>{formatLots(trade.lots)} lots</span>
        <strong className={`card-pnl ${signClass(pnl)}`}>
          {displayMoney(pnl, accountCurrency())}
          <NetLine trade={trade} pnl={pnl} />
        </strong>
      </div>
      <p className="card-prices">
        <span>
          <span className="visually-hidden">Open </span>
          {formatPrice(trade.opening_price, digits)}
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden">, {end} </span>
          {formatPrice(price, digits)}
        </span>
        <span className="card-time">{timeOf(at)}</span>
      </p>
      <p className="card-levels">
        TP {level(trade.take_profit)} · SL {level(trade.stop_loss)}
        {trade.trailing_stop ? ` · ${positionLayoutTexts.trails(trade.trailing_stop)}` : null}
        {Number(trade.swap) !== 0 ? ` · Swap ${displayMoney(trade.swap, accountCurrency())}` : null}
        {Number(trade.dividends) !== 0 ? ` · Dividends ${displayMoney(trade.dividends, accountCurrency())}` : null}
        {Number(trade.paid_commission) !== 0 ? ` · Commission ${displayMoney(trade.paid_commission, accountCurrency())}` : null}
      </p>
    </>
  );
}

const LineItem = ({ text, className }: { text: string; className: string }) => <li className={className}>{text}</li>;

const MoreItem = ({ sentinel }: { sentinel: RefObject<HTMLLIElement | null> }) => (
  <li ref={sentinel} className="more-row">
    {positionLayoutTexts.loadingMore}
  </li>
);

function ActiveCards({ onAction }: { onAction: OnPositionAction }) {
  useSignals();
  const { items, message, more, sentinel } = usePositionsList<HTMLLIElement>('open');
  if (message) return <LineItem className="empty-row" text={message} />;
  return (
    <>
      {items.map((trade) => (
        <li key={trade.id} className="position-card">
          <CardBody trade={trade} price={trade.livePrice} pnl={trade.livePnl} at={trade.open_time} end="now" />
          <div className="card-actions">
            <PositionButtons trade={trade} onAction={onAction} />
          </div>
        </li>
      ))}
      {more ? <MoreItem sentinel={sentinel} /> : null}
    </>
  );
}

function HistoryCards() {
  useSignals();
  const { items, message, more, sentinel } = usePositionsList<HTMLLIElement>('closed');
  if (message) return <LineItem className="empty-row" text={message} />;
  return (
    <>
      {items.map((trade) => (
        <li key={trade.id} className="position-card">
          <CardBody trade={trade} price={trade.closing_price} pnl={trade.pnl} at={trade.close_time} end="closed at" />
          {trade.close_reason ? <p className="card-reason">{closeReasonLabel(trade.close_reason)}</p> : null}
        </li>
      ))}
      {more ? <MoreItem sentinel={sentinel} /> : null}
    </>
  );
}

export function PositionCards({ tab, onAction }: { tab: 'active' | 'history'; onAction: OnPositionAction }) {
  return (
    <div className="positions-cards" role="tabpanel">
      <ul>{tab === 'active' ? <ActiveCards onAction={onAction} /> : <HistoryCards />}</ul>
    </div>
  );
}
