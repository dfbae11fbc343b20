import * as z from 'zod/mini';
import { resource } from '../common.schema';
import { endpoint } from '../endpoint';
import {
  adminPlanSchema,
  adminSavingsSchema,
  createPlanRequest,
  legacyClaimRequest,
  legacyPlanSchema,
  legacySavingSchema,
  legacyStoreRequest,
  openSavingRequest,
  savingSchema,
  savingsOverviewSchema,
  savingsTexts,
  updatePlanRequest,
} from '../savings.schema';
import { idOf, smallIdOf, withMessage } from './parts';

const savingId = idOf(savingsTexts.savingNotFound);
const planIdParam = smallIdOf(savingsTexts.planNotFound);
const message = z.object({ message: z.string() });

/** Savings plans and a customer's savings (docs/customer-area.md#savings), the original client's savings calls (docs/compatibility.md#savings), and the admins' plan editor. */
export const savingsApi = {
  savingsOverview: endpoint({ method: 'GET', path: '/savings/overview', access: 'customer', response: resource(savingsOverviewSchema) }),
  openSaving: endpoint({ method: 'POST', path: '/savings/open', access: 'customer', body: openSavingRequest, response: withMessage(savingSchema), status: 201 }),
  claimSaving: endpoint({ method: 'POST', path: '/savings/:id/claim', access: 'customer', params: savingId, response: withMessage(savingSchema) }),
  closeSaving: endpoint({ method: 'POST', path: '/savings/:id/close', access: 'customer', params: savingId, response: withMessage(savingSchema) }),

  legacySavingsPlans: endpoint({ method: 'GET', path: '/savings/plans', access: 'customer', response: resource(z.array(legacyPlanSchema)) }),
  legacySavings: endpoint({ method: 'GET', path: '/savings', access: 'customer', response: resource(z.array(legacySavingSchema)) }),
  legacySavingsStore: endpoint({ method: 'POST', path: '/savings/store', access: 'customer', body: legacyStoreRequest, response: message }),
  legacySavingsClaim: endpoint({ method: 'POST', path: '/savings/claim/:id', access: 'customer', params: savingId, body: legacyClaimRequest, response: message }),

  adminSavings: endpoint({ method: 'GET', path: '/admin/savings', access: 'admin', response: resource(adminSavingsSchema) }),
  createSavingsPlan: endpoint({ method: 'POST', path: '/admin/savings/plans', access: 'admin', body: createPlanRequest, response: withMessage(adminPlanSchema), status: 201 }),
  updateSavingsPlan: endpoint({ method: 'PATCH', path: '/admin/savings/plans/:id', access: 'admin', params: planIdParam, body: updatePlanRequest, response: withMessage(adminPlanSchema) }),
} as const;
