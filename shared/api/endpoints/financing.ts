import * as z from 'zod/mini';
import {
  financingReport,
  financingReportQuery,
  ratesInForce,
  rolloverList,
  rolloverSchema,
  runRolloverRequest,
  setBenchmarkRequest,
  setMarkupRequest,
  setSwapPointsRequest,
} from '../financing.schema';
import { endpoint } from '../endpoint';
import { withMessage } from './parts';

/** Overnight financing's back office (docs/trading.md#overnight-financing). */
export const financingApi = {
  rollovers: endpoint({ method: 'GET', path: '/admin/rollovers', access: 'admin', response: rolloverList }),
  runRollover: endpoint({
    method: 'POST',
    path: '/admin/rollovers',
    access: 'admin',
    body: runRolloverRequest,
    response: withMessage(z.object({ rollover: rolloverSchema, booked: z.number() })),
  }),
  financingReport: endpoint({ method: 'GET', path: '/admin/financing/report', access: 'admin', query: financingReportQuery, response: financingReport }),
  financingRates: endpoint({ method: 'GET', path: '/admin/financing/rates', access: 'admin', response: ratesInForce }),
  setBenchmark: endpoint({ method: 'POST', path: '/admin/financing/benchmarks', access: 'admin', body: setBenchmarkRequest, response: withMessage(z.object({})) }),
  setSwapPoints: endpoint({ method: 'POST', path: '/admin/financing/swap-points', access: 'admin', body: setSwapPointsRequest, response: withMessage(z.object({})) }),
  setMarkup: endpoint({ method: 'POST', path: '/admin/financing/markups', access: 'admin', body: setMarkupRequest, response: withMessage(z.object({})) }),
} as const;
