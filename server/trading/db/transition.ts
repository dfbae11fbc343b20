import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fail, refusal } from '../errors';
import type { Executor } from './database';
import { autotraderRequests, deposits, planChangeRequests, savings, verificationDocuments, withdrawals } from './schema';

/**
 * The rows that are decided (docs/back-office.md#decisions-happen-once): each changes its status only
 * through `transition`, never by a plain update.
 */
const decided = {
  deposit: deposits,
  withdrawal: withdrawals,
  document: verificationDocuments,
  planRequest: planChangeRequests,
  autotraderRequest: autotraderRequests,
  saving: savings,
} as const;

type Decided = typeof decided;
export type DecidedKind = keyof Decided;
type RowOf<K extends DecidedKind> = Decided[K]['$inferSelect'];

export interface Transition<K extends DecidedKind> {
  /** The statuses the decision moves from: the row's status as the caller read it (one or a few). */
  from: readonly RowOf<K>['status'][];
  /** What the decision writes: the new status and what goes with it (who, when, why). */
  set: Partial<Decided[K]['$inferInsert']>;
  /** Other columns that must still be as read (a claim's time, an amount already paid), compared in the same statement. */
  match?: Partial<RowOf<K>>;
  /** The area's "already decided" message: the conflict the loser of a race is refused with. */
  decided: string;
}

/**
 * Decides a row once: `UPDATE … SET … WHERE id = $1 AND status = ANY(from) [AND match…] RETURNING *`, a
 * compare-and-set from the state the caller read. The row as written; when it is no longer in a `from`
 * state (another decision came first, even one still committing: PostgreSQL re-reads the row once it
 * commits), a conflict with the `decided` message, and nothing is written. The caller moves money and
 * tells the customer only after this answered, in the same transaction.
 */
export async function transition<K extends DecidedKind>(db: Executor, kind: K, id: number, { from, set, match = {}, decided: message }: Transition<K>): Promise<RowOf<K>> {
  // One statement for six tables: drizzle cannot type `update` over a union of tables, so it is typed by `Transition` above.
  const table = decided[kind] as unknown as typeof deposits;
  const columns = table as unknown as Record<string, PgColumn>;
  const same: SQL[] = Object.entries(match)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => (value === null ? isNull(columns[key]!) : eq(columns[key]!, value)));
  const [row] = await db
    .update(table)
    .set(set as Partial<typeof deposits.$inferInsert>)
    .where(and(eq(table.id, id), inArray(table.status, [...from] as (typeof deposits.$inferSelect)['status'][]), ...same))
    .returning();
  return (row as RowOf<K> | undefined) ?? fail(refusal.conflict(message));
}
