import { marketClosedText } from './hours';

/** The order and trade messages (docs/trading.md), one place for both tiers. */
export const tradeTexts = {
  busy: 'The order could not be executed in time: nothing was opened. Please try again.',
  /** The commit of an order was cut off: it may have happened, so "try again" would risk a second position. */
  commitUncertain: 'Your order may have been placed. Please check your open positions before placing it again.',
  noPrice: 'There is no price for this instrument right now, so the levels cannot be checked. Please try again shortly.',
  noAsset: 'No asset selected for trading',
  assetNotFound: 'Asset not found.',
  type: 'Choose buy or sell.',
  leverage: 'Leverage must be a whole number of at least 1.',
  seenPrice: 'The price you saw must be a positive number.',
  takeProfit: 'Take profit must be a non-negative number',
  stopLoss: 'Stop loss must be a non-negative number',
  trailingStop: 'The trailing stop must be a whole number of points from 10 to 1,000,000',
  /** Against the price the trade would close at now (a buy closes at the sell price) or, for a pending order, its order price. */
  takeProfitSide: (side: 'buy' | 'sell', against: 'current' | 'order') =>
    `Take profit must be ${side === 'buy' ? 'above' : 'below'} the ${against === 'order' ? 'order' : side === 'buy' ? 'current sell' : 'current buy'} price`,
  stopLossSide: (side: 'buy' | 'sell', against: 'current' | 'order') =>
    `Stop loss must be ${side === 'buy' ? 'below' : 'above'} the ${against === 'order' ? 'order' : side === 'buy' ? 'current sell' : 'current buy'} price`,
  levelsPassedAtFill: 'Its take profit or stop loss would already be reached at the fill price',
  insufficientMargin: 'Insufficient free margin',
  marketClosed: marketClosedText,
  requote: 'The price has changed. Please check the new price and try again.',
  alreadyClosed: 'This trade is already closed.',
  automationOff: 'This automated order was not placed: its automation has been switched off.',
  tradeNotFound: 'Trade not found.',
  accountNotFound: 'Account not found.',
  closeVolume: 'The volume to close must be more than 0 and less than the open volume.',
  orderIdReused: 'This order id was already used for a different order.',
  orderId: 'The order id must be 1 to 100 characters, without control characters.',
  onlyDemoReset: 'Only a Demo account can be reset.',
} as const;

export const pendingTexts = {
  kind: 'Choose a limit or a stop order.',
  price: 'The order price must be a positive number.',
  priceSide: (side: 'buy' | 'sell', kind: 'limit' | 'stop') =>
    side === 'buy'
      ? kind === 'limit'
        ? 'A buy limit must be below the current buy price'
        : 'A buy stop must be above the current buy price'
      : kind === 'limit'
        ? 'A sell limit must be above the current sell price'
        : 'A sell stop must be below the current sell price',
  notPending: 'This order is no longer pending.',
  notFound: 'Order not found.',
} as const;
