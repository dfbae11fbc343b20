import type { MarketTile } from '../../shared/api/dashboard.schema';
import { Money } from '../../shared/money';
import { assetTexts } from '../../shared/trading/terminal';
import { formatAmount, formatUtcClock } from '../../client/lib/format';

/** What a tile's change is against, in words. */
function basisTitle(tile: MarketTile, now: Date): string {
  if (tile.change_basis === 'first_today' && tile.basis_at) return `Against our first price today, ${tile.basis_price} at ${formatUtcClock(tile.basis_at, now)} (no daily close of ours yet)`;
  return `Against the daily close of ${tile.basis_price}`;
}

/**
 * The market strip (docs/customer-area.md#dashboard): our own instruments nearest the original's seven,
 * each with our feed's last price as the page was made, its change against our last recorded daily
 * close (UTC), and when that price is not live (stale, market closed) it says so.
 */
export function MarketStrip({ tiles, now }: { tiles: readonly MarketTile[] | null; now: Date }) {
  if (!tiles || tiles.length === 0) return null;
  return (
    <section className="market-strip" aria-label="Markets">
      <ul>
        {tiles.map((t) => {
          const direction = t.change === null ? null : new Money(t.change).greaterThan(0) ? 'up' : new Money(t.change).lessThan(0) ? 'down' : 'flat';
          return (
            <li key={t.id} className={t.stale ? 'market-tile stale' : 'market-tile'}>
              <span className="tile-symbol" title={t.name}>
                {t.symbol_display}
              </span>
              <span className="tile-price">{formatAmount({ amount: t.price, decimals: t.digits })}</span>
              {t.change_percent === null ? (
                <span className="tile-change tone-flat" title="No daily close of ours to compare with yet">
                  No previous close
                </span>
              ) : (
                <span className={`tile-change tone-${direction === 'up' ? 'gain' : direction === 'down' ? 'loss' : 'flat'}`} title={basisTitle(t, now)}>
                  {direction === 'up' ? '▲ +' : direction === 'down' ? '▼ ' : ''}
                  {new Money(t.change_percent).toFixed(2)}%{t.change_basis === 'first_today' ? ' today' : ''}
                </span>
              )}
              <span className="tile-when">{t.stale ? assetTexts.stale : !t.market_open ? `Closed · ${formatUtcClock(t.at, now)}` : formatUtcClock(t.at, now)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
