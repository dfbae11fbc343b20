import * as z from 'zod/mini';
import { useFundingChanges } from '../funding/live';
import { renderRegionsAgain } from '../forms/regions';
import { defineIsland } from '../runtime/define-island';

/** How long to wait before trying again while the customer is in the middle of something in a region. */
const busyRetryMs = 2_000;

/** True while a region holds an open dialog or the field the customer is typing in: swapping it would lose their work. */
function customerBusyInARegion(): boolean {
  if (document.querySelector('[data-region] dialog[open]')) return true;
  const focused = document.activeElement;
  return focused instanceof HTMLElement && focused.closest('[data-region]') !== null && focused.matches('input, select, textarea');
}

/** The page's regions rendered again, once the customer is not in the middle of something in one. */
function renderWhenFree(): void {
  if (customerBusyInARegion()) setTimeout(renderWhenFree, busyRetryMs);
  else void renderRegionsAgain();
}

/**
 * Server-rendered pages that show money follow the ledger (docs/front-end.md#live-pages): when the person's money may
 * have changed (`useFundingChanges`: `.user.updated` and its notice, after a reconnection, polled while the
 * connection is down) the page's `data-region` parts are rendered again from the server, as a form's answer does.
 * For pages whose figures are server-rendered (the dashboard, savings); islands that fetch their own figures call
 * `useFundingChanges` themselves. Renders nothing.
 */
function LiveRegions() {
  useFundingChanges(renderWhenFree);
  return null;
}

export default defineIsland({ name: 'live-regions', component: LiveRegions, props: z.object({}) });
