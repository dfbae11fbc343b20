import { createHash } from 'node:crypto';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Tx } from '../db/database';
import { storedOutcomes, storeOutcomes, type OrderKey } from '../db/order-requests.repo';
import { refusal, refused, type Outcome } from '../errors';
import type { MarketOrder, PendingOrder } from './orders';

/** A stable fingerprint of what was asked (field order does not matter). */
export function requestHash(request: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(request)
      .sort()
      .map((key) => [key, request[key] ?? null]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The fingerprint of an order as stored since the first release: the hash of the order's fields under
 * the names the API takes them by (`type`, `id`, `volume`, …), each field the order states, none it
 * leaves out. It must not change, or an order id stored before a release would no longer get its first
 * outcome after it (a retry across a deploy would be refused as naming another order).
 */
export function orderFingerprint(kind: 'market' | 'pending', order: MarketOrder | PendingOrder): string {
  const named: Record<string, unknown> = {
    request: kind,
    type: order.side,
    id: order.assetId,
    volume: order.units,
    leverage: order.leverage,
    take_profit: order.takeProfit,
    stop_loss: order.stopLoss,
    account_id: order.accountId,
    opening_price: 'seenPrice' in order ? order.seenPrice : undefined,
    kind: 'kind' in order ? order.kind : undefined,
    price: 'price' in order ? order.price : undefined,
  };
  const stated = Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
  return requestHash({ ...stated, order_id: undefined });
}

/** The first outcome of an order id, as stored. */
export interface FirstOutcome<T> {
  hash: string | null;
  outcome: Outcome<T>;
}

export const orderKeyOf = ({ accountId, orderId }: OrderKey): string => `${accountId}:${orderId}`;

/** The first outcomes already given to these order ids, by `orderKeyOf` (the caller holds the accounts' locks). */
export async function firstOutcomes<T>(tx: Tx, keys: readonly OrderKey[]): Promise<Map<string, FirstOutcome<T>>> {
  const found = new Map<string, FirstOutcome<T>>();
  for (const row of await storedOutcomes(tx, keys)) found.set(orderKeyOf(row), { hash: row.hash, outcome: row.outcome as Outcome<T> });
  return found;
}

/** What an order id that already named another order gets. */
export const orderIdReused = refused(refusal.invalid(tradeTexts.orderIdReused, 'order_id'));

/** What the same order id gets again: the first outcome, or a refusal when it now names another order. */
export const replayOf = <T>(first: FirstOutcome<T>, hash: string): Outcome<T> => (first.hash === hash ? first.outcome : orderIdReused);

/**
 * Runs an order once per client order id on an account (the caller holds the account's lock, so two
 * requests with one id run one after the other): the first outcome is stored and given again to the
 * same id; the same id with a different order is refused. Without an id, it simply runs.
 */
export async function oncePerOrderId<T>(
  tx: Tx,
  { accountId, orderId, hash }: { accountId: number; orderId: string | undefined; hash: string },
  run: () => Promise<Outcome<T>>,
): Promise<{ outcome: Outcome<T>; replay: boolean }> {
  if (!orderId) return { outcome: await run(), replay: false };
  const first = (await firstOutcomes<T>(tx, [{ accountId, orderId }])).get(orderKeyOf({ accountId, orderId }));
  if (first) return { outcome: replayOf(first, hash), replay: true };
  const outcome = await run();
  await storeOutcomes(tx, [{ accountId, orderId, hash, outcome }]);
  return { outcome, replay: false };
}
