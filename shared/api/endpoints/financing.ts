import * as z from 'zod/mini';
import { rolloverList, rolloverSchema, runRolloverRequest } from '../financing.schema';
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
} as const;
