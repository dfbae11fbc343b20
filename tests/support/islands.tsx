import { act, type ReactElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { hydrateIsland, type IslandRegistry } from '../../client/runtime/island-element';
import { holdPageData } from '../../client/state/page-data';
import { csrfToken, currentUser, realtimeKey, siteName } from '../../client/state/session';
import type { PageState } from '../../shared/page-state.schema';
import type { PageAssets } from '../../views/assets';
import { renderDocument } from '../../views/document';
import { hydratedRoots } from './hydrated-roots';

/**
 * React in a browser-like document (a happy-dom test file) for unit tests: islands rendered by the server from a page
 * state and hydrated by the real runtime (docs/front-end.md), or a component mounted on its own; and the checks that
 * nothing went wrong on the way. Importing this module makes `act()` the test environment's.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pageAssets: PageAssets = { links: () => ({ styles: [], preloads: [], scripts: [] }) };
const bodyOf = (html: string) => /<body>(.*?)<script/s.exec(html)?.[1] ?? /<body>(.*?)<\/body>/s.exec(html)![1]!;

/** The browser's seeding (`seedFromPageState`, once per page: here once per `openPage`), from a copy as the JSON gives it. */
function seed(state: PageState): void {
  const copy = JSON.parse(JSON.stringify(state)) as PageState;
  currentUser.value = copy.user;
  csrfToken.value = copy.csrfToken;
  siteName.value = copy.siteName;
  realtimeKey.value = copy.realtimeKey;
  holdPageData(copy.data, copy.renderedAt);
}

/**
 * `body` (one or more `<Island>`s) as the server renders it for `state`, put in the document, the page's signals seeded
 * from the same state, and every island hydrated from `islands`. Returns the first island's element and the body's
 * server HTML (what the reader sees before any script runs). The file must record roots (./hydrated-roots).
 */
export async function openPage(body: ReactElement, state: PageState, islands: IslandRegistry): Promise<{ element: HTMLElement; serverHtml: string }> {
  document.body.innerHTML = bodyOf(renderDocument({ title: 'x', siteName: 'S', favicon: null, nonce: 'n', assets: pageAssets, pageState: state, body }));
  const serverHtml = document.body.innerHTML;
  seed(state);
  const elements = [...document.querySelectorAll<HTMLElement>('app-island')];
  for (const element of elements) await act(() => hydrateIsland(element, islands));
  return { element: elements[0]!, serverHtml };
}

const mountedRoots: Root[] = [];

/** `node` rendered on its own into a new element in the document; `unmountIslands` ends it. */
export function mount(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  mountedRoots.push(root);
  act(() => root.render(node));
  return host;
}

/** Unmounts every hydrated and mounted root, so the next test's signals reach none of them, and empties the document. */
export async function unmountIslands(): Promise<void> {
  await act(() => [...hydratedRoots.splice(0), ...mountedRoots.splice(0)].forEach((root) => root.unmount()));
  document.body.innerHTML = '';
}

/**
 * The hooks of a file that opens pages: the clock's date fixed at `now` (timers stay real), each test's roots
 * unmounted after it, and no console error or warning in any test: hydration mismatches and act() problems are
 * reported there. A file's own hooks run after these (before each test) and before them (after it).
 */
export function checkedHydration({ now }: { now: number }): void {
  let errors: ReturnType<typeof vi.spyOn>;
  let warnings: ReturnType<typeof vi.spyOn>;
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    await unmountIslands();
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    errors.mockRestore();
    warnings.mockRestore();
  });
}
