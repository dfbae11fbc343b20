import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Tx } from '../db/database';
import { orderRequests } from '../db/schema';
import type { Answer } from './orders';

/** A stable fingerprint of what was asked (field order does not matter). */
export function requestHash(request: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.keys(request).sort().map((key) => [key, request[key] ?? null]));
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Runs an order once per client order id on an account (the caller holds the account's lock, so two
 * requests with one id run one after the other): the first answer is stored and given again to the
 * same id; the same id with a different order is refused. Without an id, it simply runs.
 */
export async function oncePerOrderId(
  tx: Tx,
  { accountId, orderId, hash }: { accountId: number; orderId: string | undefined; hash: string },
  run: () => Promise<Answer>,
): Promise<Answer & { replay: boolean }> {
  if (!orderId) return { ...(await run()), replay: false };
  const where = and(eq(orderRequests.accountId, accountId), eq(orderRequests.clientOrderId, orderId));
  const [first] = await tx.select().from(orderRequests).where(where);
  if (first) {
    if (first.requestHash !== hash) return { status: 422, body: { message: tradeTexts.orderIdReused, errors: { order_id: [tradeTexts.orderIdReused] } }, replay: true };
    return { status: first.status ?? 409, body: first.response, replay: true };
  }
  const answer = await run();
  await tx.insert(orderRequests).values({ accountId, clientOrderId: orderId, requestHash: hash, status: answer.status, response: answer.body });
  return { ...answer, replay: false };
}
