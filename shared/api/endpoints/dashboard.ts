import { dashboardResponse, performanceQuery, performanceResponse } from '../dashboard.schema';
import { endpoint } from '../endpoint';

/** The dashboard's figures (docs/customer-area.md#dashboard). */
export const dashboardApi = {
  /** Open positions by asset class, the latest ledger movements and the market strip. */
  dashboard: endpoint({ method: 'GET', path: '/dashboard', access: 'customer', response: dashboardResponse }),
  /** Trading Results: one account's daily realised P/L and end-of-day balance over a range. */
  dashboardPerformance: endpoint({ method: 'GET', path: '/dashboard/performance', access: 'customer', query: performanceQuery, response: performanceResponse }),
} as const;
