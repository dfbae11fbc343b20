import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TradeView } from '../../shared/api/trades.schema';
import { Money } from '../../shared/money';
import { positionLayoutTexts } from '../../shared/trading/position-texts';
import { positionTexts } from '../../shared/trading/terminal';
import { assetsById } from '../state/market';
import { closedTrades, liveOpenTrades, loadMore, openTrades, selectedAccount, type LiveTrade } from '../state/trading';
import { formatDate, signClass } from '../lib/format';
import { netPnlOf } from '../../shared/trading/account-maths';
import { displayMoney } from '../state/site-data';

/** What the drawer asks of a position: a dialog for it (docs/trade-room.md#close-dialogs). */
export type PositionAction = { kind: 'close' | 'partial' | 'levels'; trade: LiveTrade } | null;
export type OnPositionAction = (action: PositionAction) => void;

export const accountCurrency = () => selectedAccount.value?.currency ?? 'USD';
export const digitsOf = (trade: TradeView) => assetsById.value.get(trade.instrument_id)?.digits ?? 5;
export const timeOf = (iso: string | null) => (iso ? formatDate(iso, { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' }) : '—');

/** Below this width the drawer shows cards instead of the table (phones, narrow windows: docs/trade-room.md#positions). */
export const cardsBelowPx = 680;

/** True while the element is narrower than `width` pixels; false until measured, as the server rendered it. */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, width: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => entry && setNarrow(entry.contentRect.width < width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, width]);
  return narrow;
}

/** Loads the next page when the end of the list scrolls into view (docs/trade-room.md#positions). */
function useMoreWhenVisible<T extends HTMLElement>(status: 'open' | 'closed', active: boolean) {
  const sentinel = useRef<T>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !active) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(status));
    observer.observe(element);
    return () => observer.disconnect();
  }, [status, active]);
  return sentinel;
}

interface PositionsList<I, E> {
  items: readonly I[];
  /** What stands in for the items: a load failure, "Loading...", or the empty text; null while there are items. */
  message: string | null;
  /** More pages follow: render the `sentinel` element at the end, whose coming into view loads them. */
  more: boolean;
  sentinel: RefObject<E | null>;
}

/** One positions list as both the cards and the table show it: the open trades at live prices, or the history. */
export function usePositionsList<E extends HTMLElement>(status: 'open'): PositionsList<LiveTrade, E>;
export function usePositionsList<E extends HTMLElement>(status: 'closed'): PositionsList<TradeView, E>;
export function usePositionsList<E extends HTMLElement>(status: 'open' | 'closed'): PositionsList<TradeView, E> {
  const list = status === 'open' ? openTrades.value : closedTrades.value;
  const items = status === 'open' ? liveOpenTrades.value : list.items;
  const sentinel = useMoreWhenVisible<E>(status, Boolean(list.next));
  const empty = status === 'open' ? positionTexts.noActivePositions : positionTexts.noHistory;
  const message = list.error ?? (items.length > 0 ? null : list.state === 'loading' ? 'Loading...' : empty);
  return { items, message, more: Boolean(list.next), sentinel };
}

/** Who placed a trade, when not the customer by hand: a small tag by its symbol. */
const placers = { expert_advisor: { tag: 'EA', title: 'Placed by your Expert Advisor' }, autotrader: { tag: 'Auto', title: 'Placed by AutoTrader' } } as const;

export function PlacedBy({ trade }: { trade: TradeView }) {
  if (trade.placed_by === 'customer') return null;
  const placer = placers[trade.placed_by];
  return (
    <abbr className="placed-by" title={placer.title}>
      {placer.tag}
    </abbr>
  );
}

/** The trailing stop's tag by the stop loss in the table (docs/trading.md#trailing-stop). */
export function TrailTag({ points }: { points: number | null }) {
  if (!points) return null;
  return (
    <abbr className="trail-tag" title={positionLayoutTexts.trailTitle(points)}>
      {positionLayoutTexts.trailTag}
      <span className="visually-hidden"> ({positionLayoutTexts.trails(points)})</span>
    </abbr>
  );
}

/** TP/SL, Partial (only when some lots would stay open) and Close: the same accessible names in the table and on cards. */
export function PositionButtons({ trade, onAction }: { trade: LiveTrade; onAction: OnPositionAction }) {
  return (
    <>
      <button type="button" className="small outline" onClick={() => onAction({ kind: 'levels', trade })}>
        TP/SL
      </button>
      {new Money(trade.lots).gt('0.01') ? (
        <button type="button" className="small outline" onClick={() => onAction({ kind: 'partial', trade })}>
          Partial
        </button>
      ) : null}
      <button type="button" className="small danger" aria-label={`Close ${trade.asset_symbol} ${trade.trade_id}`} onClick={() => onAction({ kind: 'close', trade })}>
        Close
      </button>
    </>
  );
}

/** Under a P/L that swap, dividends or commission change, what the trade comes to: P/L + swap + dividends − commission. */
export function NetLine({ trade, pnl }: { trade: TradeView; pnl: string }) {
  if (Number(trade.swap) === 0 && Number(trade.dividends) === 0 && Number(trade.paid_commission) === 0) return null;
  const net = netPnlOf({ pnl, swap: trade.swap, dividends: trade.dividends, commission: trade.paid_commission });
  const currency = accountCurrency();
  const parts = [`P/L ${displayMoney(pnl, currency)}`, `swap ${displayMoney(trade.swap, currency)}`];
  if (Number(trade.dividends) !== 0) parts.push(`dividends ${displayMoney(trade.dividends, currency)}`);
  parts.push(`commission ${displayMoney(trade.paid_commission, currency)} paid`);
  return (
    <small className={`net-pnl ${signClass(net)}`} title={parts.join(', ')}>
      net {displayMoney(net, currency)}
    </small>
  );
}
