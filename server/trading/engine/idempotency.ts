import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Tx } from '../db/database';
import { orderRequests } from '../db/schema';
import type { Answer } from './orders';

/** A stable fingerprint of what was asked (field order does not matter). */
export function requestHash(request: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(request).sort().map((key) => [key, request[key] ?? null]));
  return createHash('sha256').update(canonical).digest('hex');
}

/** A client order id on an account: ids are the client's, so they are unique per account only. */
export interface OrderKey {
  accountId: number;
  orderId: string;
}

/** The first answer given to an order id, as stored. */
export interface FirstAnswer {
  hash: string | null;
  answer: Answer;
}

export const orderKeyOf = ({ accountId, orderId }: OrderKey): string => `${accountId}:${orderId}`;

/** The first answers already given to these order ids, by `orderKeyOf` (the caller holds the accounts' locks). */
export async function firstAnswers(tx: Tx, keys: readonly OrderKey[]): Promise<Map<string, FirstAnswer>> {
  const found = new Map<string, FirstAnswer>();
  if (keys.length === 0) return found;
  const pairs = sql.join(
    keys.map((k) => sql`(${k.accountId}::integer, ${k.orderId}::text)`),
    sql`, `,
  );
  const rows = await tx.select().from(orderRequests).where(sql`(${orderRequests.accountId}, ${orderRequests.clientOrderId}) in (${pairs})`);
  for (const row of rows) found.set(orderKeyOf({ accountId: row.accountId, orderId: row.clientOrderId }), { hash: row.requestHash, answer: { status: row.status ?? 409, body: row.response } });
  return found;
}

/** The answer to an order id that already named another order. */
export const orderIdReused: Answer = { status: 422, body: { message: tradeTexts.orderIdReused, errors: { order_id: [tradeTexts.orderIdReused] } } };

/** What the same order id gets again: the first answer, or a refusal when it now names another order. */
export const replayOf = (first: FirstAnswer, hash: string): Answer => (first.hash === hash ? first.answer : orderIdReused);

/** Stores first answers, in one statement. */
export async function storeAnswers(tx: Tx, entries: readonly (OrderKey & { hash: string; answer: Answer })[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(orderRequests).values(entries.map((e) => ({ accountId: e.accountId, clientOrderId: e.orderId, requestHash: e.hash, status: e.answer.status, response: e.answer.body })));
}

/**
 * Runs an order once per client order id on an account (the caller holds the account's lock, so two
 * requests with one id run one after the other): the first answer is stored and given again to the
 * same id; the same id with a different order is refused. Without an id, it simply runs.
 */
export async function oncePerOrderId(tx: Tx, { accountId, orderId, hash }: { accountId: number; orderId: string | undefined; hash: string }, run: () => Promise<Answer>): Promise<Answer & { replay: boolean }> {
  if (!orderId) return { ...(await run()), replay: false };
  const first = (await firstAnswers(tx, [{ accountId, orderId }])).get(orderKeyOf({ accountId, orderId }));
  if (first) return { ...replayOf(first, hash), replay: true };
  const answer = await run();
  await storeAnswers(tx, [{ accountId, orderId, hash, answer }]);
  return { ...answer, replay: false };
}
