import type { Router } from 'express';
import { messageOf } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import type { SandboxPayment } from '../../../shared/api/endpoints/customer-funding';
import { paths } from '../../../shared/routes';
import { SandboxChainPage } from '../../../views/pages/admin/sandbox-chain';
import { callContext } from '../gate';
import { staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The recent payments could not be loaded. Reload the page to try again.';

/** `/admin/sandbox-chain` (staff; docs/funding.md#the-sandbox-chain): the chain watcher staff announce payments on. */
export function sandboxChainRoutes(router: Router, deps: PageDeps): void {
  router.get(
    paths.adminSandboxChain,
    staffPage(deps, async (req, res, page) => {
      let payments: SandboxPayment[] | null = null;
      let problem: string | null = null;
      try {
        const answer = await deps.api.request(endpoints.sandboxChain, { token: page.token }, callContext(req));
        if (answer.ok) payments = answer.data.data;
        else problem = messageOf(answer.body, unreachable);
      } catch (error) {
        if (!(error instanceof UpstreamUnavailable)) throw error;
        problem = unreachable;
      }
      sendPage(req, res, deps.assets, {
        status: payments ? 200 : 503,
        title: 'Sandbox chain',
        settings: page.settings,
        user: page.user,
        body: (csrfToken) => <SandboxChainPage settings={page.settings} user={page.user} csrfToken={csrfToken} payments={payments} problem={problem} />,
      });
    }),
  );
}
