import type { TradesSummary } from '../../shared/api/user.schema';
import { Money } from '../../shared/money';
import { signedMoney, toneOf, type MoneyFormats } from './figures';

const radius = 42;
const circumference = 2 * Math.PI * radius;

/** One arc of the donut: `share` of the ring (0–1) starting `offset` of the way round. */
function Arc({ share, offset, className }: { share: number; offset: number; className: string }) {
  if (share <= 0) return null;
  return (
    <circle
      className={className}
      cx="50"
      cy="50"
      r={radius}
      fill="none"
      strokeWidth="12"
      strokeDasharray={`${share * circumference} ${circumference}`}
      strokeDashoffset={-offset * circumference}
      transform="rotate(-90 50 50)"
    />
  );
}

/**
 * "Success Rate" (docs/customer-area.md#dashboard): the Live account's closed trades as a donut (won, lost, and
 * break-even, which is neither), `round(win_rate)%` in the middle, and the tiles. Server-rendered SVG.
 */
export function SuccessRate({ summary, currency, formats }: { summary: TradesSummary; currency: string; formats: MoneyFormats }) {
  const count = summary.trades_count;
  const won = count > 0 ? summary.total_wins / count : 0;
  const lost = count > 0 ? summary.total_losses / count : 0;
  const average = count > 0 ? new Money(summary.total_pnl).dividedBy(count).toFixed(2) : null;
  const rate = Math.round(Number(summary.win_rate));
  return (
    <section className="dash-panel success-rate" aria-labelledby="success-rate-title">
      <header className="dash-panel-head">
        <h2 id="success-rate-title">Success Rate</h2>
        <span className="dash-panel-note">Live account, closed trades</span>
      </header>
      <div className="donut-row">
        <figure className="donut" aria-label={count > 0 ? `${rate}% of ${count} closed trades won` : 'No closed trades yet'}>
          <svg viewBox="0 0 100 100" role="img" aria-hidden="true">
            <circle className="donut-track" cx="50" cy="50" r={radius} fill="none" strokeWidth="12" />
            <Arc share={won} offset={0} className="donut-win" />
            <Arc share={lost} offset={won} className="donut-loss" />
          </svg>
          <figcaption>
            <strong>{count > 0 ? `${rate}%` : '—'}</strong>
            <span>Win Rate</span>
          </figcaption>
        </figure>
        <ul className="donut-legend">
          <li>
            <span className="swatch swatch-win" aria-hidden="true" />
            Profit
          </li>
          <li>
            <span className="swatch swatch-loss" aria-hidden="true" />
            Loss
          </li>
          {count > summary.total_wins + summary.total_losses ? (
            <li>
              <span className="swatch swatch-even" aria-hidden="true" />
              Break-even
            </li>
          ) : null}
        </ul>
      </div>
      {count === 0 ? <p className="dash-empty-note">No closed trades yet: your wins and losses show here once you close a trade on your Live account.</p> : null}
      <dl className="rate-tiles">
        <div>
          <dt>Wins</dt>
          <dd>{summary.total_wins}</dd>
        </div>
        <div>
          <dt>Losses</dt>
          <dd>{summary.total_losses}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>Avg Return</dt>
          <dd className={average ? `tone-${toneOf(average)}` : undefined}>{average ? signedMoney(average, currency, formats) : '-'}</dd>
        </div>
      </dl>
    </section>
  );
}
