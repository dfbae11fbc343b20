/** What the trade room says on a closed market (docs/trade-room.md#market-state): BUY/SELL wait for the open, a pending order does not. */
export const closedMarketTexts = {
  pendingOrder: 'Pending order',
  /** The button's hint: where the ticket it opens places the order. */
  pendingOrderHint: 'Open the order ticket: with a price, it places a pending order that opens when the price reaches it',
} as const;
