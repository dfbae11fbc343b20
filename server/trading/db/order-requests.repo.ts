import { sql } from 'drizzle-orm';
import type { Outcome } from '../errors';
import type { Tx } from './database';
import { legacyAnswerOf, outcomeFromLegacy } from './legacy-order-answers';
import { orderRequests } from './schema';

/** A client order id on an account: ids are the client's, so they are unique per account only. */
export interface OrderKey {
  accountId: number;
  orderId: string;
}

/** The first outcome stored for an order id, with the fingerprint of the order it named. */
export interface StoredOutcome extends OrderKey {
  hash: string | null;
  outcome: Outcome<unknown>;
}

/** The stored first outcomes of these order ids (the caller holds the accounts' locks). */
export async function storedOutcomes(tx: Tx, keys: readonly OrderKey[]): Promise<StoredOutcome[]> {
  if (keys.length === 0) return [];
  const pairs = sql.join(
    keys.map((k) => sql`(${k.accountId}::integer, ${k.orderId}::text)`),
    sql`, `,
  );
  const rows = await tx
    .select({
      accountId: orderRequests.accountId,
      orderId: orderRequests.clientOrderId,
      hash: orderRequests.requestHash,
      outcome: orderRequests.outcome,
      status: orderRequests.status,
      response: orderRequests.response,
    })
    .from(orderRequests)
    .where(sql`(${orderRequests.accountId}, ${orderRequests.clientOrderId}) in (${pairs})`);
  return rows.map(({ accountId, orderId, hash, outcome, status, response }) => ({
    accountId,
    orderId,
    hash,
    outcome: outcome === null ? outcomeFromLegacy({ status, response }) : (outcome as Outcome<unknown>),
  }));
}

/** Stores first outcomes, in one statement. */
export async function storeOutcomes(tx: Tx, entries: readonly (OrderKey & { hash: string; outcome: Outcome<unknown> })[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(orderRequests).values(entries.map((e) => ({ accountId: e.accountId, clientOrderId: e.orderId, requestHash: e.hash, outcome: e.outcome, ...legacyAnswerOf(e.outcome) })));
}
