import type { endpoint } from '../endpoint';

/** Two-factor sign-in: enrolment, recovery codes, login challenges (docs/access.md#two-factor-sign-in). */
export const twoFactorApi = {} as const satisfies Record<string, ReturnType<typeof endpoint>>;
