import type Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import type { PendingOrderView, TradeView } from '../../../shared/api/trades.schema';
import { bookedPnl, pnlOf } from '../../../shared/trading/account-maths';
import { closingPrice } from '../../../shared/trading/prices';
import type { AccountRow } from '../db/accounts.repo';
import type { TradeRow } from '../db/trades.repo';
import type { Market } from '../market/market';

export type { TradeRow };

const fixed = (value: string | null, digits: number) => (value === null ? null : new Money(value).toFixed(digits));

/** The account a trade is valued for: its currency, and its plan's client group whose quote it closes at. */
export type Holder = Pick<AccountRow, 'currency' | 'planId'>;

/** The price an open trade closes at now: the closing side of its account's group's quote. */
export function closingPriceOf(market: Market, trade: Pick<TradeRow, 'assetId' | 'side'>, account: Pick<Holder, 'planId'>): string {
  return closingPrice({ side: trade.side, quote: market.quoteOf(trade.assetId, account)! });
}

/** Live P/L of an open trade at the current quote of its account's group, in the account currency (unrounded). */
export function livePnl(market: Market, trade: TradeRow, account: Holder): Decimal {
  const instrument = market.instrument(trade.assetId)!;
  const quote = market.quoteOf(trade.assetId, account)!;
  return pnlOf({
    side: trade.side,
    units: trade.units,
    opening: trade.openPrice,
    closing: closingPrice({ side: trade.side, quote }),
    conversion: market.conversion(instrument.quoteCurrency, account.currency),
  });
}

/** A trade in the contract's shape: prices at the instrument's digits, money to the cent (docs/api-conventions.md#numbers-and-money). */
export function presentTrade(market: Market, trade: TradeRow, account: Holder): TradeView {
  const instrument = market.instrument(trade.assetId);
  const digits = instrument?.digits ?? 5;
  const open = trade.status === 'open';
  const quote = market.quoteOf(trade.assetId, account);
  return {
    id: trade.id,
    trade_id: `T${String(trade.id).padStart(8, '0')}`,
    account_id: trade.accountId,
    asset_id: instrument?.symbol ?? '',
    instrument_id: trade.assetId,
    asset_symbol: instrument?.symbol ?? '',
    asset_name: instrument?.name ?? '',
    trade_type: trade.side,
    volume: new Money(trade.units).toString(),
    lots: new Money(trade.lots).toFixed(2),
    margin: new Money(trade.margin).toFixed(2),
    leverage: trade.leverage,
    opening_price: fixed(trade.openPrice, digits)!,
    closing_price: open ? (quote ? closingPrice({ side: trade.side, quote }) : null) : fixed(trade.closePrice, digits),
    take_profit: fixed(trade.takeProfit, digits),
    stop_loss: fixed(trade.stopLoss, digits),
    trailing_stop: trade.trailingStop,
    pnl: open ? (instrument && quote ? bookedPnl(livePnl(market, trade, account)).toFixed(2) : '0.00') : new Money(trade.realizedPnl ?? '0').toFixed(2),
    paid_commission: new Money(trade.paidCommission).toFixed(2),
    swap: new Money(trade.swap).toFixed(2),
    dividends: new Money(trade.dividends).toFixed(2),
    status: trade.status,
    close_reason: trade.closeReason,
    open_time: trade.openedAt.toISOString(),
    close_time: trade.closedAt?.toISOString() ?? null,
    placed_by: trade.placedBy,
    expert_advisor_id: trade.expertAdvisorId,
  };
}

/** A numeric `asset_id`, as releases before the instrument's key stored it, becomes `instrument_id` beside the key. */
function withAssetKey(market: Market, view: Record<string, unknown>): Record<string, unknown> {
  if (typeof view.asset_id !== 'number') return view;
  return { ...view, asset_id: market.instrument(view.asset_id)?.symbol ?? '', instrument_id: view.asset_id };
}

/**
 * A trade as an order id's first answer was stored, in today's shape (docs/trading.md#order-ids): earlier releases
 * stored no `trailing_stop` (none was possible), no commission, swap or dividends (none was charged) and a numeric `asset_id`.
 */
export function storedTradeView(market: Market, stored: unknown): TradeView {
  return { trailing_stop: null, paid_commission: '0.00', swap: '0.00', dividends: '0.00', ...withAssetKey(market, stored as Record<string, unknown>) } as TradeView;
}

/** A pending order as its order id's first answer was stored, in today's shape (a numeric `asset_id` before). */
export function storedPendingView(market: Market, stored: unknown): PendingOrderView {
  return withAssetKey(market, stored as Record<string, unknown>) as unknown as PendingOrderView;
}
