import type { endpoint } from '../endpoint';

/** Moving to another plan, and staff deciding those requests (docs/customer-area.md#plans). */
export const plansApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
