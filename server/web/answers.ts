import type { Endpoint, ResponseOf } from '../../shared/api/endpoint';
import type { Request } from 'express';
import { api as endpoints } from '../../shared/api/endpoints';
import type { CurrencyFormats } from '../../client/funding/history';
import { callContext } from './gate';
import { UpstreamUnavailable, type Answer, type Forwarded, type TradingClient } from './trading-client';

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

/** Each currency's symbol and decimals from the site data (amounts then read `$1,000.00`); none when it could not be read. */
export async function currencyFormatsOf(api: TradingClient, req: Request, token: string): Promise<CurrencyFormats> {
  const data = await dataOrNothing(api.request(endpoints.siteData, { token }, callContext(req)));
  return Object.fromEntries((data?.data.currencies ?? []).map((c) => [c.code, { symbol: c.symbol, decimals: c.decimals }]));
}
