import * as z from 'zod/mini';
import {
  adjustmentRequest,
  adjustmentSchema,
  customerDetailSchema,
  customerListQuery,
  customerNoteRequest,
  customerNoteSchema,
  customerPage,
  customerPlanRequest,
  overviewSchema,
} from '../back-office.schema';
import { resource } from '../common.schema';
import { accountSummarySchema } from '../trades.schema';
import { endpoint } from '../endpoint';
import { smallIdOf, withMessage } from './parts';

const customerId = smallIdOf('Customer not found.');

/** The back office's customers: the overview's counts, the list, one customer and what staff do there (docs/back-office.md). */
export const backOfficeApi = {
  overview: endpoint({ method: 'GET', path: '/admin/overview', access: 'staff', response: resource(overviewSchema) }),
  customers: endpoint({ method: 'GET', path: '/admin/customers', access: 'staff', query: customerListQuery, response: customerPage }),
  customer: endpoint({ method: 'GET', path: '/admin/customers/:id', access: 'staff', params: customerId, response: resource(customerDetailSchema) }),
  changeCustomerPlan: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/plan',
    access: 'staff',
    params: customerId,
    body: customerPlanRequest,
    response: withMessage(z.object({ plan_id: z.number(), changed: z.boolean() })),
  }),
  adjustBalance: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/adjustments',
    access: 'admin',
    params: customerId,
    body: adjustmentRequest,
    status: 201,
    response: withMessage(adjustmentSchema),
  }),
  resetCustomerDemo: endpoint({ method: 'POST', path: '/admin/customers/:id/demo-reset', access: 'staff', params: customerId, response: withMessage(accountSummarySchema) }),
  addCustomerNote: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/notes',
    access: 'staff',
    params: customerId,
    body: customerNoteRequest,
    status: 201,
    response: resource(customerNoteSchema),
  }),
} as const;
