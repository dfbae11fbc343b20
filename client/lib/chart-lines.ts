import type Decimal from 'decimal.js';
import type { PendingOrderView, TradeView } from '../../shared/api/trades.schema';
import { Money } from '../../shared/money';
import { pnlOf } from '../../shared/trading/account-maths';
import { chartTexts, type LevelName } from '../../shared/trading/chart-texts';
import { pendingPriceWaits, protectionProblems } from '../../shared/trading/levels';
import { closingPrice, type Quote } from '../../shared/trading/prices';
import { pendingTexts } from '../../shared/trading/texts';
import { stopBehindTrail } from '../../shared/trading/levels';
import { formatLots } from './format';

/**
 * The price lines the chart draws for the customer's positions and pending orders on one instrument
 * (docs/trade-room.md#chart), and what moving one by dragging it means: the question, the checks the server
 * makes (the same shared functions), the request and the P/L at the new level.
 */

export type LineOwner = { type: 'trade'; trade: TradeView } | { type: 'order'; order: PendingOrderView };

export interface ChartLine {
  /** Stable while the owner lives: `trade-12-sl`, `order-3-price`. */
  key: string;
  owner: LineOwner;
  level: LevelName | 'entry';
  /** The level as the server keeps it (a decimal string). */
  price: string;
  title: string;
  draggable: boolean;
}

const sideOf = (owner: LineOwner) => (owner.type === 'trade' ? owner.trade.trade_type : owner.order.trade_type);

/** Entry (fixed), TP and SL of each open trade; price, TP and SL of each waiting order. */
export function chartLinesOf(trades: readonly TradeView[], orders: readonly PendingOrderView[], assetId: number): ChartLine[] {
  const lines: ChartLine[] = [];
  for (const trade of trades) {
    if (trade.instrument_id !== assetId) continue;
    const owner: LineOwner = { type: 'trade', trade };
    const key = `trade-${trade.id}`;
    lines.push({ key: `${key}-entry`, owner, level: 'entry', price: trade.opening_price, title: `${trade.trade_type.toUpperCase()} ${formatLots(trade.lots)}`, draggable: false });
    if (trade.take_profit) lines.push({ key: `${key}-tp`, owner, level: 'tp', price: trade.take_profit, title: chartTexts.takeProfit(trade.trade_id), draggable: true });
    if (trade.stop_loss) {
      const title = trade.trailing_stop ? chartTexts.trailingStop(trade.trade_id, trade.trailing_stop) : chartTexts.stopLoss(trade.trade_id);
      lines.push({ key: `${key}-sl`, owner, level: 'sl', price: trade.stop_loss, title, draggable: true });
    }
  }
  for (const order of orders) {
    if (order.instrument_id !== assetId || order.status !== 'pending') continue;
    const owner: LineOwner = { type: 'order', order };
    const key = `order-${order.id}`;
    const name = chartTexts.orderOwner(order.id);
    lines.push({ key: `${key}-price`, owner, level: 'price', price: order.price, title: chartTexts.order(order.trade_type, order.kind, formatLots(order.lots)), draggable: true });
    if (order.take_profit) lines.push({ key: `${key}-tp`, owner, level: 'tp', price: order.take_profit, title: chartTexts.takeProfit(name), draggable: true });
    if (order.stop_loss) lines.push({ key: `${key}-sl`, owner, level: 'sl', price: order.stop_loss, title: chartTexts.stopLoss(name), draggable: true });
  }
  return lines;
}

/** "BUY 0.10 EUR/USD", "SELL LIMIT 0.25 EUR/USD". */
export function ownerText(owner: LineOwner, symbol: string): string {
  if (owner.type === 'trade') return `${owner.trade.trade_type.toUpperCase()} ${formatLots(owner.trade.lots)} ${symbol}`;
  return `${chartTexts.order(owner.order.trade_type, owner.order.kind, formatLots(owner.order.lots))} ${symbol}`;
}

export type MovedLevel = LevelName;

/**
 * Why the server would refuse moving `level` of this line to `to` at this quote, or null. A position's TP and SL
 * against the price it would close at now, and (pass the live trade) a stop loss not behind the one a running trailing
 * stop has reached; a pending order's against its order price; its price on the side its kind waits on (a buy limit
 * below the buy price…, `pendingPriceWaits`), with its own TP and SL still on their sides of it.
 */
export function moveProblem(owner: LineOwner, level: MovedLevel, to: string, quote: Quote | null): string | null {
  if (!new Money(to).gt(0)) return chartTexts.positive;
  const side = sideOf(owner);
  const levels = { takeProfit: level === 'tp' ? to : null, stopLoss: level === 'sl' ? to : null };
  if (owner.type === 'trade') {
    if (!quote) return null;
    const errors = protectionProblems({ side, price: closingPrice({ side, quote }), ...levels });
    const { trade } = owner;
    const behind = level === 'sl' ? stopBehindTrail({ side, stopLoss: to, liveStop: trade.stop_loss, trailing: Boolean(trade.trailing_stop) }) : null;
    return errors.take_profit?.[0] ?? errors.stop_loss?.[0] ?? behind;
  }
  const { order } = owner;
  if (level !== 'price') {
    const errors = protectionProblems({ side, price: order.price, against: 'order', ...levels });
    return errors.take_profit?.[0] ?? errors.stop_loss?.[0] ?? null;
  }
  if (quote && !pendingPriceWaits({ side, kind: order.kind, price: to, bid: quote.bid, ask: quote.ask })) return pendingTexts.priceSide(side, order.kind);
  const errors = protectionProblems({ side, price: to, takeProfit: order.take_profit, stopLoss: order.stop_loss, against: 'order' });
  return errors.take_profit?.[0] ?? errors.stop_loss?.[0] ?? null;
}

/** A line's owner as listed now: an open trade's levels move while a move waits for its confirmation (a trailing stop). */
export function liveOwner(owner: LineOwner, trades: readonly TradeView[]): LineOwner {
  if (owner.type !== 'trade') return owner;
  const live = trades.find((t) => t.id === owner.trade.id);
  return live ? { type: 'trade', trade: live } : owner;
}

/** The PATCH body: only the level moved. */
export function moveBody(level: MovedLevel, to: string): { take_profit: string } | { stop_loss: string } | { price: string } {
  return level === 'tp' ? { take_profit: to } : level === 'sl' ? { stop_loss: to } : { price: to };
}

/**
 * What the position makes or loses if it closes at `to`, in the account currency (quote → account at `conversion`):
 * an open trade from its opening price, a pending order's TP or SL from its order price; none for an order's own price.
 */
export function projectedPnl(owner: LineOwner, level: MovedLevel, to: string, conversion: Decimal.Value | undefined): Decimal | null {
  if (conversion === undefined || level === 'price') return null;
  const side = sideOf(owner);
  const [units, opening] = owner.type === 'trade' ? [owner.trade.volume, owner.trade.opening_price] : [owner.order.volume, owner.order.price];
  return pnlOf({ side, units, opening, closing: to, conversion });
}
