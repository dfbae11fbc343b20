/** The audit trail and the outbox, read by staff (docs/back-office.md#audit-log). */
export const auditApi = {} as const;
