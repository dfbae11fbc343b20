import './marketplace.css';
import { useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { advisorSchema, type Advisor, type Rating } from '../../shared/api/advisors.schema';
import { automationApi } from '../../shared/api/endpoints/automation';
import { Modal } from '../components/modal';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { call } from '../lib/call';
import { formatCount, formatDay } from '../lib/format';
import { useBusy } from '../lib/use-busy';
import { defineIsland } from '../runtime/define-island';
import { RateAdvisor, Stars } from './marketplace/rating';

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

/** The search and the chips, as the address keeps them. */
function MarketFilters({ query, change }: { query: MarketQuery; change: (patch: Partial<MarketQuery>) => void }) {
  return (
    <>
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
    </>
  );
}

/** One advisor: picture, name, author, rating, price, and Purchase (or Purchased). */
function MarketCard({ advisor, renewals, purchase, rated }: { advisor: Advisor; renewals: boolean; purchase: () => void; rated: (rating: Rating) => void }) {
  const owned = advisor.status === 'purchased';
  const free = Number(advisor.amount_val) === 0;
  return (
    <li className="market-card">
      <div className="market-card-image">
        {advisor.image ? <img src={advisor.image} alt="" width={64} height={64} /> : null}
        {advisor.included_in_plan ? <span className="card-badge">In your plan</span> : owned ? <span className="card-badge owned">Owned</span> : null}
      </div>
      <h2>{advisor.name}</h2>
      <p className="market-card-author">{advisor.author}</p>
      <p className="market-card-text">{advisor.description}</p>
      <div className="market-card-meta">
        <Stars rating={advisor.rating} count={advisor.ratings_count} />
        <span>{formatCount(advisor.downloads)} downloads</span>
      </div>
      <div className="market-card-buy">
        <strong>
          {free ? 'Free' : advisor.amount}
          {advisor.billing === 'monthly' && !free ? <small>/month</small> : null}
        </strong>
        <button type="button" disabled={owned} onClick={purchase}>
          {owned ? 'Purchased' : 'Purchase'}
        </button>
      </div>
      {advisor.renews_at && renewals ? <p className="market-card-renews">Renews {formatDay(advisor.renews_at)} from your Live balance</p> : null}
      {owned ? <RateAdvisor advisor={advisor} rated={rated} /> : null}
    </li>
  );
}

/** "Confirm Purchase": what it costs and from where; the catalogue is read again either way. */
function PurchaseDialog({ advisor, close, settled }: { advisor: Advisor; close: () => void; settled: () => Promise<void> }) {
  const form = useEndpointForm(automationApi.purchaseAdvisor, {
    initial: {},
    request: () => ({ body: { expert_advisor_id: advisor.id } }),
    done: ({ message }) => ({ kind: 'success', title: 'Purchase complete', ...(message ? { description: message } : {}) }),
    failureTitle: 'Purchase failed',
    fallback: 'The purchase could not be completed. Please try again.',
    after: async () => {
      close();
      await settled();
    },
  });
  return (
    <Modal title="Confirm Purchase" onClose={() => !form.busy && close()}>
      <p>
        {Number(advisor.amount_val) === 0 ? (
          <>{advisor.name} is free: it will be added to your Expert Advisors.</>
        ) : (
          <>
            {advisor.amount}
            {advisor.billing === 'monthly' ? ' a month' : ''} will be deducted from your Live account balance for {advisor.name}.
          </>
        )}
      </p>
      <footer>
        <button type="button" className="secondary" disabled={form.busy} onClick={close}>
          Cancel
        </button>
        <button type="button" disabled={form.busy} aria-busy={form.busy || undefined} onClick={() => form.submit()}>
          Proceed
        </button>
      </footer>
    </Modal>
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
  const retry = useBusy();
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
  const rate = (id: number, rating: Rating) => setItems((list) => list?.map((a) => (a.id === id ? { ...a, ...rating } : a)) ?? null);
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

  return (
    <section className="marketplace">
      <MarketFilters query={query} change={change} />
      {failed ? (
        <div className="market-message" role="alert">
          <p>{texts.failed}</p>
          <button type="button" disabled={retry.busy !== null} aria-busy={retry.busy !== null || undefined} onClick={() => retry.run('retry', load)}>
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
          {shown.map((advisor) => (
            <MarketCard key={advisor.id} advisor={advisor} renewals={inBrowser} purchase={() => setConfirming(advisor)} rated={(rating) => rate(advisor.id, rating)} />
          ))}
        </ul>
      )}
      {confirming ? <PurchaseDialog advisor={confirming} close={() => setConfirming(null)} settled={load} /> : null}
    </section>
  );
}

export default defineIsland({ name: 'marketplace', component: Marketplace, props });
