import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { startSession } from '../../../server/trading/auth/login';
import type { Database } from '../../../server/trading/db/database';
import { assets, orderRequests, trades } from '../../../server/trading/db/schema';
import { makeUser } from '../../support/factories';
import { deposit, liveAccount } from '../../support/money';

/** A customer of the load: who they are and the API token their orders carry. */
export interface Customer {
  readonly userId: number;
  readonly accountId: number;
  readonly email: string;
  readonly password: string;
  readonly token: string;
}

/** `count` new customers with deep pockets and an API token each, written straight into the deployment's database. */
export async function makeCustomers(database: Database, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await makeUser(database.db, { plan: 'premium' });
    const account = await liveAccount(database.db, person.user.id);
    await deposit(database.db, account.id, '100000000.00');
    const { token } = await startSession({ database, tokenTtlHours: 2 }, person.user, { ip: null, userAgent: null });
    customers.push({ userId: person.user.id, accountId: account.id, email: person.email, password: person.password, token });
  }
  return customers;
}

/** The id of an instrument that trades around the clock (BTC), so the load never meets a closed market. */
export async function alwaysOpenAsset(database: Database): Promise<number> {
  const [row] = await database.db.select({ id: assets.id }).from(assets).where(eq(assets.symbol, 'BTCUSD'));
  if (!row) throw new Error('no BTCUSD instrument');
  return row.id;
}

/** One second of the load: answers by kind. */
interface Second {
  ok: number;
  unavailable: number;
  otherErrors: number;
}

export interface LoadReport {
  /** Orders answered 2xx, by the client's order id: the trade id the answer named. */
  readonly acknowledged: ReadonlyMap<string, number>;
  /** Answers by HTTP status (0: no answer at all, e.g. a connection cut). */
  readonly statuses: Readonly<Record<number, number>>;
  readonly perSecond: readonly Second[];
  readonly startedAt: number;
  /** A 5xx other than 502/503/504 (an error of ours, not an outage answered as one). */
  readonly serverErrors: readonly string[];
}

/**
 * A steady load of market orders: each customer has one order in flight at a time and waits `pauseMs`
 * between them, as a person at a terminal would (fast). An order that gets no clear answer is asked again
 * with the same order id, once, as the product's client does, so a retry never makes a second trade.
 */
export class OrderLoad {
  private running = false;
  private readonly loops: Promise<void>[] = [];
  private readonly acknowledged = new Map<string, number>();
  private readonly statuses: Record<number, number> = {};
  private readonly perSecond: Second[] = [];
  private readonly serverErrors: string[] = [];
  private startedAt = 0;

  constructor(
    private readonly apiBase: string,
    private readonly customers: readonly Customer[],
    private readonly assetId: number,
    private readonly pauseMs = 250,
  ) {}

  start(): void {
    this.running = true;
    this.startedAt = Date.now();
    for (const customer of this.customers) this.loops.push(this.loop(customer));
  }

  async stop(): Promise<LoadReport> {
    this.running = false;
    await Promise.all(this.loops);
    return { acknowledged: this.acknowledged, statuses: this.statuses, perSecond: this.perSecond, startedAt: this.startedAt, serverErrors: this.serverErrors };
  }

  /** Seconds since the load started in which at least one order was acknowledged. */
  okSince(at: number): number {
    const from = Math.floor((at - this.startedAt) / 1000);
    return this.perSecond.slice(from).reduce((sum, second) => sum + (second?.ok ?? 0), 0);
  }

  private count(status: number, body: string): void {
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    const second = (this.perSecond[Math.floor((Date.now() - this.startedAt) / 1000)] ??= { ok: 0, unavailable: 0, otherErrors: 0 });
    if (status >= 200 && status < 300) second.ok += 1;
    else if (status === 0 || status === 502 || status === 503 || status === 504) second.unavailable += 1;
    else second.otherErrors += 1;
    if (status >= 500 && status !== 502 && status !== 503 && status !== 504) this.serverErrors.push(`${status} ${body.slice(0, 200)}`);
  }

  private async send(customer: Customer, orderId: string): Promise<number | undefined> {
    let status = 0;
    let body: string;
    try {
      const res = await fetch(`${this.apiBase}/api/v1/trades/store`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${customer.token}` },
        body: JSON.stringify({ type: 'buy', id: this.assetId, volume: '0.01', leverage: 2, order_id: orderId }),
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      body = await res.text();
    } catch (error) {
      body = String(error);
    }
    this.count(status, body);
    if (status < 200 || status >= 300) return undefined;
    // Trade ids travel as strings (the original client's type).
    const tradeId = Number((JSON.parse(body) as { data: { id: number | string } }).data.id);
    this.acknowledged.set(orderId, tradeId);
    return tradeId;
  }

  private async loop(customer: Customer): Promise<void> {
    while (this.running) {
      const orderId = randomUUID();
      if ((await this.send(customer, orderId)) === undefined && this.running) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await this.send(customer, orderId);
      }
      await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    }
  }
}

export interface OrderAudit {
  acknowledged: number;
  lost: number;
  duplicates: number;
  /** Orders the database has as answered but whose trade is missing, or trades of the load no order request names. */
  halfWritten: number;
}

/**
 * Checks the acknowledged orders against the database: each one's trade is there exactly once (one order
 * request per order id, one trade per answer), and nothing the load made is half there.
 */
export async function auditOrders(database: Database, customers: readonly Customer[], report: LoadReport): Promise<OrderAudit> {
  const accountIds = customers.map((c) => c.accountId);
  const requests = await database.db.select({ clientOrderId: orderRequests.clientOrderId, outcome: orderRequests.outcome }).from(orderRequests).where(inArray(orderRequests.accountId, accountIds));
  const requestsById = new Map<string, number>();
  for (const r of requests) requestsById.set(r.clientOrderId, (requestsById.get(r.clientOrderId) ?? 0) + 1);
  const loadTrades = await database.db.select({ id: trades.id }).from(trades).where(inArray(trades.accountId, accountIds));
  const tradeIds = new Set(loadTrades.map((t) => t.id));
  let lost = 0;
  let duplicates = 0;
  for (const [orderId, tradeId] of report.acknowledged) {
    const times = requestsById.get(orderId) ?? 0;
    if (times === 0 || !tradeIds.has(tradeId)) lost += 1;
    if (times > 1) duplicates += 1;
  }
  // Every trade of the load's accounts is named by exactly one order request's outcome.
  const named = await database.db.execute(sql`
    select count(*)::int as n from trades t where t.account_id in ${sql.raw(`(${accountIds.join(',')})`)}
      and not exists (select 1 from order_requests r where r.account_id = t.account_id and (r.outcome::jsonb -> 'value' ->> 'id')::bigint = t.id)`);
  const unnamed = Number((named as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { acknowledged: report.acknowledged.size, lost, duplicates, halfWritten: unnamed };
}
