import type Decimal from 'decimal.js';
import type { TradeView } from '../../../shared/api/trades.schema';
import { Money } from '../../../shared/money';
import { closingPrice, openingPrice, type Side } from '../../../shared/trading/prices';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Tx } from '../db/database';
import { insertTrades } from '../db/trades.repo';
import { done, refusal, refused, type Outcome, type Refusal } from '../errors';
import { automationIsOn, type Automation } from './automation';
import type { Market } from '../market/market';
import { lockCustomerAccounts, openTotalsOf, type AccountRow, type LockedAccount, type OpenTotal } from './accounts';
import { storeOutcomes } from '../db/order-requests.repo';
import { firstOutcomes, orderFingerprint, orderIdReused, orderKeyOf, replayOf, type FirstOutcome } from './idempotency';
import { normaliseLevel, protectionProblems } from '../../../shared/trading/levels';
import { checkTerms, positionFits, type MarketOrder, type NewTrade, type OrderDeps } from './orders';
import { presentTrade, storedTradeView } from './trade-view';
import { bookCommissions, commissionPosting } from './commission';

/** The batch's commit failed in a way that may have left it committed: running its orders again is safe only for those with an order id. */
export class CommitUncertain extends Error {
  constructor(cause: unknown) {
    super('the commit of an order batch may or may not have happened', { cause });
    this.name = 'CommitUncertain';
  }
}

/** What a market order comes to: the new trade, or why not. */
export type OrderOutcome = Outcome<TradeView>;

/** A customer's market order, validated, waiting to be executed. */
export interface MarketOrderTicket {
  userId: number;
  order: MarketOrder;
  /** The client's order id (Idempotency-Key header or `order_id`), if any. */
  orderId: string | undefined;
  classLeverage: number;
  /** The realtime socket of the page that sent it, which then does not hear its own trade again. */
  origin?: string | undefined;
  /** Who places it when not the customer by hand: it executes only while that automation is still on. */
  automation?: Automation;
}

/** The tickets whose automation may no longer trade (see `automationIsOn`). */
async function automationsOff(tx: Tx, tickets: readonly MarketOrderTicket[], locked: readonly (LockedAccount | undefined)[]): Promise<Set<number>> {
  const off = new Set<number>();
  for (const [i, ticket] of tickets.entries()) {
    const account = locked[i]?.account;
    if (ticket.automation && account && !(await automationIsOn(tx, ticket.automation, account))) off.add(i);
  }
  return off;
}

const placedBy = (automation: Automation | undefined) => (automation ? { placedBy: automation.by, expertAdvisorId: automation.by === 'expert_advisor' ? automation.advisorId : null } : {});

/** Did the price move against the customer by more than the instrument allows since they saw it? */
function requoteNeeded(side: Side, seen: string, fill: string, maxDeviation: string): boolean {
  const adverse = side === 'buy' ? new Money(fill).minus(seen) : new Money(seen).minus(fill);
  return adverse.dividedBy(seen).gt(maxDeviation);
}

/** An order id's first answer as stored, its trade in today's shape, which the API's schema needs to encode it. */
function storedTrade(market: Market, first: FirstOutcome<TradeView>): FirstOutcome<TradeView> {
  const { outcome } = first;
  return outcome.ok ? { ...first, outcome: done(storedTradeView(market, outcome.value)) } : first;
}

/** An order's fate before the trades are written: decided now, a trade to insert, or the same as an earlier order in the batch. */
type Decision = { outcome: OrderOutcome } | { fill: NewTrade; account: AccountRow; commission: Decimal } | { sameAs: number };
const refuse = (r: Refusal): Decision => ({ outcome: refused(r) });

