import { describe, expect, it } from 'vitest';
import type { PendingOrderView, TradeView } from '../../shared/api/trades.schema';
import { chartLinesOf, liveOwner, moveBody, moveProblem, ownerText, projectedPnl, type LineOwner } from '../../client/lib/chart-lines';

const trade: TradeView = {
  id: 12,
  trade_id: 'T00000012',
  account_id: 1,
  asset_id: 'EURUSD',
  instrument_id: 7,
  asset_symbol: 'EURUSD',
  asset_name: 'Euro / US Dollar',
  trade_type: 'buy',
  volume: '10000',
  lots: '0.1',
  margin: '100',
  leverage: 100,
  opening_price: '1.08500',
  closing_price: '1.08600',
  take_profit: '1.09000',
  stop_loss: '1.08000',
  trailing_stop: null,
  pnl: '10',
  paid_commission: '0.00',
  swap: '0.00',
  dividends: '0.00',
  status: 'open',
  close_reason: null,
  open_time: '2026-11-24T10:00:00.000Z',
  close_time: null,
  placed_by: 'customer',
  expert_advisor_id: null,
};

const order: PendingOrderView = {
  id: 3,
  account_id: 1,
  asset_id: 'EURUSD',
  instrument_id: 7,
  asset_symbol: 'EURUSD',
  asset_name: 'Euro / US Dollar',
  trade_type: 'sell',
  kind: 'limit',
  price: '1.09500',
  volume: '25000',
  lots: '0.25',
  leverage: 100,
  take_profit: '1.09000',
  stop_loss: null,
  status: 'pending',
  trade_id: null,
  reason: null,
  created_at: '2026-11-24T10:00:00.000Z',
  resolved_at: null,
};

const asTrade: LineOwner = { type: 'trade', trade };
const asOrder: LineOwner = { type: 'order', order };
// Sell (bid) 1.08600, buy (ask) 1.08620: a buy closes at 1.08600.
const quote = { bid: '1.08600', ask: '1.08620' };

describe('chart lines', () => {
  it('draws entry, TP and SL of the trades and price and levels of the waiting orders on this instrument', () => {
    const lines = chartLinesOf([trade, { ...trade, id: 13, asset_id: 'GBPUSD', instrument_id: 8 }], [order, { ...order, id: 4, status: 'filled' }], 7);
    expect(lines.map((l) => [l.key, l.price, l.title, l.draggable])).toEqual([
      ['trade-12-entry', '1.08500', 'BUY 0.10', false],
      ['trade-12-tp', '1.09000', 'TP T00000012', true],
      ['trade-12-sl', '1.08000', 'SL T00000012', true],
      ['order-3-price', '1.09500', 'SELL LIMIT 0.25', true],
      ['order-3-tp', '1.09000', 'TP order 3', true],
    ]);
  });

  it('labels a trailing stop as such, with its distance', () => {
    const [, , sl] = chartLinesOf([{ ...trade, trailing_stop: 150 }], [], 7);
    expect(sl!.title).toBe('Trailing SL T00000012 (150 pts)');
  });

  it("checks a position's TP and SL against the price it would close at now, as the server does", () => {
    expect(moveProblem(asTrade, 'sl', '1.08412', quote)).toBeNull();
    expect(moveProblem(asTrade, 'sl', '1.08600', quote)).toBe('Stop loss must be below the current sell price');
    expect(moveProblem(asTrade, 'tp', '1.08599', quote)).toBe('Take profit must be above the current sell price');
    expect(moveProblem(asTrade, 'tp', '0', quote)).toBe('The level must be above 0.');
  });

  it('refuses a stop loss dropped behind the one a trailing stop has reached since, reading the trade as it is now', () => {
    const dropped: LineOwner = { type: 'trade', trade: { ...trade, stop_loss: '1.08000', trailing_stop: 150 } };
    expect(moveProblem(dropped, 'sl', '1.08300', quote)).toBeNull();
    // The engine trailed the stop to 1.08450 while the confirmation was open.
    const now = liveOwner(dropped, [
      { ...trade, id: 99 },
      { ...trade, stop_loss: '1.08450', trailing_stop: 150 },
    ]);
    expect(moveProblem(now, 'sl', '1.08300', quote)).toBe('The trailing stop has moved the stop loss to 1.08450: it can only move further your way while trailing is on');
    expect(moveProblem(now, 'sl', '1.08500', quote)).toBeNull();
    // Its take profit is no business of the trail; a stop without trailing may go back.
    expect(moveProblem(now, 'tp', '1.09100', quote)).toBeNull();
    expect(moveProblem(liveOwner(asTrade, [{ ...trade, stop_loss: '1.08450' }]), 'sl', '1.08300', quote)).toBeNull();
    // A trade no longer listed (closed) and an order stay as dropped.
    expect(liveOwner(dropped, [])).toBe(dropped);
    expect(liveOwner(asOrder, [trade])).toBe(asOrder);
  });

  it("checks a pending order's TP and SL against its own price, and its price on its kind's side of the quote", () => {
    expect(moveProblem(asOrder, 'tp', '1.09400', quote)).toBeNull();
    expect(moveProblem(asOrder, 'tp', '1.09600', quote)).toBe('Take profit must be below the order price');
    expect(moveProblem(asOrder, 'sl', '1.09400', quote)).toBe('Stop loss must be above the order price');
    // A sell limit waits above the sell price.
    expect(moveProblem(asOrder, 'price', '1.09200', quote)).toBeNull();
    expect(moveProblem(asOrder, 'price', '1.08600', quote)).toBe('A sell limit must be above the current sell price');
    expect(moveProblem(asOrder, 'price', '1.08500', quote)).toBe('A sell limit must be above the current sell price');
    const buyStop: LineOwner = { type: 'order', order: { ...order, trade_type: 'buy', kind: 'stop', take_profit: null } };
    expect(moveProblem(buyStop, 'price', '1.08621', quote)).toBeNull();
    expect(moveProblem(buyStop, 'price', '1.08620', quote)).toBe('A buy stop must be above the current buy price');
    // Its take profit at 1.09000 must stay below the new price.
    expect(moveProblem(asOrder, 'price', '1.08900', quote)).toBe('Take profit must be below the order price');
  });

  it('asks in words and sends only the level moved', () => {
    expect(ownerText(asTrade, 'EUR/USD')).toBe('BUY 0.10 EUR/USD');
    expect(ownerText(asOrder, 'EUR/USD')).toBe('SELL LIMIT 0.25 EUR/USD');
    expect(moveBody('sl', '1.08412')).toEqual({ stop_loss: '1.08412' });
    expect(moveBody('tp', '1.09')).toEqual({ take_profit: '1.09' });
    expect(moveBody('price', '1.095')).toEqual({ price: '1.095' });
  });

  it('projects the P/L at the new level in the account currency', () => {
    // 10,000 units bought at 1.08500, out at 1.08412: −8.80 USD; at a quote→account rate of 0.9, −7.92.
    expect(projectedPnl(asTrade, 'sl', '1.08412', 1)!.toFixed(2)).toBe('-8.80');
    expect(projectedPnl(asTrade, 'sl', '1.08412', '0.9')!.toFixed(2)).toBe('-7.92');
    // 25,000 sold at 1.09500, TP at 1.09000: +125.00.
    expect(projectedPnl(asOrder, 'tp', '1.09000', 1)!.toFixed(2)).toBe('125.00');
    expect(projectedPnl(asOrder, 'price', '1.09000', 1)).toBeNull();
    expect(projectedPnl(asTrade, 'tp', '1.09', undefined)).toBeNull();
  });
});
