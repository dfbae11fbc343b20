import type { SavingsOverview } from '../../shared/api/savings.schema';
import { savingsTexts } from '../../shared/api/savings.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import SavingsBoard from '../../client/islands/savings-board.island';
import { AppShell } from '../components/app-shell';
import type { CurrencyFormats } from '../../client/funding/history';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

/** How savings work, in plain words, beside the form (docs/customer-area.md#savings). */
function SavingsTerms() {
  return (
    <details className="savings-terms">
      <summary>How savings work: rates, terms and risks</summary>
      <ul>
        <li>Your money moves from your Live account into the saving and back; it cannot be traded or withdrawn while saved.</li>
        <li>Interest accrues for each whole day (UTC) your money is saved, from the day after you open the saving, at the yearly rate shown: amount × rate ÷ 365 a day.</li>
        <li>The rate is fixed for the saving you open. Rates for new savings may change at any time.</li>
        <li>Flexible savings: claim the interest earned whenever it reaches one cent, or close the saving to get the principal and interest back.</li>
        <li>
          Fixed terms pay the principal and all interest back automatically at the release time. Ending one early follows the plan: either the principal comes back and the interest is forfeited, or
          the term is locked until it matures.
        </li>
        <li>Interest is paid in whole cents, rounded down. A saving is a balance held with us, not a bank deposit: it is not covered by a deposit guarantee scheme.</li>
      </ul>
    </details>
  );
}

/** `/main/savings` (docs/customer-area.md#savings). */
export function SavingsPage({ settings, user, csrfToken, overview, formats }: { settings: SiteSettings; user: User; csrfToken: string; overview: SavingsOverview | null; formats: CurrencyFormats }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="savings" live>
      <Stylesheet src="views/pages/savings.css" />
      <section className="page-heading">
        <h1>SAVINGS</h1>
        <p>Earn interest on money you are not trading, at the rates below.</p>
      </section>
      {overview ? (
        <div data-region="savings">
          <Island island={SavingsBoard} client="load" props={{ overview, formats }} />
        </div>
      ) : (
        <p className="notice notice-warning" role="alert">
          {savingsTexts.plansFailed}
        </p>
      )}
      <SavingsTerms />
    </AppShell>
  );
}
