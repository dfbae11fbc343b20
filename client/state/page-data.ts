import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import type { PageData } from '../../shared/page-state.schema';
import { call, type CallInput, type CallResult } from '../lib/call';
import { afterHydration } from '../runtime/hydration';

let pageData: PageData = {};

export function holdPageData(data: PageData | undefined): void {
  pageData = { ...data };
}

/**
 * The first load of what `key` holds: the API's answer the server already had when it rendered the
 * page, used once instead of a fetch (read by the endpoint's response schema), else the call itself.
 * The page's answer resolves once no island is hydrating, so every island hydrates against the state
 * its server HTML was rendered with and then updates.
 */
export function firstCall<E extends Endpoint>(key: keyof PageData, e: E, input?: CallInput<E>): Promise<CallResult<E>> {
  const body = pageData[key];
  if (body === undefined) return call(e, input);
  delete pageData[key];
  return afterHydration().then(() => {
    const parsed = e.response?.safeParse(body);
    return parsed?.success ? { ok: true as const, status: 200, data: parsed.data as ResponseOf<E> } : call(e, input);
  });
}
