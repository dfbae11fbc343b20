import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import type { PageData } from '../../shared/page-state.schema';
import { inRenderScope } from './page-scope';

/** What a state module seeds its signals from: the data the server fetched for the page and when it rendered it. */
export interface PageSeed {
  data: PageData;
  /** The server's clock when it rendered the page (ms). */
  renderedAt: number;
  /** This tier's clock at seeding (ms): the server's at render, the browser's when the page starts. */
  now: number;
}

/** Seeds a state module's page signals (`pageSignal`, ./page-scope) from the page. */
export type Seeder = (page: PageSeed) => void;

const seeders: Seeder[] = [];
let held: PageSeed | undefined;

/**
 * The browser's side: the page's state, held once at start (`./seed`), before any island's chunk is imported;
 * a state module already loaded is seeded at once, the others when they load.
 */
export function holdPageData(data: PageData | undefined, renderedAt: number | undefined): void {
  const now = Date.now();
  held = { data: { ...data }, renderedAt: renderedAt ?? now, now };
  for (const seed of seeders) seed(held);
}

/**
 * A state module's signals from the page (docs/front-end.md#islands-only-for-interaction). In the browser the
 * seeder runs at once when the module loads: the page is held before any island's chunk is imported, so every
 * island renders its first time, hydration included, against the seeded signals. On the server it runs at the start
 * of each page's render (`seedRender`), writing that render's own signals, so the HTML shows the same.
 */
export function seedFromPage(seeder: Seeder): void {
  seeders.push(seeder);
  if (held) seeder(held);
}

/** The server's side: every state module's signals seeded for the render running now (the render's own copies). */
export function seedRender(page: PageSeed): void {
  if (!inRenderScope()) throw new Error('seedRender runs inside a page render (views/page-scope.ts), or it would seed the signals every render reads.');
  for (const seed of seeders) seed(page);
}

/** The API's answer the page came with under `key`, read by the endpoint's response schema; undefined when absent or unreadable. */
export function pageAnswer<E extends Endpoint>(page: PageSeed, key: keyof PageData, e: E): ResponseOf<E> | undefined {
  const body = page.data[key];
  if (body === undefined) return undefined;
  const parsed = e.response?.safeParse(body);
  return parsed?.success ? (parsed.data as ResponseOf<E>) : undefined;
}

/** What the device chose (`client/lib/device-choices.ts`), as its request's cookies carried it. */
export const deviceChoiceOf = (page: PageSeed, name: string): unknown => page.data.device?.[name];
