import type { Router } from 'express';
import { fieldErrors, firstError, messageOf } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import { queueQuery } from '../../../shared/api/funding.schema';
import { paths } from '../../../shared/routes';
import { QueuesPage, type QueueKind, type QueueView } from '../../../views/pages/admin/queues';
import { callContext } from '../gate';
import { staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The queue could not be loaded. Reload the page to try again.';

/** `/admin/queues/deposits` and `/admin/queues/withdrawals` (docs/back-office.md#funding-queues). */
export function queueRoutes(router: Router, deps: PageDeps): void {
  router.get(paths.adminQueues, (_req, res) => res.redirect(302, `${paths.adminQueues}/deposits`));
  for (const kind of ['deposits', 'withdrawals'] as const satisfies readonly QueueKind[]) {
    router.get(
      `${paths.adminQueues}/${kind}`,
      staffPage(deps, async (req, res, page) => {
        const asked = queueQuery.safeParse(req.query);
        const query = asked.success ? asked.data : queueQuery.parse({});
        let problem = asked.success ? null : firstError(fieldErrors(asked.error.issues));
        let view: QueueView | null = null;
        if (asked.success) {
          try {
            const answer = await deps.api.request(kind === 'deposits' ? endpoints.depositQueue : endpoints.withdrawalQueue, { token: page.token, query }, callContext(req));
            if (answer.ok) view = { kind, rows: answer.data.data, total: answer.data.meta.total, lastPage: answer.data.meta.last_page, pending: answer.data.pending };
            else problem = messageOf(answer.body, unreachable);
          } catch (error) {
            if (!(error instanceof UpstreamUnavailable)) throw error;
            problem = unreachable;
          }
        }
        sendPage(req, res, deps.assets, {
          status: asked.success ? 200 : 422,
          title: kind === 'deposits' ? 'Deposits' : 'Withdrawals',
          settings: page.settings,
          user: page.user,
          body: (csrfToken) => <QueuesPage settings={page.settings} user={page.user} csrfToken={csrfToken} query={query} view={view} kind={kind} problem={problem} />,
        });
      }),
    );
  }
}
