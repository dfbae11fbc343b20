/** The catalogue admins edit: expert advisors and plans (docs/back-office.md#catalogue). */
export const catalogueApi = {} as const;
