import type { Side } from '../../../shared/trading/prices';
import type { eaStrategies } from '../db/schema';

/**
 * The rules of each expert advisor, as pure functions of the bars it has seen: what to open, what to
 * close, and what to remember. Indicators use binary floats — they only decide *whether* to trade;
 * every price and amount of an order is the server's own, in decimals, at execution.
 */

export type StrategyName = (typeof eaStrategies)[number];

/** One of the advisor's own open positions on the instrument it trades. */
export interface HeldPosition {
  id: number;
  side: Side;
  /** Live P/L in the account currency. */
  pnl: number;
}

export interface StrategyView {
  /** Closes of finished bars, oldest first. */
  closes: readonly number[];
  positions: readonly HeldPosition[];
  state: Readonly<Record<string, unknown>>;
  balance: number;
}

/** Protection levels of a new trade, as a percentage away from its price or as a price. */
export interface Protection {
  stopLossPercent?: number;
  takeProfitPercent?: number;
  stopLoss?: number;
  takeProfit?: number;
}

export interface StrategyMove {
  open?: { side: Side } & Protection;
  /** Its positions to close first (ids). */
  close?: readonly number[];
  /** What to remember for the next bar (replaces the state when given). */
  state?: Record<string, unknown>;
  /** Stop running, with the reason shown to the customer (after closing `close`). */
  halt?: 'loss_limit';
}

export type Params = Readonly<Record<string, number>>;
export type Strategy = (params: Params, view: StrategyView) => StrategyMove;

/** How many finished bars a strategy needs before it can decide anything. */
export function barsNeeded(strategy: StrategyName, params: Params): number {
  switch (strategy) {
    case 'ma_trend':
      return (params.slow ?? 30) + 1;
    case 'rsi_reversion':
      return (params.period ?? 14) + 1;
    case 'breakout':
      return (params.lookback ?? 20) + 1;
    case 'grid':
      return 1;
  }
}

const average = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const smaAt = (closes: readonly number[], period: number, end: number) => average(closes.slice(end - period, end));

/** RSI of the last `period` changes, from their plain sums (Cutler's: no smoothing carried between bars); 0–100, 100 when nothing fell, 50 when nothing moved. */
export function rsi(closes: readonly number[], period: number): number {
  let gains = 0;
  let losses = 0;
  const from = closes.length - period;
  for (let i = from; i < closes.length; i += 1) {
    const change = closes[i]! - closes[i - 1]!;
    if (change > 0) gains += change;
    else losses -= change;
  }
  if (gains === 0 && losses === 0) return 50;
  if (losses === 0) return 100;
  return 100 - 100 / (1 + gains / losses);
}

const others = (positions: readonly HeldPosition[], side: Side) => positions.filter((p) => p.side !== side).map((p) => p.id);

/** Trend Rider: on a cross of the fast average over the slow one, close the other side and open with the cross. */
export const maTrend: Strategy = (params, { closes, positions }) => {
  const fast = params.fast ?? 10;
  const slow = params.slow ?? 30;
  if (closes.length < slow + 1) return {};
  const n = closes.length;
  const before = Math.sign(smaAt(closes, fast, n - 1) - smaAt(closes, slow, n - 1));
  const now = Math.sign(smaAt(closes, fast, n) - smaAt(closes, slow, n));
  if (now === 0 || now === before) return {};
  const side: Side = now > 0 ? 'buy' : 'sell';
  const close = others(positions, side);
  const holds = positions.some((p) => p.side === side);
  return { close, ...(holds ? {} : { open: { side, stopLossPercent: params.stopLossPercent ?? 1.5, takeProfitPercent: params.takeProfitPercent ?? 3 } }) };
};

