import { firstError, type FieldErrors } from '../../shared/api/common.schema';

/**
 * Why the domain said no, in its own words: a kind (what sort of no), a message that is safe to show,
 * and the fields at fault. The API alone turns a kind into a status code (`api/outcomes.ts`); nothing
 * here knows HTTP.
 */
export type RefusalKind =
  /** What was named does not exist, or is not the caller's. */
  | 'not_found'
  /** The caller may not do this. */
  | 'forbidden'
  /** The request breaks a rule (a field, a size, a closed market, margin). */
  | 'invalid'
  /** The state it needs has changed: already closed, already decided, already owned, not running. */
  | 'conflict'
  /** The price moved against the customer beyond what the instrument allows: `price` is the new one. */
  | 'requote'
  /** Too much work queued: nothing was done, the caller may try again. */
  | 'busy';

export interface Refusal {
  kind: RefusalKind;
  message: string;
  errors?: FieldErrors;
  /** With `requote`: the price the order would fill at now. */
  price?: string;
}

/** A result the caller must look at: done with a value, or refused. Stored as JSON for idempotent replays. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = (refusal: Refusal): { ok: false; refusal: Refusal } => ({ ok: false, refusal });

/** Refusals by kind; `invalid` with a field puts the message on it, as a validation error. */
export const refusal = {
  notFound: (message: string): Refusal => ({ kind: 'not_found', message }),
  forbidden: (message: string): Refusal => ({ kind: 'forbidden', message }),
  conflict: (message: string): Refusal => ({ kind: 'conflict', message }),
  busy: (message: string): Refusal => ({ kind: 'busy', message }),
  requote: (message: string, price: string): Refusal => ({ kind: 'requote', message, price }),
  invalid: (message: string, field?: string): Refusal => (field ? { kind: 'invalid', message, errors: { [field]: [message] } } : { kind: 'invalid', message }),
  /** Several fields at fault: the first message leads. */
  fields: (errors: FieldErrors): Refusal => ({ kind: 'invalid', message: firstError(errors), errors }),
};

/** A refusal thrown where returning it would only be passed up unchanged (inside a transaction, it rolls back). */
export class DomainError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = 'DomainError';
  }
}

export function fail(r: Refusal): never {
  throw new DomainError(r);
}

/** The value of a done outcome; a refusal is thrown (for a caller that answers refusals one way, such as a route). */
export function valueOf<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new DomainError(outcome.refusal);
  return outcome.value;
}
