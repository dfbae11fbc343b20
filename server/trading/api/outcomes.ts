import type { Response } from 'express';
import type { Outcome, Refusal, RefusalKind } from '../errors';

/** The status each kind of refusal answers with. */
const statusOf: Record<RefusalKind, number> = { not_found: 404, forbidden: 403, invalid: 422, conflict: 409, requote: 409, busy: 503 };

/** A refusal in the contract's error shape: `{ message, errors? }`, and the new `price` of a requote. */
export function refusalBody({ message, errors, price }: Refusal): { message: string; errors?: Refusal['errors']; price?: string } {
  return { message, ...(errors ? { errors } : {}), ...(price !== undefined ? { price } : {}) };
}

export function sendRefusal(res: Response, refusal: Refusal): void {
  res.status(statusOf[refusal.kind]).json(refusalBody(refusal));
}

/** Answers with `present(value)` and `status` when the outcome is done, else with its refusal. */
export function sendOutcome<T>(res: Response, outcome: Outcome<T>, present: (value: T) => unknown, status = 200): void {
  if (outcome.ok) res.status(status).json(present(outcome.value));
  else sendRefusal(res, outcome.refusal);
}
