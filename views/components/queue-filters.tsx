import { queueTabs, type QueueTab } from '../../shared/api/funding.schema';
import { formatCount } from '../../client/lib/format';

/**
 * A back-office queue's search and status filter (a plain GET form), and the line under it saying how
 * many are shown and how many wait: the funding queues and the plan requests share them.
 */
export function QueueFilters({
  action,
  q,
  status,
  pending,
  placeholder,
  doneLabel,
}: {
  action: string;
  q: string | undefined;
  status: QueueTab;
  pending: number | null;
  placeholder: string;
  doneLabel: string;
}) {
  const labels: Record<QueueTab, string> = { pending: pending === null ? 'Pending' : `Pending (${pending})`, done: doneLabel, all: 'All' };
  return (
    <form method="get" action={action} className="list-filters queue-filters" role="search">
      <label>
        Search
        <input type="search" name="q" defaultValue={q ?? ''} maxLength={254} placeholder={placeholder} />
      </label>
      <label>
        Show
        {/* Its Pending count and the summary under it are rendered again after a decision (client/forms/regions.ts). */}
        <select name="status" defaultValue={status} data-region="queue-tabs">
          {queueTabs.map((tab) => (
            <option key={tab} value={tab}>
              {labels[tab]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit">Show</button>
    </form>
  );
}

export function QueueSummary({ total, pending, status }: { total: number; pending: number; status: QueueTab }) {
  return (
    <p className="list-summary" aria-live="polite" data-region="queue-summary">
      {total === 0 ? (status === 'pending' ? 'Nothing is waiting.' : 'Nothing matches.') : `${formatCount(total)} shown · ${pending} pending`}
    </p>
  );
}
