import type { endpoint } from '../endpoint';

/** Savings plans and a customer's savings (docs/customer-area.md#savings). */
export const savingsApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
