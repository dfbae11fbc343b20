import type { Router } from 'express';
import { messageOf } from '../../../shared/api/common.schema';
import { api as endpoints } from '../../../shared/api/endpoints';
import type { StaffMember } from '../../../shared/api/staff-accounts.schema';
import { paths } from '../../../shared/routes';
import { StaffAccountsPage } from '../../../views/pages/admin/staff';
import { callContext } from '../gate';
import { sendNotFound, staffPage, type PageDeps } from '../gated';
import { sendPage } from '../render';
import { UpstreamUnavailable } from '../trading-client';

const unreachable = 'The staff accounts could not be loaded. Reload the page to try again.';

/** `/admin/staff`, admins only (staff and customers get the not-found page; docs/back-office.md#staff-accounts). */
export function staffRoutes(router: Router, deps: PageDeps): void {
  router.get(
    paths.adminStaff,
    staffPage(
      deps,
      async (req, res, page) => {
        let members: StaffMember[] | null = null;
        let problem: string | null = null;
        try {
          const answer = await deps.api.request(endpoints.staffAccounts, { token: page.token }, callContext(req));
          // A 403 means the role changed since the gate looked: not found, as for anyone else who is not an admin.
          if (!answer.ok && answer.status === 403) return sendNotFound(req, res, deps.assets, page.settings);
          if (answer.ok) members = answer.data.data;
          else problem = messageOf(answer.body, unreachable);
        } catch (error) {
          if (!(error instanceof UpstreamUnavailable)) throw error;
          problem = unreachable;
        }
        sendPage(req, res, deps.assets, {
          status: members ? 200 : 503,
          title: 'Staff accounts',
          settings: page.settings,
          user: page.user,
          body: (csrfToken) => <StaffAccountsPage settings={page.settings} user={page.user} csrfToken={csrfToken} members={members} problem={problem} />,
        });
      },
      { adminOnly: true },
    ),
  );
}
