import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { AppDb, Database } from '../../../server/trading/db/database';
import { orderRequests, trades } from '../../../server/trading/db/schema';
import { makeUser } from '../../support/factories';
import { deposit, liveAccount } from '../../support/money';
import { sleep } from '../../support/wait';
import { bearer } from '../../support/bearer';

/**
 * Customers with money, a steady load of market orders from them over HTTP as their clients send them
 * (one in flight each, an order id on every order), and the reckoning afterwards: every order that got a
 * 2xx is in the database exactly once and whole.
 */

export interface Customer {
  email: string;
  password: string;
  userId: number;
  accountId: number;
  token?: string;
}

/** `count` active customers, each with `amount` USD deposited on their Live account (straight into a prepared database). */
export async function seedCustomers(db: AppDb, count: number, amount = '1000000'): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await makeUser(db, { status: 'active' });
    const account = await liveAccount(db, person.user.id);
    await deposit(db, account.id, amount);
    customers.push({ email: person.email, password: person.password, userId: person.user.id, accountId: account.id });
  }
  return customers;
}

const json = { 'Content-Type': 'application/json' };

/** Signs each customer in through the API (as a client would) and keeps their bearer token. */
export async function signIn(origin: string, customers: Customer[]): Promise<void> {
  await Promise.all(
    customers.map(async (customer) => {
      const res = await fetch(`${origin}/api/v1/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: customer.email, password: customer.password }) });
      if (!res.ok) throw new Error(`sign-in of ${customer.email} answered ${res.status}: ${await res.text()}`);
      customer.token = ((await res.json()) as { data: { token: string } }).data.token;
    }),
  );
}

/** The id of an instrument by symbol, from `/assets` as a customer sees it. */
export async function assetId(origin: string, customer: Customer, symbol: string): Promise<number> {
  const res = await fetch(`${origin}/api/v1/assets`, { headers: bearer(customer.token!) });
  if (!res.ok) throw new Error(`/assets answered ${res.status}`);
  const found = ((await res.json()) as { data: { id: number; symbol: string }[] }).data.find((a) => a.symbol === symbol);
  if (!found) throw new Error(`no instrument ${symbol}`);
  return found.id;
}

/** One order as sent and what came of it: a status, or `error` when no answer came (connection refused or cut, timeout). */
export interface SentOrder {
  customer: Customer;
  orderId: string;
  body: Record<string, unknown>;
  status: number | 'error';
  /** The trade id of a 2xx answer. */
  tradeId?: number;
  message?: string;
  sentAt: number;
  ms: number;
}

/** How long a client waits for an answer (the browser's request timeout, shared/constants.ts). */
export const clientTimeoutMs = 15_000;

/** Sends one market order with an order id; never throws. */
export async function sendOrder(origin: string, customer: Customer, body: Record<string, unknown>, orderId: string = randomUUID()): Promise<SentOrder> {
  const sentAt = Date.now();
  const full = { ...body, order_id: orderId };
  try {
    const res = await fetch(`${origin}/api/v1/trades/store`, {
      method: 'POST',
      headers: { ...json, ...bearer(customer.token!) },
      body: JSON.stringify(full),
      signal: AbortSignal.timeout(clientTimeoutMs),
    });
    const answer = (await res.json().catch(() => ({}))) as { data?: { id?: number | string }; message?: string };
    return {
      customer,
      orderId,
      body: full,
      status: res.status,
      tradeId: res.ok && answer.data?.id !== undefined ? Number(answer.data.id) : undefined,
      message: answer.message,
      sentAt,
      ms: Date.now() - sentAt,
    };
  } catch (error) {
    return { customer, orderId, body: full, status: 'error', message: String((error as Error).cause ?? error), sentAt, ms: Date.now() - sentAt };
  }
}

/**
 * Every customer sends market orders one after another (one in flight each, `pauseMs` between), until
 * `stop`. `origin()` is read before each order, so a test may point the load elsewhere mid-way.
 */
export class OrderLoad {
  readonly sent: SentOrder[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(origin: () => string, customers: readonly Customer[], order: () => Record<string, unknown>, pauseMs = 20) {
    this.loops = customers.map(async (customer, i) => {
      await sleep((i * 7) % 50); // not all in the same instant
      while (this.running) {
        const result = await sendOrder(origin(), customer, order());
        this.sent.push(result);
        // After a failure, a client would wait a moment before trying again.
        await sleep(result.status === 'error' || result.status >= 500 ? 200 : pauseMs);
      }
    });
  }

  get acknowledged(): SentOrder[] {
    return this.sent.filter((s) => typeof s.status === 'number' && s.status >= 200 && s.status < 300);
  }

  /** Stops sending and waits for the orders in flight to be answered (or to fail). */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/** Orders that got no answer or a 5xx, sent again under their order ids as a client does: never a second trade. */
export function retryUnsure(origin: string, sent: readonly SentOrder[]): Promise<SentOrder[]> {
  const unsure = sent.filter((s) => s.status === 'error' || s.status >= 500);
  return Promise.all(unsure.map((s) => sendOrder(origin, s.customer, s.body, s.orderId)));
}

/** How long after `at` (a time) the first order sent since then was acknowledged: orders flowing again after a fault. */
export function firstAcknowledgedAfter(sent: readonly SentOrder[], at: number): number | undefined {
  const times = sent.filter((s) => s.sentAt >= at && typeof s.status === 'number' && s.status >= 200 && s.status < 300).map((s) => s.sentAt + s.ms - at);
  return times.length > 0 ? Math.min(...times) : undefined;
}

/** Counts by status (`error` for no answer). */
export function statusCounts(sent: readonly { status: number | 'error' }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of sent) counts[String(s.status)] = (counts[String(s.status)] ?? 0) + 1;
  return counts;
}

export interface Reckoning {
  acknowledged: number;
  /** Acknowledged orders whose trade is not in the database. */
  lost: number;
  /** Order ids with more than one trade, or trades given to more than one order id. */
  duplicates: number;
  /** Trades without their order id's stored answer (or the other way round), or with no margin held. */
  halfWritten: number;
  /** Trades of these customers in the database. */
  tradesStored: number;
  problems: string[];
}

/**
 * What the database says about the orders sent: each acknowledged order's trade is there, on its
 * customer's account, once; every trade of these accounts is named by exactly one stored order answer
 * (each order carried an order id) and holds margin; every stored answer that says a trade names one
 * that exists. The ledger and exposure audit is the caller's (tests/support/money.ts `auditLedger`).
 */
export async function reckon(database: Database, customers: readonly Customer[], sent: readonly SentOrder[]): Promise<Reckoning> {
  const { db } = database;
  const accountIds = customers.map((c) => c.accountId);
  const stored = await db.select({ id: trades.id, accountId: trades.accountId, margin: trades.margin }).from(trades).where(inArray(trades.accountId, accountIds));
  const answers = await db
    .select({ accountId: orderRequests.accountId, orderId: orderRequests.clientOrderId, tradeId: sql<string | null>`${orderRequests.outcome}::jsonb -> 'value' ->> 'id'` })
    .from(orderRequests)
    .where(inArray(orderRequests.accountId, accountIds));
  const problems: string[] = [];
  const tradeById = new Map(stored.map((t) => [t.id, t]));
  const answersByTrade = new Map<number, number>();
  for (const a of answers) if (a.tradeId !== null) answersByTrade.set(Number(a.tradeId), (answersByTrade.get(Number(a.tradeId)) ?? 0) + 1);
  const answerByOrder = new Map(answers.map((a) => [`${a.accountId}:${a.orderId}`, a]));

  let lost = 0;
  const ackedTrades = new Map<number, number>();
  for (const s of sent) {
    if (typeof s.status !== 'number' || s.status < 200 || s.status >= 300) continue;
    const trade = s.tradeId === undefined ? undefined : tradeById.get(s.tradeId);
    if (!trade || trade.accountId !== s.customer.accountId) {
      lost += 1;
      problems.push(`acknowledged order ${s.orderId} (trade ${s.tradeId}) is not in the database`);
      continue;
    }
    const answer = answerByOrder.get(`${s.customer.accountId}:${s.orderId}`);
    if (!answer || Number(answer.tradeId) !== s.tradeId) problems.push(`acknowledged order ${s.orderId}: its stored answer names trade ${answer?.tradeId}, not ${s.tradeId}`);
    ackedTrades.set(trade.id, (ackedTrades.get(trade.id) ?? 0) + 1);
  }

  let duplicates = 0;
  for (const [tradeId, times] of ackedTrades) {
    if (times > 1) {
      duplicates += times - 1;
      problems.push(`trade ${tradeId} was acknowledged to ${times} different order ids`);
    }
  }
  for (const [tradeId, times] of answersByTrade) {
    if (times > 1) {
      duplicates += times - 1;
      problems.push(`trade ${tradeId} is named by ${times} stored order answers`);
    }
  }

  let halfWritten = 0;
  for (const trade of stored) {
    if (!answersByTrade.has(trade.id)) {
      halfWritten += 1;
      problems.push(`trade ${trade.id} has no stored order answer`);
    } else if (!(Number(trade.margin) > 0)) {
      halfWritten += 1;
      problems.push(`trade ${trade.id} holds no margin`);
    }
  }
  for (const a of answers) {
    if (a.tradeId !== null && !tradeById.has(Number(a.tradeId))) {
      halfWritten += 1;
      problems.push(`order ${a.orderId}'s stored answer names trade ${a.tradeId}, which is not there`);
    }
  }
  const acknowledged = sent.filter((s) => typeof s.status === 'number' && s.status >= 200 && s.status < 300).length;
  return { acknowledged, lost, duplicates, halfWritten, tradesStored: stored.length, problems };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
