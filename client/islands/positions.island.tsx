import './positions.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type RefObject } from 'react';
import * as z from 'zod/mini';
import type { TradeView } from '../../shared/api/trades.schema';
import { Money } from '../../shared/money';
import { positionTexts } from '../../shared/trading/terminal';
import { CloseDialog, LevelsDialog, PartialCloseDialog } from '../components/position-dialogs';
import { formatLots, formatPrice, signClass } from '../lib/format';
import { displayMoney } from '../state/site-data';
import { defineIsland } from '../runtime/define-island';
import { assetsById, startMarket } from '../state/market';
import { currentUser, realtimeKey } from '../state/session';
import { closedTrades, liveOpenTrades, loadMore, openTrades, selectedAccount, startTrading, type LiveTrade } from '../state/trading';

type Tab = 'active' | 'history';
const currencyOfAccount = () => selectedAccount.value?.currency ?? 'USD';
type Action = { kind: 'close' | 'partial' | 'levels'; trade: LiveTrade } | null;

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' }) : '—');

/** Loads the next page when the end of the list scrolls into view (docs/trade-room.md#positions). */
function useMoreWhenVisible(status: 'open' | 'closed', active: boolean) {
  const sentinel = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !active) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(status));
    observer.observe(element);
    return () => observer.disconnect();
  }, [status, active]);
  return sentinel;
}

/** Who placed a trade, when not the customer by hand: a small tag by its symbol. */
const placers = { expert_advisor: { tag: 'EA', title: 'Placed by your Expert Advisor' }, autotrader: { tag: 'Auto', title: 'Placed by AutoTrader' } } as const;

/** The columns both tabs share: what, which way, how much, from, to (now or at the close), levels, P/L and when. */
function TradeCells({ trade, price, pnl, at }: { trade: TradeView; price: string | null; pnl: string; at: string | null }) {
  const digits = assetsById.value.get(trade.asset_id)?.digits ?? 5;
  return (
    <>
      <td>
        {trade.asset_symbol}
        {trade.placed_by === 'customer' ? null : (
          <abbr className="placed-by" title={placers[trade.placed_by].title}>
            {placers[trade.placed_by].tag}
          </abbr>
        )}
      </td>
      <td className={trade.trade_type === 'buy' ? 'gain' : 'loss'}>{trade.trade_type.toUpperCase()}</td>
      <td>{formatLots(trade.lots)}</td>
      <td>{formatPrice(trade.opening_price, digits)}</td>
      <td>{formatPrice(price, digits)}</td>
      <td>{trade.take_profit ? formatPrice(trade.take_profit, digits) : '—'}</td>
      <td>{trade.stop_loss ? formatPrice(trade.stop_loss, digits) : '—'}</td>
      <td className={signClass(pnl)}>{displayMoney(pnl, currencyOfAccount())}</td>
      <td>{time(at)}</td>
    </>
  );
}

const MoreRow = ({ sentinel }: { sentinel: RefObject<HTMLTableRowElement | null> }) => (
  <tr ref={sentinel} className="more-row">
    <td colSpan={10}>Loading more...</td>
  </tr>
);

function ActiveRows({ onAction }: { onAction: (action: Action) => void }) {
  useSignals();
  const list = openTrades.value;
  const trades = liveOpenTrades.value;
  const sentinel = useMoreWhenVisible('open', Boolean(list.next));
  if (list.error) return <EmptyRow text={list.error} />;
  if (trades.length === 0) return <EmptyRow text={list.state === 'loading' ? 'Loading...' : positionTexts.noActivePositions} />;
  return (
    <>
      {trades.map((trade) => (
        <tr key={trade.id}>
          <TradeCells trade={trade} price={trade.livePrice} pnl={trade.livePnl} at={trade.open_time} />
          <td className="row-actions">
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
          </td>
        </tr>
      ))}
      {list.next ? <MoreRow sentinel={sentinel} /> : null}
    </>
  );
}

function HistoryRows() {
  useSignals();
  const list = closedTrades.value;
  const sentinel = useMoreWhenVisible('closed', Boolean(list.next));
  if (list.error) return <EmptyRow text={list.error} />;
  if (list.items.length === 0) return <EmptyRow text={list.state === 'loading' ? 'Loading...' : positionTexts.noHistory} />;
  return (
    <>
      {list.items.map((trade: TradeView) => (
        <tr key={trade.id}>
          <TradeCells trade={trade} price={trade.closing_price} pnl={trade.pnl} at={trade.close_time} />
          <td>{trade.close_reason ?? ''}</td>
        </tr>
      ))}
      {list.next ? <MoreRow sentinel={sentinel} /> : null}
    </>
  );
}

const EmptyRow = ({ text }: { text: string }) => (
  <tr className="empty-row">
    <td colSpan={10}>{text}</td>
  </tr>
);

/** The positions drawer (docs/trade-room.md#positions): active and history tabs, collapsible to the Total Portfolio bar. */
function Positions() {
  useSignals();
  const [tab, setTab] = useState<Tab>('active');
  const [open, setOpen] = useState(true);
  const [action, setAction] = useState<Action>(null);
  useEffect(() => {
    void startMarket();
    const user = currentUser.value;
    if (user) void startTrading(user.id, realtimeKey.value);
  }, []);
  const total = liveOpenTrades.value.reduce((sum, t) => sum.plus(t.livePnl), new Money(0)).toFixed(2);
  const currency = selectedAccount.value?.currency ?? '';
  const asset = action ? assetsById.value.get(action.trade.asset_id) : undefined;

  return (
    <section className={open ? 'positions open' : 'positions'} aria-label="Positions">
      <header className="positions-bar">
        <div role="tablist" aria-label="Positions">
          {(['active', 'history'] as const).map((id) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => (setTab(id), setOpen(true))}>
              {id === 'active' ? `ACTIVE POSITIONS (${liveOpenTrades.value.length})` : 'POSITIONS HISTORY'}
            </button>
          ))}
        </div>
        <span className="portfolio-total">
          Total Portfolio <strong className={signClass(total)}>{displayMoney(total, currency)}</strong>
        </span>
        <button type="button" className="positions-toggle" aria-expanded={open} aria-label={open ? 'Collapse positions' : 'Expand positions'} onClick={() => setOpen(!open)}>
          {open ? '▾' : '▴'}
        </button>
      </header>
      {open ? (
        <div className="positions-table" role="tabpanel">
          <table>
            <thead>
              <tr>
                <th>Symbol</th>
                <th>Type</th>
                <th>Lots</th>
                <th>Open</th>
                <th>{tab === 'active' ? 'Current' : 'Close'}</th>
                <th>TP</th>
                <th>SL</th>
                <th>P/L</th>
                <th>{tab === 'active' ? 'Opened' : 'Closed'}</th>
                <th>{tab === 'active' ? '' : 'Reason'}</th>
              </tr>
            </thead>
            <tbody>{tab === 'active' ? <ActiveRows onAction={setAction} /> : <HistoryRows />}</tbody>
          </table>
        </div>
      ) : null}
      {action?.kind === 'close' ? <CloseDialog trade={action.trade} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'partial' ? <PartialCloseDialog trade={action.trade} asset={asset} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'levels' ? <LevelsDialog trade={action.trade} asset={asset} onClose={() => setAction(null)} /> : null}
    </section>
  );
}

export default defineIsland({ name: 'positions', component: Positions, props: z.object({}) });
