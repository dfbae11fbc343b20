/** Staff accounts, managed by admins (docs/back-office.md#staff-accounts). */
export const staffAccountsApi = {} as const;