/** The checks of docs/trading.md#market-orders for one order on its locked account: the trade to open, or why not. `totals` are the account's open positions. */
function decide(market: Market, { account, planLeverage }: LockedAccount, ticket: MarketOrderTicket, totals: OpenTotal[], charged: Map<number, Decimal>): Decision {
  const { order, classLeverage } = ticket;
  const instrument = market.instrument(order.assetId)!;
  const terms = checkTerms({ instrument, units: order.units, leverage: order.leverage, classLeverage, planLeverage });
  if ('refusal' in terms) return refuse(terms.refusal);
  if (!market.isOpen(instrument)) return refuse(refusal.invalid(tradeTexts.marketClosed));

  const quote = market.quoteOf(instrument.id, account)!;
  const price = openingPrice({ side: order.side, quote });
  if (order.seenPrice !== undefined && requoteNeeded(order.side, order.seenPrice, price, instrument.maxDeviation)) {
    return refuse(refusal.requote(tradeTexts.requote, price));
  }
  const takeProfit = normaliseLevel(order.takeProfit, instrument.digits);
  const stopLoss = normaliseLevel(order.stopLoss, instrument.digits);
  const sideErrors = protectionProblems({ side: order.side, price: closingPrice({ side: order.side, quote }), takeProfit, stopLoss });
  if (Object.keys(sideErrors).length > 0) return refuse(refusal.fields(sideErrors));

  const before = charged.get(account.id) ?? new Money(0);
  const fits = positionFits(market, { account, instrument, side: order.side, units: order.units, lots: terms.lots, leverage: terms.leverage, price, takeProfit, stopLoss }, totals, before);
  if ('refusal' in fits) return refuse(fits.refusal);
  totals.push(fits.total);
  charged.set(account.id, before.plus(fits.commission));
  return { fill: { ...fits.values, ...placedBy(ticket.automation) }, account, commission: fits.commission };
}

/**
 * Executes market orders (docs/trading.md#market-orders) in one transaction, each as if alone and in the order given:
 * every account involved is locked once, the order ids already answered and the open totals are read
 * once, and the new trades are written in one statement. Each order is priced from the server's own
 * quote at that moment; an order sees the margin taken by the orders before it on the same account. The
 * first outcome of an order id is stored and given again for that id (in this batch or later): never a
 * second trade. Returns one outcome per ticket, in order.
 */
export async function executeMarketOrders({ database, market, bus }: OrderDeps, tickets: readonly MarketOrderTicket[]): Promise<OrderOutcome[]> {
  const hashes = tickets.map((t) => orderFingerprint('market', t.order));
  let decided = false;
  const committed = database.db.transaction(async (tx) => {
    const locked = await lockCustomerAccounts(
      tx,
      tickets.map((t) => ({ userId: t.userId, accountId: t.order.accountId })),
    );
    const keyOf = (i: number) => {
      const accountId = locked[i]?.account.id;
      const orderId = tickets[i]!.orderId;
      return accountId !== undefined && orderId ? { accountId, orderId } : undefined;
    };
    const keys = tickets.map((_, i) => keyOf(i));
    const answered = await firstOutcomes<TradeView>(
      tx,
      keys.filter((k) => k !== undefined),
    );
    const accountIds = [...new Set(locked.flatMap((l) => (l ? [l.account.id] : [])))];
    const totals = await openTotalsOf(tx, accountIds);
    const switchedOff = await automationsOff(tx, tickets, locked);

    const firstInBatch = new Map<string, number>();
    /** Opening commissions decided so far in this batch, by account (booked with the trades). */
    const charged = new Map<number, Decimal>();
    const decisions: Decision[] = tickets.map((ticket, i) => {
      const lock = locked[i];
      if (!market.instrument(ticket.order.assetId)?.enabled) return refuse(refusal.notFound(tradeTexts.assetNotFound));
      if (!lock) return refuse(refusal.notFound(tradeTexts.accountNotFound));
      if (switchedOff.has(i)) return refuse(refusal.conflict(tradeTexts.automationOff));
      const key = keys[i] && orderKeyOf(keys[i]);
      const earlier = key === undefined ? undefined : answered.get(key);
      if (earlier) return { outcome: replayOf(storedTrade(market, earlier), hashes[i]!) };
      const sameAs = key === undefined ? undefined : firstInBatch.get(key);
      if (sameAs !== undefined) return hashes[sameAs] === hashes[i] ? { sameAs } : { outcome: orderIdReused };
      if (key !== undefined) firstInBatch.set(key, i);
      let accountTotals = totals.get(lock.account.id);
      if (!accountTotals) totals.set(lock.account.id, (accountTotals = []));
      return decide(market, lock, ticket, accountTotals, charged);
    });

    const fills = decisions.flatMap((d, i) => ('fill' in d ? [{ i, ...d }] : []));
    const written =
      fills.length === 0
        ? []
        : await insertTrades(
            tx,
            fills.map((f) => f.fill),
          );
    await bookCommissions(
      tx,
      fills.map(({ account, commission, fill }, n) =>
        commissionPosting({ accountId: account.id, amount: commission, side: 'open', tradeId: written[n]!.id, symbol: market.instrument(fill.assetId)!.symbol }),
      ),
    );
    const outcomes: (OrderOutcome | undefined)[] = decisions.map((d) => ('outcome' in d ? d.outcome : undefined));
    const fresh: { userId: number; accountId: number; planId: number | null; trade: TradeView; origin: string | undefined }[] = [];
    fills.forEach(({ i, fill, account }, n) => {
      const row = written[n];
      // PostgreSQL returns inserted rows in the order of the VALUES list; checked, as everything here hangs on it.
      if (!row || row.accountId !== fill.accountId || row.assetId !== fill.assetId || row.side !== fill.side) throw new Error('inserted trades came back out of order');
      const trade = presentTrade(market, row, account);
      outcomes[i] = done(trade);
      fresh.push({ userId: account.userId, accountId: account.id, planId: account.planId, trade, origin: tickets[i]!.origin });
    });
    decisions.forEach((d, i) => {
      if ('sameAs' in d) outcomes[i] = outcomes[d.sameAs];
    });
    const all = outcomes as OrderOutcome[];
    await storeOutcomes(
      tx,
      [...firstInBatch].map(([, i]) => ({ ...keys[i]!, hash: hashes[i]!, outcome: all[i]! })),
    );
    decided = true;
    return { outcomes: all, fresh };
  });
  const { outcomes, fresh } = await committed.catch((error: unknown) => {
    // Failing after every statement ran means the commit itself failed: it may have happened.
    throw decided ? new CommitUncertain(error) : error;
  });

  for (const { userId, accountId, planId, trade, origin } of fresh) bus.publish('trade.updated', { userId, accountId, planId, trade, origin });
  const users = new Map(fresh.map((f) => [`${f.userId}:${f.origin ?? ''}`, f]));
  for (const { userId, origin } of users.values()) bus.publish('user.updated', { userId, origin });
  return outcomes;
}

