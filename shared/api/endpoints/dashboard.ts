import type { endpoint } from '../endpoint';

/** The dashboard's figures (docs/customer-area.md#dashboard). */
export const dashboardApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
