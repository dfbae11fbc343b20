import type { Request } from 'express';
import type * as z from 'zod/mini';
import { fieldErrors, firstError, messageOf } from '../../../shared/api/common.schema';
import type { Endpoint, ResponseOf } from '../../../shared/api/endpoint';
import { queryOfForm } from '../../../shared/api/form-query';
import { callContext, type GateDeps } from '../gate';
import { UpstreamUnavailable, type RequestInput } from '../trading-client';

type ListEndpoint = Endpoint & { query: z.ZodMiniType };

/**
 * A back-office list's data: its filters read from the address with the endpoint's query schema, then the
 * API's answer. A filter that does not parse (422) or an API that cannot answer becomes the message the
 * page shows above its form, with the filters it could read; never a 500.
 */
export async function listAnswer<E extends ListEndpoint>(
  deps: Pick<GateDeps, 'api'>,
  req: Request,
  token: string,
  e: E,
  unreachable: string,
): Promise<{ query: z.output<E['query']>; data: ResponseOf<E> | null; problem: string | null; status: 200 | 422 }> {
  const asked = e.query.safeParse(queryOfForm(req.query));
  if (!asked.success) return { query: e.query.parse({}) as z.output<E['query']>, data: null, problem: firstError(fieldErrors(asked.error.issues)), status: 422 };
  const query = asked.data as z.output<E['query']>;
  try {
    const answer = await deps.api.request(e, { token, query } as RequestInput<E>, callContext(req));
    return answer.ok ? { query, data: answer.data, problem: null, status: 200 } : { query, data: null, problem: messageOf(answer.body, unreachable), status: 200 };
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    return { query, data: null, problem: unreachable, status: 200 };
  }
}
