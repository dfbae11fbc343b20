import type { endpoint } from '../endpoint';

/** Trading accounts, opening more, and transfers between a customer's own accounts (docs/customer-area.md#accounts). */
export const accountsApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
