import type { Allocation } from '../../shared/api/dashboard.schema';
import { money, type MoneyFormats } from './figures';

/** "Asset allocation": open positions on the Live accounts by asset class, as shares of the margin they hold (not of their notional). */
export function AssetAllocation({ allocation, formats }: { allocation: Allocation | null; formats: MoneyFormats }) {
  return (
    <section className="dash-panel allocation" aria-labelledby="allocation-title">
      <header className="dash-panel-head">
        <h2 id="allocation-title">Asset Allocation</h2>
        <span className="dash-panel-note">Share of margin held, Live accounts</span>
      </header>
      {!allocation ? (
        <p className="dash-empty">Your open positions could not be read just now. Reload the page to try again.</p>
      ) : allocation.classes.length === 0 ? (
        <div className="dash-empty">
          <p>No open positions</p>
          <p className="dash-empty-note">When you open positions on your Live account, the margin they hold is split here by asset class.</p>
        </div>
      ) : (
        <>
          <div className="allocation-bar" aria-hidden="true">
            {allocation.classes.map((c) => (
              <span key={c.asset_class} className={`class-${c.asset_class}`} style={{ width: `${c.share}%` }} />
            ))}
          </div>
          <ul className="allocation-list">
            {allocation.classes.map((c) => (
              <li key={c.asset_class}>
                <span className={`swatch class-${c.asset_class}`} aria-hidden="true" />
                <span className="allocation-label">
                  {c.label}
                  <small>
                    {c.positions} position{c.positions === 1 ? '' : 's'}
                  </small>
                </span>
                <span className="allocation-margin">{money(c.margin, allocation.currency, formats)}</span>
                <strong className="allocation-share">{Number(c.share).toFixed(1)}%</strong>
              </li>
            ))}
          </ul>
          <p className="dash-empty-note">
            {allocation.positions} open position{allocation.positions === 1 ? '' : 's'} holding {money(allocation.total, allocation.currency, formats)} of margin.
          </p>
        </>
      )}
    </section>
  );
}
