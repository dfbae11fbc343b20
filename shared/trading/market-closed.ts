import { assetTexts } from './terminal';

/** What a closed instrument's BUY/SELL and F9 say (docs/trade-room.md#market-state): "Market closed · Opens Tue 14:30". */
export function closedLabel(opensAt: Date | null, locale?: string): string {
  return opensAt ? `${assetTexts.closed} · ${assetTexts.opensAt(opensAt, locale)}` : assetTexts.closed;
}
