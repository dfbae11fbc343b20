import type { endpoint } from '../endpoint';

/** Settings: display currency, language, sounds, notification choices, sessions (docs/customer-area.md#settings). */
export const preferencesApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
