import { auditLogPage, auditLogQuery } from '../audit.schema';
import { endpoint } from '../endpoint';

/** The audit trail, read by staff (docs/back-office-audit.md#the-api); the outbox is `outbox` in admin.ts. */
export const auditApi = {
  auditLog: endpoint({ method: 'GET', path: '/admin/audit', access: 'staff', query: auditLogQuery, response: auditLogPage }),
} as const;
