/** The left column's id (views/pages/light-terminal.tsx): the sheet the toolbar's Market Watch button opens on phones. */
export const lightSideId = 'light-side';

/** The light terminal's own texts (docs/trade-room.md#light-terminal); the rest are the trade room's (terminal.ts). */
export const lightTexts = {
  newOrder: 'New Order',
  marketOrder: 'Market order',
  pendingOrder: 'Pending order',
  autoTrading: 'Auto Trading',
  marketWatch: 'Market Watch',
  deposit: 'Deposit',
  closeTerminal: 'Close terminal',
  toolbar: 'Toolbar',
  profileMenu: 'Profile menu',
  spread: 'SPREAD',
} as const;

/**
 * MT4's window title (docs/trade-room.md#light-terminal): `{account number}: {site name} - {Demo Account|Live Account} -
 * [{SYMBOL},{timeframe}]`. Without an account it reads as a demo one with no number; without a pair, no brackets.
 */
export function lightTitle({
  account,
  siteName,
  symbol,
  timeframe,
}: {
  account: { number: string; type: 'live' | 'demo' } | undefined;
  siteName: string;
  symbol: string | undefined;
  timeframe: string;
}): string {
  const kind = account?.type === 'live' ? 'Live Account' : 'Demo Account';
  const head = account ? `${account.number}: ${siteName}` : siteName;
  return symbol ? `${head} - ${kind} - [${symbol},${timeframe}]` : `${head} - ${kind}`;
}
