import type * as z from 'zod/mini';
import { formatWhen } from '../../../client/lib/format';
import { auditTexts } from '../../../shared/api/audit.schema';
import type { outboxMailSchema } from '../../../shared/api/endpoints/admin';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import { AppShell } from '../../components/app-shell';
import { Stylesheet } from '../../page-needs';
import { auditSheet, Breakable, type ListView } from './audit';

export type OutboxMail = z.infer<typeof outboxMailSchema>;

function Delivery({ mail }: { mail: OutboxMail }) {
  if (mail.sent_at) return <time dateTime={mail.sent_at}>{formatWhen(mail.sent_at)}</time>;
  if (mail.error) return <span className="audit-failed">Failed: {mail.error}</span>;
  return <span className="audit-none">Not sent</span>;
}

function MailRow({ mail }: { mail: OutboxMail }) {
  return (
    <tr>
      <td data-label="To" className="outbox-to">
        <Breakable text={mail.to} marks="@" />
      </td>
      <td data-label="Subject">{mail.subject}</td>
      <td data-label="Created">
        <time dateTime={mail.created_at} title={mail.created_at}>
          {formatWhen(mail.created_at)}
        </time>
      </td>
      <td data-label="Sent">
        <Delivery mail={mail} />
      </td>
      <td data-label="Text">
        <details className="outbox-text">
          <summary>Show text</summary>
          <pre>{mail.text}</pre>
        </details>
      </td>
    </tr>
  );
}

function Mails({ mails, to }: { mails: readonly OutboxMail[]; to: string }) {
  if (mails.length === 0) return <p className="audit-empty">{to ? auditTexts.outboxEmptyTo(to) : auditTexts.outboxEmpty}</p>;
  return (
    <table className="audit-table outbox-table">
      <colgroup>
        {['to', 'subject', 'created', 'sent', 'text'].map((column) => (
          <col key={column} className={`outbox-col-${column}`} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th scope="col">To</th>
          <th scope="col">Subject</th>
          <th scope="col">Created</th>
          <th scope="col">Sent</th>
          <th scope="col">Text</th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <MailRow key={mail.id} mail={mail} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/admin/outbox` (staff; docs/back-office-audit.md#the-outbox-page): the latest 50 mails sent to
 * customers, or to one address. Every read is audited by the API.
 */
export function OutboxPage({ settings, user, csrfToken, to, view }: { settings: SiteSettings; user: User; csrfToken: string; to: string; view: ListView<readonly OutboxMail[]> }) {
  const error = view.kind === 'invalid' ? (view.errors.to?.[0] ?? view.message) : undefined;
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="outbox">
      <Stylesheet src={auditSheet} />
      <section className="page-heading">
        <h1>Outbox</h1>
        <p>The latest 50 mails sent to customers, newest first. Mail to staff is never shown. Each visit is written to the audit log.</p>
      </section>
      <form className="audit-filters outbox-search" method="get" action={paths.adminOutbox} aria-label="Find mail by recipient">
        <div className="audit-field">
          <label htmlFor="outbox-to">Recipient</label>
          <input
            id="outbox-to"
            name="to"
            type="text"
            inputMode="email"
            maxLength={254}
            placeholder="customer@example.com"
            autoComplete="off"
            defaultValue={to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'outbox-to-error' : undefined}
          />
          {error ? (
            <small id="outbox-to-error" className="audit-field-error" role="alert">
              {error}
            </small>
          ) : null}
        </div>
        <div className="audit-filter-actions">
          <button type="submit">Search</button>
          {to ? (
            <a href={paths.adminOutbox} className="audit-clear">
              Show all
            </a>
          ) : null}
        </div>
      </form>
      <section className="audit-results" aria-label="Mails">
        {view.kind === 'list' ? (
          <Mails mails={view.list} to={to} />
        ) : view.kind === 'failed' ? (
          <p className="audit-empty audit-failed" role="alert">
            {view.message}
          </p>
        ) : null}
      </section>
    </AppShell>
  );
}
