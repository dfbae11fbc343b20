/** The chart's texts (docs/trade-room.md#chart): its lines, moving a line by dragging it, its problems. */

export type LevelName = 'tp' | 'sl' | 'price';

export const chartTexts = {
  loadFailed: 'The chart could not be loaded. It will try again when you switch pairs or timeframes.',
  /** Over a chart whose history is partly made up (grey candles): until when. */
  simulated: (until: string) => `Grey candles up to ${until}: simulated history, not prices anyone traded at.`,
  /** A price line's title on the chart. */
  takeProfit: (owner: string) => `TP ${owner}`,
  stopLoss: (owner: string) => `SL ${owner}`,
  trailingStop: (owner: string, points: number) => `Trailing SL ${owner} (${points} pts)`,
  order: (side: 'buy' | 'sell', kind: 'limit' | 'stop', lots: string) => `${side.toUpperCase()} ${kind.toUpperCase()} ${lots}`,
  orderOwner: (id: number) => `order ${id}`,
  /** While a line is dragged: where it is and what the position would make or lose there. */
  dragging: (title: string, price: string, pnl: string | null) => (pnl === null ? `${title} → ${price}` : `${title} → ${price} (${pnl})`),
  levelNames: { tp: 'take profit', sl: 'stop loss', price: 'the price' } satisfies Record<LevelName, string>,
  moveTitle: { tp: 'Move take profit', sl: 'Move stop loss', price: 'Move pending order' } satisfies Record<LevelName, string>,
  /** "Move stop loss of BUY 0.10 EUR/USD to 1.08412?" */
  question: (level: LevelName, what: string, price: string) => `Move ${chartTexts.levelNames[level]} of ${what} to ${price}?`,
  projected: 'P/L at this level',
  confirm: 'Move',
  moving: 'Moving...',
  cancel: 'Cancel',
  moved: { tp: 'Take profit moved', sl: 'Stop loss moved', price: 'Pending order moved' } satisfies Record<LevelName, string>,
  failed: 'It was not moved',
  failedBody: 'The server did not answer. Nothing was changed; please try again.',
  positive: 'The level must be above 0.',
} as const;
