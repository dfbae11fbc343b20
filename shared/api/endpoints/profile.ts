import type { endpoint } from '../endpoint';

/** Personal information, photo, password and e-mail change (docs/customer-area.md#personal-information). */
export const profileApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
