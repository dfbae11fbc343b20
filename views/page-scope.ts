import { AsyncLocalStorage } from 'node:async_hooks';
import { newRenderScope, setRenderScope, type RenderScope } from '../client/state/page-scope';
import { seedPageRender } from '../client/state/seed';
import type { PageState } from '../shared/page-state.schema';

/**
 * Which page's render is running (docs/front-end.md#islands-only-for-interaction): the page signals of
 * `client/state/` read and write that render's own copies. AsyncLocalStorage carries it through everything the
 * render starts, awaits and streams, so two customers' renders running at once never see each other's.
 */
const renders = new AsyncLocalStorage<RenderScope>();
setRenderScope(() => renders.getStore());

/** Renders a page's islands against signals of its own, seeded from its page state as the browser will seed them. */
export function renderWithPageState<T>(state: PageState, render: () => T): T {
  return renders.run(newRenderScope(), () => {
    seedPageRender(state);
    return render();
  });
}
