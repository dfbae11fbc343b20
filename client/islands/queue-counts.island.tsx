import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { backOfficeApi } from '../../shared/api/endpoints/back-office';
import { call } from '../lib/call';
import { staffRefreshMs } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';

/**
 * How many deposits, withdrawals and documents wait, beside the back office's Queues link
 * (docs/back-office.md#overview); fetched when the page has loaded and every 30 s while it is visible.
 */
function QueueCounts() {
  const [waiting, setWaiting] = useState<number | null>(null);
  useEffect(() => {
    const load = async () => {
      const result = await call(backOfficeApi.overview);
      if (result.ok) {
        const o = result.data.data;
        setWaiting(o.deposits_pending + o.withdrawals_pending + o.documents_pending);
      }
    };
    void load();
    const timer = setInterval(() => document.visibilityState === 'visible' && void load(), staffRefreshMs);
    return () => clearInterval(timer);
  }, []);
  if (!waiting) return null;
  return (
    <span className="nav-count" aria-label={`${waiting} waiting`}>
      {waiting}
    </span>
  );
}

export default defineIsland({ name: 'queue-counts', component: QueueCounts, props: z.object({}) });
