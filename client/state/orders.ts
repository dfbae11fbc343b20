import type { Asset } from '../../shared/api/assets.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import { type Money } from '../../shared/money';
import { effectiveLeverage } from '../../shared/trading/leverage';
import { ticketTexts } from '../../shared/trading/terminal';
import { orderTypeTexts } from '../../shared/trading/ticket';
import { call, type CallResult } from '../lib/call';
import { playFailureTone, playSuccessTone } from '../lib/tones';
import { showToast } from './toasts';
import { refreshTrading, selectedAccount } from './trading';
import { formatAmount } from '../lib/format';

/** Units with separators: whole for currencies, with decimals for fractional contracts (0.01 BTC). */
export const formatUnits = (units: Money) => formatAmount({ amount: units, decimals: units.isInteger() ? 0 : Math.min(8, units.decimalPlaces()) });

/**
 * The leverage an order on this asset uses (the precedence of docs/trading.md#leverage, within the customer's caps):
 * one rule for the ticket and one-click trading, so both order at the same leverage.
 */
export const leverageOf = (asset: Asset) => effectiveLeverage({ assetLeverage: asset.leverage, regulatoryCap: asset.max_leverage });

export interface MarketOrder {
  asset: Asset;
  side: 'buy' | 'sell';
  /** The order's size in units (lots × contract size): what the server takes as `volume`. */
  units: Money;
  /** The same size in lots, for the success toast. */
  lots: Money;
  leverage: number;
  /** The price the customer saw (ask for a buy, bid for a sell): a fill that moved against them beyond the allowed deviation is requoted (409). */
  price: string;
  /** Levels at the instrument's digits; absent or empty is none. */
  takeProfit?: string;
  stopLoss?: string;
}

/** What every order states, market or pending: side, instrument, size, leverage, the levels, the selected account, and a new order id (the idempotency key) for this attempt. */
function termsOf(order: Omit<MarketOrder, 'price'>) {
  const account = selectedAccount.value;
  return {
    type: order.side,
    id: order.asset.id,
    volume: order.units.toFixed(),
    leverage: order.leverage,
    order_id: crypto.randomUUID(),
    ...(account ? { account_id: account.id } : {}),
    ...(order.takeProfit ? { take_profit: order.takeProfit } : {}),
    ...(order.stopLoss ? { stop_loss: order.stopLoss } : {}),
  };
}

/**
 * Places a market order on the selected account (docs/trade-room.md#order-ticket), with a new order id (the
 * idempotency key) for this attempt. Success: the rising tone, `ticketTexts.placed` with the fill, and the
 * trade lists refreshed. Failure: the buzzer, and a `ticketTexts.failed` toast unless `toastFailure` is false
 * (a dialog that shows the refusal itself, at the field, passes false). Returns the call's result, so a caller
 * can put `errors` at their fields or say a 409 is a requote. Never throws.
 */
export async function placeMarketOrder(order: MarketOrder, { toastFailure = true }: { toastFailure?: boolean } = {}): Promise<CallResult<typeof tradingApi.placeOrder>> {
  const result = await call(tradingApi.placeOrder, { body: { ...termsOf(order), opening_price: order.price } });
  if (result.ok) {
    playSuccessTone();
    const filled = result.data.data.opening_price;
    showToast({ kind: 'success', title: ticketTexts.placed(order.side), description: ticketTexts.placedBody({ lots: order.lots.toFixed(2), units: formatUnits(order.units), price: filled }) });
    void refreshTrading();
  } else {
    playFailureTone();
    if (toastFailure) showToast({ kind: 'error', title: ticketTexts.failed, description: result.message ?? ticketTexts.failedBody });
  }
  return result;
}

export interface PendingOrder extends Omit<MarketOrder, 'price'> {
  /** As the trader chose it (docs/trading.md#pending-orders): sent as is, never worked out from the live price. */
  kind: 'limit' | 'stop';
  /** The order price: it opens when the market reaches it. */
  price: string;
}

/**
 * Places a pending limit or stop order (docs/trading.md#pending-orders) on the selected account, with a new order
 * id for this attempt; allowed while the market is closed. Success: the tone, `ticketTexts.pendingPlaced`, the
 * lists refreshed; failure: the buzzer only (the ticket shows why). Returns the call's result. Never throws.
 */
export async function placePendingOrder(order: PendingOrder): Promise<CallResult<typeof tradingApi.placePending>> {
  const result = await call(tradingApi.placePending, { body: { ...termsOf(order), kind: order.kind, price: order.price } });
  if (result.ok) {
    playSuccessTone();
    showToast({ kind: 'success', title: ticketTexts.pendingPlaced, description: `${orderTypeTexts.name(order.side, order.kind)} ${order.lots.toFixed(2)} lots at ${order.price}` });
    void refreshTrading();
  } else playFailureTone();
  return result;
}