/** House trend rule of AutoTrader: hold one position in the direction of the averages, flipping when they cross. */
export const trendHolder: Strategy = (params, { closes, positions }) => {
  const fast = params.fast ?? 10;
  const slow = params.slow ?? 30;
  if (closes.length < slow) return {};
  const direction = Math.sign(smaAt(closes, fast, closes.length) - smaAt(closes, slow, closes.length));
  if (direction === 0) return {};
  const side: Side = direction > 0 ? 'buy' : 'sell';
  const close = others(positions, side);
  const holds = positions.some((p) => p.side === side);
  return { close, ...(holds ? {} : { open: { side, stopLossPercent: params.stopLossPercent ?? 1, takeProfitPercent: params.takeProfitPercent ?? 2 } }) };
};

/** RSI Reverter: buy oversold, sell overbought, close back at the middle band. */
export const rsiReversion: Strategy = (params, { closes, positions }) => {
  const period = params.period ?? 14;
  if (closes.length < period + 1) return {};
  const value = rsi(closes, period);
  const middle = 50;
  const close = positions.filter((p) => (p.side === 'buy' ? value >= middle : value <= middle)).map((p) => p.id);
  const stillOpen = positions.length - close.length;
  if (stillOpen > 0) return { close };
  const stopLossPercent = params.stopLossPercent ?? 1;
  if (value < (params.oversold ?? 30)) return { close, open: { side: 'buy', stopLossPercent } };
  if (value > (params.overbought ?? 70)) return { close, open: { side: 'sell', stopLossPercent } };
  return { close };
};

/**
 * Range Breakout: when the last close leaves the range of the `lookback` bars before it, trade in its
 * direction with the stop loss on the far side of the range and the take profit `takeProfitRatio` times
 * that distance; then wait until the price is back inside a range before the next breakout.
 */
export const breakout: Strategy = (params, { closes, positions, state }) => {
  const lookback = params.lookback ?? 20;
  if (closes.length < lookback + 1) return {};
  const last = closes[closes.length - 1]!;
  const range = closes.slice(closes.length - 1 - lookback, closes.length - 1);
  const high = Math.max(...range);
  const low = Math.min(...range);
  const inside = last <= high && last >= low;
  if (inside) return state.armed === false ? { state: { armed: true } } : {};
  if (state.armed === false || positions.length > 0) return {};
  const ratio = params.takeProfitRatio ?? 2;
  const side: Side = last > high ? 'buy' : 'sell';
  const stopLoss = side === 'buy' ? low : high;
  const takeProfit = last + (last - stopLoss) * ratio;
  return { open: { side, stopLoss, takeProfit }, state: { armed: false } };
};

/**
 * Capped Grid: lines every `stepPercent` of the price it started at; crossing one down buys, crossing one
 * up sells, each taking profit one level away (stop loss `maxTrades` levels away), at most `maxTrades`
 * open. When the open loss reaches `maxLossPercent` of the balance it closes everything and stops.
 */
export const grid: Strategy = (params, { closes, positions, state, balance }) => {
  const last = closes[closes.length - 1];
  if (last === undefined) return {};
  const maxLoss = ((params.maxLossPercent ?? 2) / 100) * balance;
  const open = positions.reduce((sum, p) => sum + p.pnl, 0);
  if (positions.length > 0 && -open >= maxLoss) return { close: positions.map((p) => p.id), halt: 'loss_limit' };
  const step = (params.stepPercent ?? 0.5) / 100;
  const anchor = typeof state.anchor === 'number' ? state.anchor : last;
  // Lines at the anchor and every step from it; the level is the band the price is in.
  const level = Math.floor((last / anchor - 1) / step);
  const previous = typeof state.level === 'number' ? state.level : 0;
  const remember = { anchor, level };
  const maxTrades = params.maxTrades ?? 6;
  if (level === previous || positions.length >= maxTrades) return { state: remember };
  const side: Side = level < previous ? 'buy' : 'sell';
  // Each trade also carries a stop loss as far away as the whole grid, so none is left unprotected once the grid stops.
  const stepPercent = params.stepPercent ?? 0.5;
  return { open: { side, takeProfitPercent: stepPercent, stopLossPercent: stepPercent * maxTrades }, state: remember };
};

export const strategies: Record<StrategyName, Strategy> = { ma_trend: maTrend, rsi_reversion: rsiReversion, breakout, grid };
