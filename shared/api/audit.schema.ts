import * as z from 'zod/mini';
import { isoDateTime } from './common.schema';
import { roles } from './user.schema';

/** The audit log's page size (docs/back-office-audit.md#paging). */
export const auditPerPage = 25;

/** What the audit log and the outbox say, on the wire and on their pages. */
export const auditTexts = {
  page: 'The page must be a whole number from 1.',
  actor: 'The actor is an e-mail address, a user id or "system", at most 254 characters.',
  customer: 'The customer is an e-mail address or a user id, at most 254 characters.',
  action: 'The action has at most 100 characters.',
  day: (field: 'from' | 'to') => `The ${field === 'from' ? '“from”' : '“to”'} date must be a date written YYYY-MM-DD.`,
  range: 'The “from” date must not be after the “to” date.',
  empty: 'No audit entries match these filters.',
  loadFailed: 'The audit log could not be loaded. Try again.',
  outboxEmpty: 'No mail sent yet.',
  outboxEmptyTo: (address: string) => `No mail to ${address}.`,
  outboxFailed: 'The outbox could not be loaded. Try again.',
} as const;

/** A text filter, trimmed; a blank one (a GET form's empty field) is no filter. */
const filterText = (max: number, message: string) =>
  z.optional(
    z.pipe(
      z.string(message).check(z.trim(), z.maxLength(max, message)),
      z.transform((value) => value || undefined),
    ),
  );

/** A calendar day written YYYY-MM-DD (years 1000 to 9999, a day that exists); blank is no filter. */
export function isCalendarDay(value: string): boolean {
  const match = /^([1-9]\d{3})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const calendarDay = (field: 'from' | 'to') =>
  z.optional(
    z.pipe(
      z.string(auditTexts.day(field)).check(z.trim()),
      z.transform((value, ctx) => {
        if (value === '') return undefined;
        if (!isCalendarDay(value)) {
          ctx.issues.push({ code: 'custom', message: auditTexts.day(field), input: value });
          return z.NEVER;
        }
        return value;
      }),
    ),
  );

/**
 * GET /admin/audit: `?page=` (from 1) and the filters, all optional and combined: the actor (an e-mail
 * address, a user id, or `system` for what the server did by itself), the customer the entry is about
 * (e-mail or id), the action, and a range of days (UTC, both ends included).
 */
export const auditLogQuery = z
  .object({
    page: z._default(z.coerce.number(auditTexts.page).check(z.int(auditTexts.page), z.minimum(1, auditTexts.page), z.maximum(100_000, auditTexts.page)), 1),
    actor: filterText(254, auditTexts.actor),
    customer: filterText(254, auditTexts.customer),
    action: filterText(100, auditTexts.action),
    from: calendarDay('from'),
    to: calendarDay('to'),
  })
  .check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { message: auditTexts.range, path: ['to'] }));
export type AuditLogQuery = z.output<typeof auditLogQuery>;
/** The filters of a query (everything but the page). */
export type AuditFilters = Omit<AuditLogQuery, 'page'>;

const person = { id: z.number(), name: z.string(), email: z.string() };

export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: isoDateTime,
  /** Who did it; null for what the server did by itself. */
  actor: z.nullable(z.object({ ...person, role: z.enum(roles) })),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.nullable(z.string()),
  /** The user the entry is about, when its subject is a user who exists. */
  subject_user: z.nullable(z.object(person)),
  details: z.record(z.string(), z.unknown()),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of the audit log, newest first, with the actions there are to filter by. */
export const auditLogPage = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ current_page: z.number(), per_page: z.number(), last_page: z.number(), total: z.number() }),
  links: z.object({ next: z.nullable(z.string()), prev: z.nullable(z.string()) }),
  actions: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;
