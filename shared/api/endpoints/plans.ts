import { endpoint } from '../endpoint';
import { rejectRequest } from '../funding.schema';
import { planRequestPage, planRequestQuery, planRequestRowSchema, plansOverviewResponse, planTexts, subscribeRequest, subscribeResponse } from '../plans.schema';
import { idOf, withMessage } from './parts';

const requestId = idOf(planTexts.requestNotFound);

/** Moving to another plan, and staff deciding those requests (docs/customer-area.md#plans). */
export const plansApi = {
  /** The plans with their prices and how this customer would move to each, and their latest request. */
  plans: endpoint({ method: 'GET', path: '/plans', access: 'customer', response: plansOverviewResponse }),
  /** The original client's call (docs/customer-area.md#plans): a paid or free move at once, else a request for staff. */
  subscribePlan: endpoint({ method: 'POST', path: '/plans/subscribe', access: 'customer', body: subscribeRequest, response: subscribeResponse }),
  planRequests: endpoint({ method: 'GET', path: '/admin/plan-requests', access: 'staff', query: planRequestQuery, response: planRequestPage }),
  approvePlanRequest: endpoint({ method: 'POST', path: '/admin/plan-requests/:id/approve', access: 'staff', params: requestId, response: withMessage(planRequestRowSchema) }),
  rejectPlanRequest: endpoint({
    method: 'POST',
    path: '/admin/plan-requests/:id/reject',
    access: 'staff',
    params: requestId,
    body: rejectRequest,
    response: withMessage(planRequestRowSchema),
  }),
} as const;
