import './savings-board.css';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { savingsApi } from '../../shared/api/endpoints/savings';
import { savingsOverviewSchema, savingsTexts as texts } from '../../shared/api/savings.schema';
import { currencyFormats } from '../funding/history';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { CreateSaving } from './savings/create-saving';
import { SavingCard } from './savings/saving-card';

const props = z.object({ overview: savingsOverviewSchema, formats: currencyFormats });

/** `/main/savings` (docs/customer-area.md#savings): the new-saving form when savings are offered, and the customer's savings. */
function SavingsBoard({ overview: firstOverview, formats }: z.infer<typeof props>) {
  const [overview, setOverview] = useState(firstOverview);
  const [failed, setFailed] = useState(false);
  /** After a change: the savings as the server now has them, or a warning when they could not be read. */
  const changed = async () => {
    const fresh = await call(savingsApi.savingsOverview);
    if (fresh.ok) setOverview(fresh.data.data);
    setFailed(!fresh.ok);
  };
  // The release countdowns and earnings move with the clock: read afresh every minute.
  useEffect(() => {
    const timer = setInterval(() => void call(savingsApi.savingsOverview).then((fresh) => fresh.ok && setOverview(fresh.data.data)), 60_000);
    return () => clearInterval(timer);
  }, []);
  const active = overview.savings.filter((s) => s.status === 'active');
  const closed = overview.savings.filter((s) => s.status === 'closed');
  return (
    <div className="savings-board">
      {!overview.enabled ? (
        <p className="notice notice-info" role="status" data-testid="savings-off">
          Savings are not offered. {active.length > 0 ? 'Your savings below keep earning as agreed and can be closed at any time their terms allow.' : ''}
        </p>
      ) : overview.plans.length === 0 ? (
        <p className="notice notice-info" role="status">
          No savings plan is open for new savings at the moment.
        </p>
      ) : (
        <CreateSaving overview={overview} formats={formats} changed={changed} />
      )}
      {failed ? (
        <p className="notice notice-warning" role="alert">
          {texts.savingsFailed}
        </p>
      ) : null}
      <section className="savings-list" aria-labelledby="your-savings">
        <h2 id="your-savings">YOUR SAVINGS</h2>
        {active.length === 0 ? <p className="muted">You have no savings yet.</p> : null}
        <div className="saving-cards">
          {active.map((saving) => (
            <SavingCard key={saving.id} saving={saving} formats={formats} changed={changed} />
          ))}
        </div>
        {closed.length > 0 ? (
          <details className="savings-closed">
            <summary>Closed savings ({closed.length})</summary>
            <div className="saving-cards">
              {closed.map((saving) => (
                <SavingCard key={saving.id} saving={saving} formats={formats} changed={changed} />
              ))}
            </div>
          </details>
        ) : null}
      </section>
    </div>
  );
}

export default defineIsland({ name: 'savings-board', component: SavingsBoard, props });