interface Waiting<T, A> {
  ticket: T;
  since: number;
  resolve: (answer: A) => void;
  reject: (error: unknown) => void;
}

export interface DeskOptions<T, A> {
  lanes: number;
  maxBatch: number;
  /** An order still waiting after this long is not executed: its caller has given up by then. */
  maxWaitMs?: number;
  /** The answer for such an order. */
  expired?: (ticket: T) => A;
  /** Whether an order of a failed batch may run again alone (default: always). */
  mayRetry?: (ticket: T, error: unknown) => boolean;
}

/**
 * Where orders queue for execution: orders that arrive together, or while every lane is busy, run
 * together in one call of `execute` (one transaction), so under load the database does a handful of
 * statements per batch instead of per order, and at rest an order waits one turn of the event loop. If
 * a batch fails, its orders run again one by one, so one order's fault is its own.
 */
export class OrderDesk<T = MarketOrderTicket, A = OrderOutcome> {
  private readonly waiting: Waiting<T, A>[] = [];
  private busyLanes = 0;
  private scheduled = false;

  constructor(
    private readonly execute: (tickets: T[]) => Promise<A[]>,
    private readonly options: DeskOptions<T, A>,
  ) {}

  place(ticket: T): Promise<A> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ticket, since: Date.now(), resolve, reject });
      this.pump();
    });
  }

  /** Answers, without executing them, the orders that waited past `maxWaitMs`. */
  private dropExpired(): void {
    const { maxWaitMs, expired } = this.options;
    if (maxWaitMs === undefined || !expired) return;
    const now = Date.now();
    for (let i = this.waiting.length - 1; i >= 0; i -= 1) {
      const waiting = this.waiting[i]!;
      if (now - waiting.since <= maxWaitMs) continue;
      this.waiting.splice(i, 1);
      waiting.resolve(expired(waiting.ticket));
    }
  }

  /**
   * Starts batches on the free lanes, one turn of the event loop after the first order arrives: PGlite
   * answers without yielding to the event loop, so orders that arrived together are only all queued by then.
   */
  private pump(): void {
    if (this.scheduled || this.busyLanes >= this.options.lanes || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dropExpired();
      while (this.busyLanes < this.options.lanes && this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.options.maxBatch);
        this.busyLanes += 1;
        void this.run(batch).finally(() => {
          this.busyLanes -= 1;
          this.pump();
        });
      }
    });
  }

  private async run(batch: Waiting<T, A>[]): Promise<void> {
    try {
      const answers = await this.execute(batch.map((w) => w.ticket));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      const mayRetry = this.options.mayRetry ?? (() => true);
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const one of batch) {
        if (mayRetry(one.ticket, error)) await this.run([one]);
        else one.reject(error);
      }
    }
  }
}
