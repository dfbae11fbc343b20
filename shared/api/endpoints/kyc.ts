import type { endpoint } from '../endpoint';

/** The customer's verification case: documents and their statuses (docs/customer-area.md#verification). */
export const kycApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
