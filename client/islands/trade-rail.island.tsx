import './trade-rail.css';
import { useSignals } from '@preact/signals-react/runtime';
import * as z from 'zod/mini';
import { tradingApi } from '../../shared/api/endpoints/trading';
import type { PendingOrderView } from '../../shared/api/trades.schema';
import { positionTexts } from '../../shared/trading/terminal';
import { ThirdPartyWidget } from '../components/third-party-widget';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { useDismiss } from '../lib/use-dismiss';
import { formatDate, formatLots, formatPrice, signClass } from '../lib/format';
import { displayMoney } from '../state/site-data';
import { defineIsland } from '../runtime/define-island';
import { assetsById } from '../state/market';
import { openPanel, sidebarOpen, type RailPanel } from '../state/terminal';
import { closedTrades, loadMore, pendingOrders, refreshTrading, selectedAccount } from '../state/trading';

const labels: Record<RailPanel | 'trade-room', string> = {
  'trade-room': 'TRADE ROOM',
  'market-watch': 'MARKET WATCH',
  'active-orders': 'ACTIVE ORDERS',
  history: 'TRADING HISTORY',
  calendar: 'CALENDAR',
  news: 'MARKET NEWS',
};

/** Cancels a waiting order; the trading lists are read again either way. */
function CancelOrder({ order }: { order: PendingOrderView }) {
  const form = useEndpointForm(tradingApi.cancelPending, {
    initial: {},
    request: () => ({ params: { id: order.id } }),
    done: () => ({ kind: 'success', title: positionTexts.orderCancelled }),
    failureTitle: 'Could not cancel the order',
    fallback: positionTexts.closeFailedBody,
    after: () => void refreshTrading(),
  });
  return (
    <button type="button" className="small outline" disabled={form.busy} aria-busy={form.busy || undefined} onClick={() => form.submit()}>
      Cancel
    </button>
  );
}

function ActiveOrders() {
  useSignals();
  const { items, state } = pendingOrders.value;
  if (items.length === 0) return <p className="panel-empty">{state === 'loading' ? 'Loading...' : state === 'error' ? 'Could not load the orders.' : positionTexts.noActiveOrders}</p>;
  return (
    <ul className="panel-list">
      {items.map((order) => (
        <li key={order.id}>
          <div>
            <strong>
              {order.trade_type.toUpperCase()} {order.kind.toUpperCase()} {order.asset_symbol}
            </strong>
            <span>
              {formatLots(order.lots)} lots at {formatPrice(order.price, assetsById.value.get(order.instrument_id)?.digits ?? 5)}
            </span>
          </div>
          <CancelOrder order={order} />
        </li>
      ))}
    </ul>
  );
}

function TradingHistory() {
  useSignals();
  const { items, next, state, error } = closedTrades.value;
  if (error) return <p className="panel-empty">{error}</p>;
  if (items.length === 0) return <p className="panel-empty">{state === 'loading' ? 'Loading...' : positionTexts.noTradingHistory}</p>;
  return (
    <>
      <ul className="panel-list">
        {items.map((trade) => (
          <li key={trade.id}>
            <div>
              <strong>
                {trade.trade_type.toUpperCase()} {formatLots(trade.lots)} {trade.asset_symbol}
              </strong>
              <span>{trade.close_time ? formatDate(trade.close_time, { dateStyle: 'short', timeStyle: 'medium' }) : ''}</span>
            </div>
            <strong className={signClass(trade.pnl)}>{displayMoney(trade.pnl, selectedAccount.value?.currency ?? 'USD')}</strong>
          </li>
        ))}
      </ul>
      {next ? (
        <button type="button" className="small outline" onClick={() => loadMore('closed')}>
          More
        </button>
      ) : null}
    </>
  );
}

const closePanel = () => (openPanel.value = null);

/** The left rail (docs/trade-room.md#rail-panels): panels toggle, the trade room stays active; on phones a panel is an overlay. */
function TradeRail() {
  useSignals();
  const panel = openPanel.value;
  // Escape closes the panel; the backdrop closes it on phones (outside presses on wide screens may be the chart).
  useDismiss(panel !== null, null, closePanel);
  const toggle = (id: RailPanel) => {
    if (id === 'market-watch') sidebarOpen.value = !sidebarOpen.value;
    else openPanel.value = panel === id ? null : id;
  };
  return (
    <>
      <nav className="terminal-rail" aria-label="Panels">
        <button type="button" aria-pressed="true" className="rail-button active">
          {labels['trade-room']}
        </button>
        {(['market-watch', 'active-orders', 'history', 'calendar', 'news'] as const).map((id) => (
          <button key={id} type="button" className="rail-button" aria-pressed={id === 'market-watch' ? sidebarOpen.value : panel === id} onClick={() => toggle(id)}>
            {labels[id]}
          </button>
        ))}
      </nav>
      {panel ? (
        <>
          <div className="panel-backdrop" onClick={() => (openPanel.value = null)} aria-hidden="true" />
          <section className="rail-panel" aria-label={labels[panel]}>
            <header>
              <h2>{labels[panel]}</h2>
              <button type="button" className="panel-close" aria-label="Close panel" onClick={() => (openPanel.value = null)}>
                ×
              </button>
            </header>
            {panel === 'active-orders' ? <ActiveOrders /> : null}
            {panel === 'history' ? <TradingHistory /> : null}
            {panel === 'calendar' ? (
              <ThirdPartyWidget
                title="Economic calendar"
                script="embed-widget-events.js"
                config={{ colorTheme: 'dark', isTransparent: true, width: '100%', height: '100%', locale: 'en', importanceFilter: '0,1' }}
              />
            ) : null}
            {panel === 'news' ? (
              <ThirdPartyWidget
                title="Market news"
                script="embed-widget-timeline.js"
                config={{ feedMode: 'all_symbols', colorTheme: 'dark', isTransparent: true, displayMode: 'regular', width: '100%', height: '100%', locale: 'en' }}
              />
            ) : null}
          </section>
        </>
      ) : null}
    </>
  );
}

export default defineIsland({ name: 'trade-rail', component: TradeRail, props: z.object({}) });
