import type { Executor } from './database';
import { auditLog } from './schema';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  subjectType: string;
  subjectId: string | number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends to the audit trail (the table refuses updates and deletes). */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId === null ? null : String(entry.subjectId),
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}
