/** The trade room's texts and constants (docs/trade-room.md). */
export const assetTexts = {
  fetchFailed: 'Failed to fetch assets. Please try again later.',
  loadFailed: 'Failed to load assets',
  none: 'No assets found',
  loading: 'Loading market data...',
  stale: 'No recent price',
  closed: 'Market closed',
  /** The next open in the reader's own time ("Opens Tue 14:30"), with the date when it is more than a week away. */
  opensAt: (at: Date, locale = 'en-GB') => `Opens ${at.toLocaleString(locale, { weekday: 'short', hour: '2-digit', minute: '2-digit' })}`,
} as const;

export const positionTexts = {
  noActivePositions: 'No active positions found',
  noHistory: 'No historical positions found',
  noActiveOrders: 'No active orders found',
  noTradingHistory: 'No trading history found',
  noPendingOrders: 'No pending orders available',
  openFailed: 'Failed to fetch open trades. Please try again.',
  closedFailed: 'Failed to fetch closed trades. Please try again.',
  closed: 'Position successfully closed',
  closeFailed: 'Failed to close trade',
  closeFailedBody: 'There was an error processing your request. Please try again.',
  partlyClosed: 'Part of the position closed',
  levelsSaved: 'Take profit and stop loss saved',
  orderCancelled: 'Pending order cancelled',
  noPlans: 'No plans available. Please try again later.',
} as const;

export const ticketTexts = {
  placed: (side: 'buy' | 'sell') => (side === 'buy' ? 'Buy order placed' : 'Sell order placed'),
  placedBody: ({ lots, units, price }: { lots: string; units: string; price: string }) => `${lots} lots (${units} units) at ${price}`,
  failed: 'Failed to execute trade',
  failedBody: 'There was an error processing your trade. Please try again.',
  processing: 'Processing',
  pendingPlaced: 'Pending order placed',
} as const;

/** Decimals by place (docs/trade-room.md#price-display). */
export const priceDecimals = { ticket: 5, buttons: 4, table: 3 } as const;

export const feedTiming = {
  reconnectAttempts: 5,
  reconnectDelayMs: 2_000,
  /** The trade room waits longer than elsewhere. */
  connectTimeoutMs: 10_000,
  /** Rise/fall colour (docs/trade-room.md#price-ticks). */
  flashMs: 2_200,
  /** An open market's price older than this is marked stale. */
  staleAfterMs: 60_000,
  /** Trade lists are polled while the live channel is down (docs/realtime.md#polling-fallback). */
  tradePollMs: 30_000,
} as const;

/** Where the calendar and news widgets come from; the page's CSP allows exactly these hosts. */
export const widgetHosts = {
  script: 'https://s3.tradingview.com',
  frames: ['https://www.tradingview-widget.com', 'https://s.tradingview.com'],
} as const;
