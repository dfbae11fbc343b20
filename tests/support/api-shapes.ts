import type { TradeView } from '../../shared/api/trades.schema';
import type { PageState } from '../../shared/page-state.schema';

/** What unit tests put in a page state or a signal: the API's shapes, as the wire carries them. */

/**
 * An instrument as the API sends it (numbers for decimals): bid/ask `bid`/`ask`, open around the clock ('crypto') or
 * on New York's stock hours ('us-stocks', closed at weekends), last updated at `updatedAt` (ms).
 */
export function wireAsset({
  id,
  symbol,
  updatedAt,
  hours = 'crypto',
  bid = 99,
  ask = 101,
  digits = 2,
  contractSize = 1,
}: {
  id: number;
  symbol: string;
  updatedAt: number;
  hours?: 'crypto' | 'us-stocks';
  bid?: number;
  ask?: number;
  digits?: number;
  contractSize?: number;
}) {
  return {
    ...{ id, asset_id: symbol.replace('/', ''), name: `${symbol} name`, symbol, symbol_display: symbol, sy: symbol, image: `/${id}.svg`, tv_symbol: symbol },
    ...{ type: hours === 'crypto' ? 'crypto' : 'stocks', category: hours, rate: (bid + ask) / 2, change: 0, change_percent: 0, price_low: bid, price_high: ask, volume: null },
    ...{
      spread: 0,
      buy_spread: 0,
      sell_spread: 0,
      buy_price: ask,
      sell_price: bid,
      contract_size: contractSize,
      position: contractSize / 100,
      leverage: 10,
      max_leverage: 5,
      swap_type: 'points' as const,
      swap_long: 0,
      swap_short: 0,
      swap_triple_day: null,
      spread_markup: 0,
      commission_type: 'per_lot' as const,
      commission_rate: 0,
      commission_min: 0,
      digits,
    },
    ...{ quote_currency: 'USD', trading_hours: { id: hours, label: hours }, market_open: hours === 'crypto', seq: 1, updated_at: new Date(updatedAt).toISOString() },
  };
}

/**
 * A signed-in customer's page state (Ada, id 7), rendered at `renderedAt`, with `assets` and the device's open pairs
 * and active one; `user` overrides the person, `data` adds to the page's data.
 */
export function customerPageState({
  renderedAt,
  assets,
  activeAssetId,
  pairs,
  user = {},
  data = {},
  csrfToken = 't',
}: {
  renderedAt: number;
  assets: unknown[];
  activeAssetId: number;
  pairs: number[];
  user?: Record<string, unknown>;
  data?: Record<string, unknown>;
  csrfToken?: string;
}): PageState {
  return {
    csrfToken,
    siteName: 'Site',
    user: { id: 7, first_name: 'Ada', last_name: 'L', email: 'ada@example.test', role: 'customer', status: 'active', ...user } as PageState['user'],
    realtimeKey: null,
    renderedAt,
    data: { assets: { data: assets }, device: { 'asset-storage': { activeAssetId, pairs } }, ...data },
  };
}

/** An open position of 0.10 lots EURUSD bought at 1.08412, now 1.08530 (+11.80), without levels; `over` changes any field. */
export function tradeView(over: Partial<TradeView> = {}): TradeView {
  return {
    ...{ id: 7, trade_id: 'T00000007', account_id: 1, asset_id: 'EURUSD', instrument_id: 999, asset_symbol: 'EURUSD', asset_name: 'Euro / US Dollar', trade_type: 'buy' },
    ...{ volume: '10000', lots: '0.10', margin: '108.41', leverage: 100, opening_price: '1.08412', closing_price: '1.08530' },
    ...{ take_profit: null, stop_loss: null, trailing_stop: null, pnl: '11.80', paid_commission: '0.00', swap: '0.00', dividends: '0.00', status: 'open', close_reason: null },
    ...{ open_time: '2026-11-24T16:06:00.000Z', close_time: null, placed_by: 'customer', expert_advisor_id: null },
    ...over,
  };
}

/** A loaded list of trades, as `openTrades` / `closedTrades` hold it. */
export const tradeList = (items: TradeView[]) => ({ items, next: null, state: 'idle' as const, error: null });
