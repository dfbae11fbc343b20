import * as z from 'zod/mini';
import { wireDecimal } from '../wire';
import { activationSchema, advisorIdParam, advisorList, advisorStartRequest, advisorStatsQuery, purchaseRequest, rateRequest, ratingSchema } from '../advisors.schema';
import {
  activeAutotraderSchema,
  autotraderApproval,
  autotraderRefusal,
  autotraderRequest,
  autotraderRequestSchema,
  autotraderRequestStatuses,
  autotraderStatusSchema,
  staffAutotraderRequestSchema,
} from '../autotrader.schema';
import { messageBody, resource } from '../common.schema';
import { endpoint } from '../endpoint';
import { smallIdOf, withMessage } from './parts';

export const autotraderListQuery = z.object({ status: z.optional(z.enum([...autotraderRequestStatuses, 'all'], 'Choose pending, approved, refused or all.')) });

/** Expert advisors and AutoTrader, the customer's side and staff's. */
export const automationApi = {
  advisors: endpoint({ method: 'GET', path: '/expert_advisors', access: 'active', response: advisorList }),
  purchaseAdvisor: endpoint({
    method: 'POST',
    path: '/purchase/ea',
    access: 'customer',
    body: purchaseRequest,
    response: z.object({ status: z.literal('success'), message: z.string(), data: z.object({ expert_advisor_id: z.number(), balance_charged: wireDecimal }) }),
  }),
  /** Stars for an advisor the customer has (docs/advisors.md#ratings). */
  rateAdvisor: endpoint({ method: 'POST', path: '/expert_advisors/:id/rating', access: 'customer', params: advisorIdParam, body: rateRequest, response: withMessage(ratingSchema) }),
  activeAdvisor: endpoint({ method: 'GET', path: '/expert_advisors/active', access: 'customer', query: advisorStatsQuery, response: resource(z.nullable(activationSchema)) }),
  activateAdvisor: endpoint({ method: 'POST', path: '/expert_advisors/:id/activate', access: 'customer', params: advisorIdParam, response: withMessage(activationSchema) }),
  startAdvisor: endpoint({ method: 'POST', path: '/expert_advisors/:id/start', access: 'customer', params: advisorIdParam, body: advisorStartRequest, response: withMessage(activationSchema) }),
  stopAdvisor: endpoint({ method: 'POST', path: '/expert_advisors/:id/stop', access: 'customer', params: advisorIdParam, response: withMessage(activationSchema) }),
  deactivateAdvisor: endpoint({ method: 'POST', path: '/expert_advisors/deactivate', access: 'customer', response: withMessage(z.null()) }),
  autotrader: endpoint({ method: 'GET', path: '/autotrader', access: 'customer', response: resource(autotraderStatusSchema) }),
  requestAutotrader: endpoint({ method: 'POST', path: '/update/autotrader', access: 'customer', body: autotraderRequest, status: 201, response: withMessage(autotraderRequestSchema) }),
  autotraderOff: endpoint({ method: 'POST', path: '/autotrader/off', access: 'customer', response: withMessage(autotraderStatusSchema) }),
  staffAutotraderRequests: endpoint({ method: 'GET', path: '/admin/autotrader/requests', access: 'staff', query: autotraderListQuery, response: resource(z.array(staffAutotraderRequestSchema)) }),
  approveAutotrader: endpoint({
    method: 'POST',
    path: '/admin/autotrader/requests/:id/approve',
    access: 'staff',
    params: smallIdOf('AutoTrader request not found.'),
    body: autotraderApproval,
    response: withMessage(staffAutotraderRequestSchema),
  }),
  refuseAutotrader: endpoint({
    method: 'POST',
    path: '/admin/autotrader/requests/:id/refuse',
    access: 'staff',
    params: smallIdOf('AutoTrader request not found.'),
    body: autotraderRefusal,
    response: withMessage(staffAutotraderRequestSchema),
  }),
  activeAutotraders: endpoint({ method: 'GET', path: '/admin/autotrader/active', access: 'staff', response: resource(z.array(activeAutotraderSchema)) }),
  revokeAutotrader: endpoint({ method: 'POST', path: '/admin/users/:id/autotrader/revoke', access: 'staff', params: smallIdOf('User not found.'), body: autotraderRefusal, response: messageBody }),
} as const;
