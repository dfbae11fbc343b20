import type { Router } from 'express';
import { api as endpoints } from '../../../shared/api/endpoints';
import { paths } from '../../../shared/routes';
import { QueuesPage, type QueueKind, type QueueView } from '../../../views/pages/admin/queues';
import { staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { listAnswer } from './list-answer';

const unreachable = 'The queue could not be loaded. Reload the page to try again.';

/** `/admin/queues/deposits` and `/admin/queues/withdrawals` (docs/back-office.md#funding-queues). */
export function queueRoutes(router: Router, deps: PageDeps): void {
  router.get(paths.adminQueues, (_req, res) => res.redirect(302, `${paths.adminQueues}/deposits`));
  for (const kind of ['deposits', 'withdrawals', 'documents'] as const satisfies readonly QueueKind[]) {
    router.get(
      `${paths.adminQueues}/${kind}`,
      staffPage(deps, async (req, res, page) => {
        const { query, data, problem, status } = await listAnswer(
          deps,
          req,
          page.token,
          { deposits: endpoints.depositQueue, withdrawals: endpoints.withdrawalQueue, documents: endpoints.documentQueue }[kind],
          unreachable,
        );
        const view: QueueView | null = data ? { kind, rows: data.data, total: data.meta.total, lastPage: data.meta.last_page, pending: data.pending } : null;
        sendPage(req, res, deps.assets, {
          status,
          title: { deposits: 'Deposits', withdrawals: 'Withdrawals', documents: 'Documents' }[kind],
          settings: page.settings,
          user: page.user,
          body: (csrfToken) => <QueuesPage settings={page.settings} user={page.user} csrfToken={csrfToken} query={query} view={view} kind={kind} problem={problem} />,
        });
      }),
    );
  }
}
