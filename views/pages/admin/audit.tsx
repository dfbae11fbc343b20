import { Fragment } from 'react';
import { formatWhen } from '../../../client/lib/format';
import { auditTexts, type AuditEntry, type AuditLogPage } from '../../../shared/api/audit.schema';
import type { FieldErrors } from '../../../shared/api/common.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import type { PageSheet } from '../../assets';
import { AppShell } from '../../components/app-shell';
import { Stylesheet } from '../../page-needs';

/** The sheet of the audit log and outbox pages. */
export const auditSheet: PageSheet = 'views/pages/admin/audit.css';

/** The filters as typed (the form shows them again), blank when unset. */
export interface AuditFormValues {
  actor: string;
  customer: string;
  action: string;
  from: string;
  to: string;
}

export const auditFilterNames = ['actor', 'customer', 'action', 'from', 'to'] as const satisfies readonly (keyof AuditFormValues)[];

/** What the API gave: a page of entries, a refusal of the filters (their messages), or nothing. */
export type ListView<T> = { kind: 'list'; list: T } | { kind: 'invalid'; message: string; errors: FieldErrors } | { kind: 'failed'; message: string };

/** The query of a page of the list with these filters (blank ones left out). */
export function auditHref(filters: AuditFormValues, page: number): string {
  const search = new URLSearchParams();
  for (const name of auditFilterNames) if (filters[name]) search.set(name, filters[name]);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${paths.adminAudit}?${query}` : paths.adminAudit;
}

/** The time zone the server formats times in (the date filter counts days in UTC). */
function zoneNote(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone === 'UTC' || zone === 'Etc/UTC' ? 'Times and dates are UTC.' : `Times are ${zone}; the dates filter whole days in UTC.`;
}

/* ---------- Details, readably ---------- */

const longest = 120;
const mostItems = 6;

const clip = (text: string) => (text.length > longest ? `${text.slice(0, longest - 1)}…` : text);

/** A value as one short line: text as it is, lists of up to six items, anything else as JSON; cut at 120 characters. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return clip(value === '' ? '(empty)' : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const shown = value.slice(0, mostItems).map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)));
    return clip(value.length > mostItems ? `${shown.join(', ')} … (${value.length} in all)` : shown.join(', '));
  }
  return clip(JSON.stringify(value));
}

/** `notification_id` and `accountId` alike read "notification id", "account id". */
export const keyLabel = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();

export interface DetailsView {
  /** A change of one thing: `from`/`to` or `before`/`after`. */
  change: { from: string; to: string } | null;
  /** Everything else, as label and short text (and the whole text when it was cut). */
  pairs: { key: string; label: string; text: string; whole: string }[];
}

export function detailsView(details: Record<string, unknown>): DetailsView {
  const [fromKey, toKey] = 'from' in details && 'to' in details ? ['from', 'to'] : 'before' in details && 'after' in details ? ['before', 'after'] : [null, null];
  const change = fromKey && toKey ? { from: valueText(details[fromKey]), to: valueText(details[toKey]) } : null;
  const pairs = Object.entries(details)
    .filter(([key]) => key !== fromKey && key !== toKey)
    .map(([key, value]) => {
      const text = valueText(value);
      const whole = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'none');
      return { key, label: keyLabel(key), text, whole };
    });
  return { change, pairs };
}

function Details({ details }: { details: Record<string, unknown> }) {
  const { change, pairs } = detailsView(details);
  if (!change && pairs.length === 0) return <span className="audit-none">—</span>;
  return (
    <div className="audit-details">
      {change ? (
        <p className="audit-change">
          <span>{change.from}</span>
          <span aria-label="changed to"> → </span>
          <span>{change.to}</span>
        </p>
      ) : null}
      {pairs.length > 0 ? (
        <dl>
          {pairs.map((pair) => (
            <div key={pair.key}>
              <dt>{pair.label}</dt>
              <dd title={pair.text === pair.whole ? undefined : pair.whole}>{pair.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/* ---------- Rows ---------- */

/** Text with a chance to break the line after each of `marks` (an action after its dots and underscores, an e-mail after its @), so a narrow column wraps it there. */
export function Breakable({ text, marks }: { text: string; marks: string }) {
  const parts: string[] = [''];
  for (const char of text) {
    parts[parts.length - 1] += char;
    if (marks.includes(char)) parts.push('');
  }
  return (
    <>
      {parts.filter(Boolean).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export function Email({ address }: { address: string }) {
  return (
    <span className="audit-email">
      <Breakable text={address} marks="@" />
    </span>
  );
}

/** Subjects that are one thing of their kind (their id says nothing). */
const singletons = new Set(['site_settings', 'outbox']);

const typeLabel = (type: string) => {
  const words = keyLabel(type);
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function customerHref(id: number): string {
  return `${paths.adminCustomers}/${id}`;
}

function Subject({ entry }: { entry: AuditEntry }) {
  if (entry.subject_type === 'user' && entry.subject_user) {
    return (
      <>
        <a href={customerHref(entry.subject_user.id)}>{entry.subject_user.name}</a>
        <Email address={entry.subject_user.email} />
      </>
    );
  }
  const label = typeLabel(entry.subject_type);
  const id = entry.subject_id;
  return <>{id === null || id === '0' || singletons.has(entry.subject_type) ? label : `${label} #${id}`}</>;
}

