import type { Advisor, Rating } from '../../../shared/api/advisors.schema';
import { automationApi } from '../../../shared/api/endpoints/automation';
import { call } from '../../lib/call';
import { formatAmount, formatCount } from '../../lib/format';
import { useBusy } from '../../lib/use-busy';
import { showToast } from '../../state/toasts';

const stars = [1, 2, 3, 4, 5] as const;
const starsWord = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/**
 * The customers' average rating as stars, with how many rated it, or that none has (docs/advisors.md#ratings): no
 * star is drawn that nobody gave.
 */
export function Stars({ rating, count }: { rating: number; count: number }) {
  if (count === 0) return <span className="card-stars unrated">Not rated yet</span>;
  const average = formatAmount({ amount: rating, decimals: 1 });
  return (
    <span className="card-stars" role="img" aria-label={`Rated ${average} out of 5 by ${formatCount(count)} ${count === 1 ? 'customer' : 'customers'}`}>
      {stars.map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(rating) ? 'on' : undefined}>
          ★
        </span>
      ))}
      <small aria-hidden="true">
        {average} ({formatCount(count)})
      </small>
    </span>
  );
}

/** "Your rating": an advisor the customer has, rated with one press (again, and the new stars replace theirs). */
export function RateAdvisor({ advisor, rated }: { advisor: Advisor; rated: (rating: Rating) => void }) {
  const { busy, run } = useBusy();
  const rate = (n: number) =>
    run(String(n), async () => {
      const result = await call(automationApi.rateAdvisor, { params: { id: advisor.id }, body: { stars: n } });
      if (result.ok) rated(result.data.data);
      else showToast({ kind: 'error', title: 'Rating not saved', description: result.message ?? 'Your rating could not be saved. Please try again.' });
    });
  return (
    <div className="rate-advisor" role="group" aria-label={`Your rating of ${advisor.name}`}>
      <span>Your rating</span>
      {stars.map((n) => (
        <button
          key={n}
          type="button"
          className={advisor.my_rating !== null && n <= advisor.my_rating ? 'on' : undefined}
          aria-pressed={advisor.my_rating === n}
          aria-label={starsWord(n)}
          disabled={busy !== null}
          onClick={() => rate(n)}
        >
          ★
        </button>
      ))}
    </div>
  );
}
