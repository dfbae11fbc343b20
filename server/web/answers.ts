import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import { UpstreamUnavailable, type Answer, type Forwarded } from './trading-client';

/** A successful API answer, or undefined when the API refused or could not answer (the page then says so, or its island fetches). */
export function firstAnswer<A extends Answer<Endpoint> | Forwarded>(call: Promise<A>): Promise<Extract<A, { ok: true }> | undefined> {
  return call.then(
    (answer) => (answer.ok ? (answer as Extract<A, { ok: true }>) : undefined),
    (error: unknown) => {
      if (error instanceof UpstreamUnavailable) return undefined;
      throw error;
    },
  );
}

/** An API answer's data, or undefined (see firstAnswer). */
export const dataOrNothing = async <E extends Endpoint>(call: Promise<Answer<E>>): Promise<ResponseOf<E> | undefined> => (await firstAnswer(call))?.data;