function Actor({ actor }: { actor: AuditEntry['actor'] }) {
  if (!actor) return <span className="audit-system">System</span>;
  return (
    <>
      <span>{actor.name}</span>
      <Email address={actor.email} />
    </>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr>
      <td data-label="When">
        <time dateTime={entry.created_at} title={entry.created_at}>
          {formatWhen(entry.created_at)}
        </time>
      </td>
      <td data-label="Actor">
        <Actor actor={entry.actor} />
      </td>
      <td data-label="Action">
        <code className="audit-action">
          <Breakable text={entry.action} marks="._" />
        </code>
      </td>
      <td data-label="Subject">
        <Subject entry={entry} />
      </td>
      <td data-label="Details">
        <Details details={entry.details} />
      </td>
      <td data-label="IP" className="audit-ip">
        {entry.ip ?? '—'}
      </td>
    </tr>
  );
}

/* ---------- The form ---------- */

/** A field's message under it, as the other server-rendered forms show theirs. */
function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <small id={`${id}-error`} className="audit-field-error">
      {message}
    </small>
  ) : null;
}

function TextFilter({ name, label, hint, values, errors }: { name: 'actor' | 'customer'; label: string; hint: string; values: AuditFormValues; errors: FieldErrors }) {
  const id = `audit-${name}`;
  const error = errors[name]?.[0];
  return (
    <div className="audit-field audit-field-wide">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        maxLength={254}
        placeholder={hint}
        autoComplete="off"
        defaultValue={values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldMessage id={id} message={error} />
    </div>
  );
}

function DayFilter({ name, label, values, errors }: { name: 'from' | 'to'; label: string; values: AuditFormValues; errors: FieldErrors }) {
  const id = `audit-${name}`;
  const error = errors[name]?.[0];
  return (
    <div className="audit-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="date" defaultValue={values[name]} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <FieldMessage id={id} message={error} />
    </div>
  );
}

function Filters({ values, actions, invalid }: { values: AuditFormValues; actions: readonly string[]; invalid: { message: string; errors: FieldErrors } | null }) {
  const errors = invalid?.errors ?? {};
  // The chosen action stays a choice even when the log holds none of it (or the list could not be read).
  const choices = values.action && !actions.includes(values.action) ? [values.action, ...actions] : actions;
  const actionError = errors.action?.[0];
  const pageError = errors.page?.[0];
  return (
    <form className="audit-filters" method="get" action={paths.adminAudit} aria-label="Filter the audit log">
      {invalid ? (
        <p className="audit-form-error" role="alert">
          {invalid.message}
        </p>
      ) : null}
      <div className="audit-fields">
        <TextFilter name="actor" label="Actor" hint="E-mail, user id or “system”" values={values} errors={errors} />
        <TextFilter name="customer" label="Customer" hint="E-mail or user id" values={values} errors={errors} />
        <div className="audit-field audit-field-wide">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" name="action" defaultValue={values.action} aria-invalid={actionError ? true : undefined} aria-describedby={actionError ? 'audit-action-error' : undefined}>
            <option value="">Any action</option>
            {choices.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
          <FieldMessage id="audit-action" message={actionError} />
        </div>
        <DayFilter name="from" label="From" values={values} errors={errors} />
        <DayFilter name="to" label="To" values={values} errors={errors} />
      </div>
      {pageError && pageError !== invalid?.message ? <p className="audit-form-error">{pageError}</p> : null}
      <div className="audit-filter-actions">
        <button type="submit">Filter</button>
        <a href={paths.adminAudit} className="audit-clear">
          Clear filters
        </a>
      </div>
    </form>
  );
}

/* ---------- The page ---------- */

function Pager({ page, filters }: { page: AuditLogPage; filters: AuditFormValues }) {
  const { current_page: current, last_page: last, total } = page.meta;
  if (last <= 1 && current <= 1) return null;
  return (
    <nav className="audit-pager" aria-label="Audit log pages">
      {current > 1 ? (
        <a href={auditHref(filters, Math.min(current - 1, last))} rel="prev">
          ← Newer
        </a>
      ) : (
        <span />
      )}
      <span className="audit-page-of">
        Page {current} of {last} · {total} {total === 1 ? 'entry' : 'entries'}
      </span>
      {current < last ? (
        <a href={auditHref(filters, current + 1)} rel="next">
          Older →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Entries({ page, filters }: { page: AuditLogPage; filters: AuditFormValues }) {
  if (page.data.length === 0) {
    return (
      <>
        <p className="audit-empty">{auditTexts.empty}</p>
        <Pager page={page} filters={filters} />
      </>
    );
  }
  return (
    <>
      <table className="audit-table">
        <colgroup>
          {['when', 'actor', 'action', 'subject', 'details', 'ip'].map((column) => (
            <col key={column} className={`audit-col-${column}`} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Subject</th>
            <th scope="col">Details</th>
            <th scope="col">IP</th>
          </tr>
        </thead>
        <tbody>
          {page.data.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
      <Pager page={page} filters={filters} />
    </>
  );
}

/** `/admin/audit` (staff; docs/back-office-audit.md#the-audit-log-page): the audit trail, filtered by a plain GET form, 25 a page. */
export function AuditPage({ settings, user, csrfToken, filters, view }: { settings: SiteSettings; user: User; csrfToken: string; filters: AuditFormValues; view: ListView<AuditLogPage> }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="audit">
      <Stylesheet src={auditSheet} />
      <section className="page-heading">
        <h1>Audit log</h1>
        <p>Every back-office action and what the server did by itself, newest first. {zoneNote()}</p>
      </section>
      <Filters values={filters} actions={view.kind === 'list' ? view.list.actions : []} invalid={view.kind === 'invalid' ? view : null} />
      <section className="audit-results" aria-label="Audit entries">
        {view.kind === 'list' ? (
          <Entries page={view.list} filters={filters} />
        ) : view.kind === 'failed' ? (
          <p className="audit-empty audit-failed" role="alert">
            {view.message}
          </p>
        ) : null}
      </section>
    </AppShell>
  );
}
