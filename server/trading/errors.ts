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

/** Codes by which the drivers (node-postgres, Node's sockets) say the database cannot be reached right now. */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);
/** node-postgres says it in words only: a connection cut mid-query, a pool that could not connect in time, a client that broke. */
const unavailableMessages = [/^Connection terminated/, /timeout exceeded when trying to connect/, /is not queryable/, /^Query read timeout$/];

/**
 * Whether an error means the database is unreachable (stopped, restarting, failing over, out of
 * connections) rather than that the statement was wrong: SQLSTATE class 08 (connection exception),
 * 57P01-57P03 (shut down, crashed, starting up), 53300, refused or cut sockets, pool timeouts. Looks
 * through `cause` (drizzle wraps the driver's error) and AggregateError's `errors` (a refused connect
 * tried on several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (unavailableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

interface OutageLogger {
  error(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** After this long without a failure, the next one starts a new outage (nothing may have said it ended). */
const outageQuietMs = 30_000;
/** While it lasts, a reminder at most this often. */
const outageReminderMs = 60_000;

/**
 * The database outage as this process sees it, so a restart of PostgreSQL is one line in the log when it
 * begins (and a reminder a minute while it lasts, and one when it ends) however many requests and jobs
 * fail meanwhile. Process-wide on purpose: every job and request reports into the same one.
 */
export class DatabaseOutage {
  private since: number | undefined;
  private lastFailure = 0;
  private lastLogged = 0;
  private failures = 0;
  private readonly recoveredListeners = new Set<() => void>();

  constructor(private readonly clock: () => number = Date.now) {}

  /**
   * Calls `listener` each time an outage ends (`answered` after failures): what skipped its turns or
   * missed news meanwhile catches up (the engine reloads its open book). Returns the way to stop listening.
   */
  onRecovered(listener: () => void): () => void {
    this.recoveredListeners.add(listener);
    return () => void this.recoveredListeners.delete(listener);
  }

  /** Whether an outage is under way (a failure within the last 30 s and no success since). */
  get ongoing(): boolean {
    return this.since !== undefined && this.clock() - this.lastFailure < outageQuietMs;
  }

  /** A failure that `isDatabaseUnavailable`: logged if it begins an outage (or a minute passed since the last line). */
  failed(logger: OutageLogger, error: unknown, where: string): void {
    const now = this.clock();
    if (!this.ongoing) {
      this.since = now;
      this.failures = 0;
      this.lastLogged = now;
      logger.error({ err: error, where }, 'database unavailable: requests are refused and background jobs skip their turns until it answers again');
    } else if (now - this.lastLogged >= outageReminderMs) {
      this.lastLogged = now;
      logger.error({ where, failures: this.failures, forMs: now - this.since! }, 'database still unavailable');
    }
    this.failures += 1;
    this.lastFailure = now;
  }

  /** The database answered: ends an outage under way, with one line. */
  answered(logger: OutageLogger): void {
    if (this.since === undefined) return;
    const now = this.clock();
    logger.info({ downMs: now - this.since, failures: this.failures }, 'database reachable again');
    this.since = undefined;
    this.failures = 0;
    for (const listener of this.recoveredListeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, 'a listener to the end of a database outage failed');
      }
    }
  }
}

export const databaseOutage = new DatabaseOutage();

/** How a background job logs a failed turn: an unreachable database into the process's one outage line, anything else as an error of its own. */
export function logJobFailure(logger: OutageLogger, error: unknown, message: string, fields: object = {}): void {
  if (isDatabaseUnavailable(error)) databaseOutage.failed(logger, error, message);
  else logger.error({ err: error, ...fields }, message);
}
