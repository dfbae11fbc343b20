import type { Request, Response, Router } from 'express';
import { auditTexts } from '../../../shared/api/audit.schema';
import { messageOf, type FieldErrors } from '../../../shared/api/common.schema';
import type { Endpoint } from '../../../shared/api/endpoint';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { auditFilterNames, AuditPage, type AuditFormValues, type ListView } from '../../../views/pages/admin/audit';
import { OutboxPage } from '../../../views/pages/admin/outbox';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps, type StaffPage } from '../gated';
import { sendPage } from '../render';
import { UpstreamUnavailable, type Answer } from '../trading-client';

/** One text value of the query (a repeated key counts as its first value), as typed. */
function queryText(req: Request, name: string): string {
  const value: unknown = req.query[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** The API's refusal of the filters: its message and the fields' messages. */
function refusalOf(body: unknown, fallback: string): { message: string; errors: FieldErrors } {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return { message: messageOf(body, fallback), errors: errors !== null && typeof errors === 'object' ? (errors as FieldErrors) : {} };
}

/**
 * What a page shows from its call: the list, the filters' refusal (422) shown at the form, or a
 * message when the API could not answer (unreachable, 5xx, outside the contract). A 403 (the role
 * changed since the gate looked) is the not-found page, as for anyone else who is not staff: null.
 */
async function listOf<E extends Endpoint, T>(call: () => Promise<Answer<E>>, pick: (answer: Extract<Answer<E>, { ok: true }>) => T, failed: string): Promise<ListView<T> | null> {
  let answer: Answer<E>;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof UpstreamUnavailable) return { kind: 'failed', message: failed };
    throw error;
  }
  if (answer.ok) return { kind: 'list', list: pick(answer) };
  if (answer.status === 422) return { kind: 'invalid', ...refusalOf(answer.body, failed) };
  if (answer.status === 403) return null;
  return { kind: 'failed', message: messageOf(answer.body, failed) };
}

const statusOf = (view: ListView<unknown>) => (view.kind === 'invalid' ? 422 : view.kind === 'failed' ? 503 : 200);

/** The back office's audit log and outbox (docs/back-office-audit.md): server-rendered tables behind plain GET forms. */
export function auditRoutes(router: Router, deps: PageDeps): void {
  const { api, assets } = deps;

  router.get(
    paths.adminAudit,
    staffPage(deps, async (req: Request, res: Response, page: StaffPage) => {
      const text = (name: string) => queryText(req, name).trim();
      const filters: AuditFormValues = { actor: text('actor'), customer: text('customer'), action: text('action'), from: text('from'), to: text('to') };
      // Blank filters are left out (the API would read them as none too); the page goes as typed, for the API to check.
      const query: Record<string, string> = {};
      for (const name of auditFilterNames) if (filters[name]) query[name] = filters[name];
      if (text('page')) query.page = text('page');
      const view = await listOf(
        () => api.request(endpoints.auditLog, { token: page.token, query }, callContext(req)),
        (answer) => answer.data,
        auditTexts.loadFailed,
      );
      if (!view) return sendNotFound(req, res, assets, page.settings);
      sendPage(req, res, assets, {
        status: statusOf(view),
        title: 'Audit log',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <AuditPage settings={page.settings} user={page.user} csrfToken={csrfToken} filters={filters} view={view} />,
      });
    }),
  );

  router.get(
    paths.adminOutbox,
    staffPage(deps, async (req: Request, res: Response, page: StaffPage) => {
      const to = queryText(req, 'to').trim();
      const view = await listOf(
        () => api.request(endpoints.outbox, { token: page.token, query: to ? { to } : {} }, callContext(req)),
        (answer) => answer.data.data,
        auditTexts.outboxFailed,
      );
      if (!view) return sendNotFound(req, res, assets, page.settings);
      sendPage(req, res, assets, {
        status: statusOf(view),
        title: 'Outbox',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <OutboxPage settings={page.settings} user={page.user} csrfToken={csrfToken} to={to} view={view} />,
      });
    }),
  );
}
