import * as z from 'zod/mini';
import { conditionList, removeOverrideRequest, setConditionsRequest } from '../conditions.schema';
import { endpoint } from '../endpoint';
import { withMessage } from './parts';

/** Plans' trading conditions (docs/trading.md#trading-conditions): spread markups and commissions, per class and instrument. */
export const conditionsApi = {
  tradingConditions: endpoint({ method: 'GET', path: '/admin/conditions', access: 'admin', response: conditionList }),
  setConditions: endpoint({ method: 'POST', path: '/admin/conditions', access: 'admin', body: setConditionsRequest, response: withMessage(z.object({})) }),
  removeConditions: endpoint({ method: 'POST', path: '/admin/conditions/remove', access: 'admin', body: removeOverrideRequest, response: withMessage(z.object({})) }),
} as const;
