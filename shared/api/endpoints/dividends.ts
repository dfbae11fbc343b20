import * as z from 'zod/mini';
import { dividendList, dividendSchema, enterDividendRequest } from '../dividends.schema';
import { endpoint } from '../endpoint';
import { withMessage } from './parts';

/** Dividend adjustments (docs/trading.md#dividends): the dividends entered, and a new one. */
export const dividendsApi = {
  dividends: endpoint({ method: 'GET', path: '/admin/dividends', access: 'admin', response: dividendList }),
  enterDividend: endpoint({ method: 'POST', path: '/admin/dividends', access: 'admin', body: enterDividendRequest, response: withMessage(z.object({ dividend: dividendSchema })) }),
} as const;
