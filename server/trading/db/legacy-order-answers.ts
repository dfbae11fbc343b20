import type { Outcome, RefusalKind } from '../errors';

/**
 * Order answers as releases before migration 0018 stored them: an HTTP status and body in
 * `order_requests.status` / `response`. A row with no outcome was written by such a release (one still
 * running during a rolling deploy) and is read through `outcomeFromLegacy`, the same mapping as the
 * migration; every outcome this release stores is written beside it as `legacyAnswerOf`, so such a
 * release replays it too. This is a past format frozen as it was, not the API's mapping
 * (api/outcomes.ts): remove it with the two columns once no earlier release runs.
 */

/** The status each kind of refusal was stored with. */
const legacyStatus: Record<RefusalKind, number> = { not_found: 404, forbidden: 403, invalid: 422, conflict: 409, requote: 409, busy: 503 };

/** Orders that were placed were stored as 201 with the order's view under `data`. */
const placed = 201;

export interface LegacyAnswer {
  status: number;
  response: unknown;
}

export function legacyAnswerOf(outcome: Outcome<unknown>): LegacyAnswer {
  if (outcome.ok) return { status: placed, response: { data: outcome.value } };
  const { kind, message, errors, price } = outcome.refusal;
  return { status: legacyStatus[kind], response: { message, ...(errors ? { errors } : {}), ...(price !== undefined ? { price } : {}) } };
}

function kindOf(status: number | null, price: unknown): RefusalKind {
  // Earlier releases read a missing status as 409.
  if (status === null || status === 409) return typeof price === 'string' ? 'requote' : 'conflict';
  if (status === 404) return 'not_found';
  if (status === 403) return 'forbidden';
  if (status === 503) return 'busy';
  return 'invalid';
}

export function outcomeFromLegacy({ status, response }: { status: number | null; response: unknown }): Outcome<unknown> {
  const body = (response ?? {}) as { data?: unknown; message?: unknown; errors?: unknown; price?: unknown };
  if (status !== null && status >= 200 && status <= 299) return { ok: true, value: body.data ?? null };
  const message = typeof body.message === 'string' ? body.message : 'The order was refused.';
  return {
    ok: false,
    refusal: {
      kind: kindOf(status, body.price),
      message,
      ...(body.errors && typeof body.errors === 'object' ? { errors: body.errors as Record<string, string[]> } : {}),
      ...(typeof body.price === 'string' ? { price: body.price } : {}),
    },
  };
}
