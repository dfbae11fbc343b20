import { auditPerPage, type AuditFilters } from '../../../shared/api/audit.schema';
import { apiPrefix } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import { auditActions, auditLogPage, type AuditLogRow } from '../db/audit-log.repo';
import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';

/** The path of another page of the same filtered list. */
function pagePath(page: number, filters: AuditFilters): string {
  const search = new URLSearchParams({ page: String(page) });
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  return `${apiPrefix}${api.auditLog.path}?${search.toString()}`;
}

/** Details as stored: always an object from `recordAudit`; anything else is shown under `value`. */
const detailsOf = (details: unknown): Record<string, unknown> =>
  details !== null && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : { value: details };

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

function presentEntry(row: AuditLogRow) {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor: row.actor ? { id: row.actor.id, name: nameOf(row.actor), email: row.actor.email, role: row.actor.role } : null,
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    subject_user: row.subjectUser ? { id: row.subjectUser.id, name: nameOf(row.subjectUser), email: row.subjectUser.email } : null,
    details: detailsOf(row.details),
    ip: row.ip,
  };
}

/**
 * The audit trail for staff (docs/back-office-audit.md): filtered, paged, newest first. Reading it is
 * not itself audited (every page view would add to what it shows); reading the outbox is (admin.routes.ts).
 */
export function auditRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;

  on(api.auditLog, async ({ query }) => {
    const { page, ...filters } = query;
    const { rows, total } = await auditLogPage(db, filters, { limit: auditPerPage, offset: (page - 1) * auditPerPage });
    const lastPage = Math.max(1, Math.ceil(total / auditPerPage));
    return {
      data: rows.map(presentEntry),
      meta: { current_page: page, per_page: auditPerPage, last_page: lastPage, total },
      links: { next: page < lastPage ? pagePath(page + 1, filters) : null, prev: page > 1 ? pagePath(Math.min(page - 1, lastPage), filters) : null },
      actions: await auditActions(db),
    };
  });

  return router;
}
