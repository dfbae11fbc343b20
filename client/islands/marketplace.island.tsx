import './marketplace.css';
import { useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { advisorSchema, type Advisor } from '../../shared/api/advisors.schema';
import { automationApi } from '../../shared/api/endpoints/automation';
import { Modal } from '../components/modal';
import { call } from '../lib/call';
import { formatDay } from '../lib/format';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const categories = ['all', 'Expert Advisor', 'Others'] as const;
const filters = ['popular', 'free', 'purchased'] as const;
type Category = (typeof categories)[number];
type Filter = (typeof filters)[number];

const texts = {
  failed: 'Failed to load marketplace items',
  empty: 'No items found matching your criteria.',
} as const;

/** Search in title, description, author and features, case-insensitively (docs/advisors.md#marketplace). */
function matches(advisor: Advisor, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || [advisor.name, advisor.description, advisor.author, ...advisor.features].some((text) => text.toLowerCase().includes(q));
}

const marketQuery = z.object({ search: z.string(), category: z.enum(categories), filter: z.enum(filters) });
type MarketQuery = z.infer<typeof marketQuery>;

/** The search, category and show chips from the address (the server reads them for the first render). */
export function marketQueryOf(params: URLSearchParams): MarketQuery {
  const category = params.get('category');
  const filter = params.get('filter');
  return {
    search: params.get('search') ?? '',
    category: (categories as readonly string[]).includes(category ?? '') ? (category as Category) : 'all',
    filter: (filters as readonly string[]).includes(filter ?? '') ? (filter as Filter) : 'popular',
  };
}

/** The filters in the address, defaults (all, popular) left out (docs/advisors.md#marketplace). */
function writeQuery({ search, category, filter }: MarketQuery) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (category !== 'all') params.set('category', category);
  if (filter !== 'popular') params.set('filter', filter);
  const query = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="card-stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(rating) ? 'on' : undefined}>
          ★
        </span>
      ))}
    </span>
  );
}

const props = z.object({
  /** The catalogue with this customer's status, as the server fetched it for the page; null when it could not (the island fetches it then). */
  advisors: z.nullable(z.array(advisorSchema)),
  query: marketQuery,
});

/** `/main/marketplace` (docs/advisors.md#marketplace): expert advisors to buy once from the Live balance. */
function Marketplace({ advisors, query: firstQuery }: z.infer<typeof props>) {
  const [items, setItems] = useState<Advisor[] | null>(advisors);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState<MarketQuery>(firstQuery);
  const [confirming, setConfirming] = useState<Advisor | null>(null);
  const [busy, setBusy] = useState(false);
  // Renewal days are shown in the browser's time zone, so only once in the browser.
  const [inBrowser, setInBrowser] = useState(false);

  const load = async () => {
    const result = await call(automationApi.advisors);
    if (result.ok) {
      setItems(result.data.data);
      setFailed(false);
    } else setFailed(true);
  };
  useEffect(() => {
    setInBrowser(true);
    if (advisors === null) void load();
  }, [advisors]);
  const change = (patch: Partial<typeof query>) => {
    const next = { ...query, ...patch };
    setQuery(next);
    writeQuery(next);
  };

  const shown = useMemo(() => {
    const list = (items ?? []).filter(
      (a) =>
        matches(a, query.search) &&
        (query.category === 'all' || a.type === query.category) &&
        (query.filter !== 'free' || Number(a.amount_val) === 0) &&
        (query.filter !== 'purchased' || a.status === 'purchased'),
    );
    return query.filter === 'popular' ? [...list].sort((a, b) => b.downloads - a.downloads) : list;
  }, [items, query]);

  async function purchase(advisor: Advisor) {
    setBusy(true);
    const result = await call(automationApi.purchaseAdvisor, { body: { expert_advisor_id: advisor.id } });
    setBusy(false);
    setConfirming(null);
    if (result.ok) showToast({ kind: 'success', title: 'Purchase complete', description: result.data.message });
    else showToast({ kind: 'error', title: 'Purchase failed', description: result.message ?? 'The purchase could not be completed. Please try again.' });
    await load();
  }

  return (
    <section className="marketplace">
      <header className="marketplace-head">
        <h1>MARKET PLACE</h1>
        <input type="search" placeholder="Search market place" aria-label="Search market place" value={query.search} onChange={(e) => change({ search: e.target.value })} />
      </header>
      <div className="chips" role="group" aria-label="Category">
        {categories.map((c) => (
          <button key={c} type="button" aria-pressed={query.category === c} onClick={() => change({ category: c })}>
            {c === 'all' ? 'All' : c}
          </button>
        ))}
      </div>
      <div className="chips" role="group" aria-label="Show">
        {(['popular', 'popular', 'free', 'purchased'] as const).map((f, i) => (
          <button key={`${f}-${i}`} type="button" aria-pressed={query.filter === f} onClick={() => change({ filter: f })}>
            {f === 'popular' ? 'Popular' : f === 'free' ? 'Free' : 'My Purchased'}
          </button>
        ))}
      </div>
      {failed ? (
        <div className="market-message" role="alert">
          <p>{texts.failed}</p>
          <button type="button" onClick={() => window.location.reload()}>
            Retry
          </button>
        </div>
      ) : items === null ? (
        <p className="market-message">Loading...</p>
      ) : shown.length === 0 ? (
        <div className="market-message">
          <p>{texts.empty}</p>
          <button type="button" className="outline" onClick={() => change({ search: '', category: 'all', filter: 'popular' })}>
            Clear Filters
          </button>
        </div>
      ) : (
        <ul className="market-grid">
          {shown.map((advisor) => {
            const owned = advisor.status === 'purchased';
            const free = Number(advisor.amount_val) === 0;
            return (
              <li key={advisor.id} className="market-card">
                <div className="market-card-image">
                  {advisor.image ? <img src={advisor.image} alt="" width={64} height={64} /> : null}
                  {advisor.included_in_plan ? <span className="card-badge">In your plan</span> : owned ? <span className="card-badge owned">Owned</span> : null}
                </div>
                <h2>{advisor.name}</h2>
                <p className="market-card-author">{advisor.author}</p>
                <p className="market-card-text">{advisor.description}</p>
                <div className="market-card-meta">
                  <Stars rating={advisor.rating} />
                  <span>{advisor.downloads.toLocaleString('en-US')} downloads</span>
                </div>
                <div className="market-card-buy">
                  <strong>
                    {free ? 'Free' : advisor.amount}
                    {advisor.billing === 'monthly' && !free ? <small>/month</small> : null}
                  </strong>
                  <button type="button" disabled={owned} onClick={() => setConfirming(advisor)}>
                    {owned ? 'Purchased' : 'Purchase'}
                  </button>
                </div>
                {advisor.renews_at && inBrowser ? <p className="market-card-renews">Renews {formatDay(advisor.renews_at)} from your Live balance</p> : null}
              </li>
            );
          })}
        </ul>
      )}
      {confirming ? (
        <Modal title="Confirm Purchase" onClose={() => !busy && setConfirming(null)}>
          <p>
            {Number(confirming.amount_val) === 0 ? (
              <>{confirming.name} is free: it will be added to your Expert Advisors.</>
            ) : (
              <>
                {confirming.amount}
                {confirming.billing === 'monthly' ? ' a month' : ''} will be deducted from your Live account balance for {confirming.name}.
              </>
            )}
          </p>
          <footer>
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void purchase(confirming)}>
              Proceed
            </button>
          </footer>
        </Modal>
      ) : null}
    </section>
  );
}

export default defineIsland({ name: 'marketplace', component: Marketplace, props });
