/**
 * Texts of the positions drawer's table and cards and of the account bar (docs/trade-room.md#positions,
 * docs/trade-room.md#account-bar), beside `positionTexts` in terminal.ts.
 */
export const positionLayoutTexts = {
  /** A position whose stop loss follows the price (docs/trading.md#trailing-stop): in full on a card… */
  trails: (points: number) => `trails ${points} pts`,
  /** …and as a tag by the stop loss in the table, the distance in its title. */
  trailTag: 'TS',
  trailTitle: (points: number) => `Trailing stop: the stop loss follows the price ${points} points behind`,
  loadingMore: 'Loading more...',
  opened: 'Opened',
  closed: 'Closed',
  /** The compact account bar's toggle (phones and narrow windows). */
  accountDetails: 'Account details',
} as const;
