import { Money } from '../../../shared/money';
import { marginCallLevel, marginLevelOf, stopOutLevel } from '../../../shared/trading/account-maths';
import type { TradeView } from '../../../shared/api/trades.schema';
import { closingPrice, type Side } from '../../../shared/trading/prices';
import type { Logger } from '../../logger';
import { engineBatchDuration, timeEngineJob, type EngineJobKind } from '../../metrics';
import type { Bus } from '../bus';
import type { AppDb, Tx } from '../db/database';
import { addNotification, presentNotification, type NotificationRow, type NotificationColor } from '../db/notifications.repo';
import { accountsOfUser, findAccount, type AccountRow } from '../db/accounts.repo';
import { findTrade, updateTrade } from '../db/trades.repo';
import { findPendingOrder, waitingOrdersOf, type PendingRow } from '../db/pending-orders.repo';
import { fillPending, triggerKindOf } from './pending';
import type { Market } from '../market/market';
import type { LiveQuote } from '../market/quote-book';
import { exposureOf, lockAccount, lockOpenTrade, openTradesOf } from './accounts';
import { bookClose, type CloseReason } from './close';
import { closingPriceOf, livePnl, presentTrade, type TradeRow } from './trade-view';
import { RiskMonitor } from './risk-monitor';
import { databaseOutage, isDatabaseUnavailable, logJobFailure } from '../errors';
import { readOpenBook } from './open-book';
import { formatPoints, pointsOf } from '../../../shared/trading/points';
import { TriggerIndex, type GroupPoints, type Trigger } from './trigger-index';
import type { Group } from '../market/conditions';
import type { Instrument } from '../market/instruments';
import { widenedPoints } from '../../../shared/trading/conditions';
import { better, TrailingStops, type Trail } from './trailing';

interface Notice {
  userId: number;
  title: string;
  message: string;
  color: NotificationColor;
}

/** What the engine knows of the open book, in memory: replaced whole when it is read again from the database. */
interface Watched {
  triggers: TriggerIndex;
  trailing: TrailingStops;
  risk: RiskMonitor;
  /** The plan of each account something is watched for: its client group's quotes are the ones it watches. */
  plans: Map<number, number | null>;
}

/**
 * The engine (docs/trading.md#engine), run on every batch of quotes by the one process that owns it: take
 * profit and stop loss at the closing side of the quote, trailing stops moved after the price, margin call
 * at 100 %, stop-out at 50 % (the most losing position first), negative balance protection. Work that
 * touches the database runs one job at a time, in order, each in its own transaction holding the account's lock.
 *
 * What it watches is read from the database when it starts and again by `resync` (after a database or bus
 * outage, in which news of trades may have been lost), and kept up to date in between by the bus's events.
 */
export class TradingEngine {
  private watched: Watched;
  private readonly marginCalled = new Set<number>();
  /** Accounts with a margin check queued, so a busy market does not queue the same check again. */
  private readonly checking = new Set<number>();
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private unsubscribe: (() => void)[] = [];
  /** Started and not stopped since (leading): only then is the book read again. */
  private running = false;
  /** Counts starts and stops, so a reading begun in an earlier term is thrown away. */
  private term = 0;
  /** Events heard while the book is being read: applied again to the book read. */
  private heardWhileReading: (() => void)[] | undefined;
  private reading: Promise<void> | undefined;
  private readAgain = false;

  constructor(private readonly deps: { db: AppDb; market: Market; bus: Bus; logger: Logger }) {
    this.watched = this.nothingWatched();
  }

  get triggers(): TriggerIndex {
    return this.watched.triggers;
  }

  get trailing(): TrailingStops {
    return this.watched.trailing;
  }

  get risk(): RiskMonitor {
    return this.watched.risk;
  }

  private nothingWatched(): Watched {
    return { triggers: new TriggerIndex(), trailing: new TrailingStops(), risk: new RiskMonitor(this.deps.market, marginCallLevel), plans: new Map() };
  }

  /**
   * Leads: forgets what an earlier term left (levels, trails, margin-call marks: what changed while another
   * process led never reached it), listens, then reads the open book. Throws when it cannot be read.
   */
  async start(): Promise<void> {
    this.detach();
    this.term += 1;
    this.running = true;
    this.watched = this.nothingWatched();
    this.marginCalled.clear();
    this.attach();
    await this.readBook('start');
  }

  /**
   * Reads the open book from the database again and replaces what is watched with it in one step between
   * two batches of quotes; events heard while reading are applied to it again. Called after an outage of
   * the database or the bus, in which trades may have changed unheard. Does nothing unless started; a
   * failure is logged (the book watched stays as it was) and never thrown.
   */
  async resync(reason = 'resync'): Promise<void> {
    if (!this.running) return;
    await this.readBook(reason).catch((error: unknown) => logJobFailure(this.deps.logger, error, 'engine: reading the open book again failed'));
  }

  /** One reading at a time; asked again meanwhile, it reads once more after (the news may be newer than its snapshot). */
  private readBook(reason: string): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    const reading = (async () => {
      try {
        do {
          this.readAgain = false;
          await this.readBookOnce(reason);
        } while (this.readAgain && this.running);
      } finally {
        this.reading = undefined;
      }
    })();
    this.reading = reading;
    return reading;
  }

  private async readBookOnce(reason: string): Promise<void> {
    const term = this.term;
    const heard: (() => void)[] = [];
    this.heardWhileReading = heard;
    const started = Date.now();
    try {
      const book = await readOpenBook(this.deps.db);
      if (term !== this.term) return;
      // From here to the end, nothing awaits: no quote or event comes between the old book and the new one.
      this.watched = this.nothingWatched();
      this.watched.plans = book.plans;
      for (const trade of book.trades) this.indexTrade(trade);
      for (const order of book.orders) this.indexPending(waitingOf(order));
      const byAccount = new Map<number, TradeRow[]>();
      for (const trade of book.trades) {
        const held = byAccount.get(trade.accountId);
        if (held) held.push(trade);
        else byAccount.set(trade.accountId, [trade]);
      }
      for (const [accountId, open] of byAccount) {
        const account = book.accounts.get(accountId);
        if (account) this.watchAccount(account, open);
      }
      for (const accountId of this.marginCalled) if (!byAccount.has(accountId)) this.marginCalled.delete(accountId);
      this.heardWhileReading = undefined;
      for (const apply of heard) apply();
      this.deps.logger.info({ reason, trades: book.trades.length, orders: book.orders.length, accounts: byAccount.size, ms: Date.now() - started }, 'engine: open book read from the database');
    } finally {
      if (this.heardWhileReading === heard) this.heardWhileReading = undefined;
    }
  }

  /** An event's effect: applied now, and again to a book being read (which may predate it). */
  private hear(apply: () => void): void {
    apply();
    this.heardWhileReading?.push(apply);
  }

  /** Starts listening to prices and trade changes (start() does it before reading the open book). */
  attach(): void {
    const { bus } = this.deps;
    this.detach();
    this.unsubscribe = [
      bus.subscribe('market.quotes', (quotes) => {
        const end = engineBatchDuration.startTimer();
        try {
          this.onQuotes(quotes);
        } finally {
          end();
        }
      }),
      // Indexed at once from the event (no tick may pass a new level unseen); the account's risk is reloaded in turn.
      bus.subscribe('trade.updated', ({ trade, accountId, planId }) => this.hear(() => this.tradeHeard(trade, accountId, planId))),
      bus.subscribe('account.changed', ({ accountId }) => this.hear(() => this.enqueue('reload_account', () => this.reloadAccount(accountId)))),
      bus.subscribe('order.updated', ({ order, accountId, planId }) =>
        this.hear(() => {
          this.learnPlan(accountId, planId);
          this.indexPending({ id: order.id, accountId, assetId: order.instrument_id, side: order.trade_type, kind: order.kind, price: order.price, pending: order.status === 'pending' });
        }),
      ),
      // A customer moved to another plan: their accounts' levels and margin move to the new group's quotes.
      bus.subscribe('plan.changed', ({ userId }) => this.hear(() => this.enqueue('reload_account', () => this.replan(userId)))),
    ];
  }

  private detach(): void {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
  }

  /**
   * An account's plan, as an event told it (news of a new trade or order), for an account not known yet: a known one's
   * plan comes from the database (an event may be older than a plan change the book was read after).
   */
  private learnPlan(accountId: number, planId: number | null | undefined): void {
    if (planId !== undefined && !this.watched.plans.has(accountId)) this.watched.plans.set(accountId, planId);
  }

  /**
   * The client group an account's levels wait in. One the engine has not heard of (an event that did not say) waits in
   * the default group until its plan is read: a level fired there is checked against the account's own group by the
   * job, and indexed again from the database if it was not its group's.
   */
  private groupOf(accountId: number): Group {
    const { market } = this.deps;
    const plan = this.watched.plans.get(accountId);
    if (plan === undefined) this.enqueue('reload_account', () => this.readPlan(accountId));
    return market.groupOf(plan ?? null);
  }

  private async readPlan(accountId: number): Promise<void> {
    if (this.watched.plans.has(accountId)) return;
    const account = await findAccount(this.deps.db, accountId);
    if (!account) return;
    this.watched.plans.set(accountId, account.planId);
    for (const trade of await openTradesOf(this.deps.db, accountId)) this.indexTrade(trade);
    for (const order of await waitingOrdersOf(this.deps.db, accountId)) this.indexPending(waitingOf(order));
  }

  /**
   * A customer's accounts read again after a plan change: each one's plan, open trades and waiting orders, indexed in the
   * new group's books (a level or a trail keyed by its trade moves), and its margin valued at the new group's quotes.
   * Only theirs: the rest of the book stays as it is.
   */
  private async replan(userId: number): Promise<void> {
    const { db } = this.deps;
    const accounts = await Promise.all(
      (await accountsOfUser(db, userId)).map(async (account) => ({ account, trades: await openTradesOf(db, account.id), orders: await waitingOrdersOf(db, account.id) })),
    );
    // From here on nothing awaits: no quote comes between an account's new plan and its levels in the new group.
    for (const { account, trades, orders } of accounts) {
      this.watched.plans.set(account.id, account.planId);
      for (const trade of trades) this.indexTrade(trade);
      for (const order of orders) this.indexPending(waitingOf(order));
      if (trades.length > 0) this.watchAccount(account, trades);
    }
  }

  private tradeHeard(trade: TradeView, accountId: number, planId: number | null | undefined): void {
    this.learnPlan(accountId, planId);
    this.indexView(trade);
    // A new position joins a watched account in memory; any other change reloads the account.
    const instrument = this.deps.market.instrument(trade.instrument_id);
    const added =
      trade.status === 'open' &&
      instrument !== undefined &&
      this.risk.addPosition(
        accountId,
        { tradeId: trade.id, assetId: trade.instrument_id, side: trade.trade_type, units: Number(trade.volume), openPrice: Number(trade.opening_price), quoteCurrency: instrument.quoteCurrency },
        Number(trade.margin),
        Number(trade.paid_commission),
      );
    if (!added) this.enqueue('reload_account', () => this.reloadAccount(accountId));
  }

  /** Stops listening (another process may lead now); what is watched is forgotten at the next start. */
  async stop(): Promise<void> {
    this.detach();
    this.running = false;
    this.term += 1;
    await this.idle();
  }

  /** Resolves when every queued job has run and no reading of the book is under way (tests and shutdown wait on it). */
  async idle(): Promise<void> {
    while (this.pending > 0 || this.reading) {
      await this.queue;
      await this.reading?.catch(() => undefined);
    }
  }

  /** Jobs queued or running (the engine's backlog: cfd_engine_queued_jobs). */
  get queuedJobs(): number {
    return this.pending;
  }

  private enqueue(kind: EngineJobKind, job: () => Promise<void>): void {
    this.pending += 1;
    this.queue = this.queue
      .then(() => timeEngineJob(kind, job))
      // A job that reached the database ends an outage it was in (and the book is read again then).
      .then(() => databaseOutage.answered(this.deps.logger))
      .catch((error: unknown) => logJobFailure(this.deps.logger, error, 'engine job failed'))
      .finally(() => {
        this.pending -= 1;
      });
  }

  /** From the database (at start, or again after a job that did not close it): a trailing stop continues from the stored stop loss. */
  private indexTrade(trade: TradeRow): void {
    this.index(
      {
        id: trade.id,
        accountId: trade.accountId,
        assetId: trade.assetId,
        side: trade.side,
        open: trade.status === 'open',
        takeProfit: trade.takeProfit,
        stopLoss: trade.stopLoss,
        trailingStop: trade.trailingStop,
      },
      'stored',
    );
  }

  /** From a `trade.updated` event: its stop loss may be older than the trail's newest (see `TrailingStops.adopt`). */
  private indexView(trade: TradeView): void {
    this.index(
      {
        id: trade.id,
        accountId: trade.account_id,
        assetId: trade.instrument_id,
        side: trade.trade_type,
        open: trade.status === 'open',
        takeProfit: trade.take_profit,
        stopLoss: trade.stop_loss,
        trailingStop: trade.trailing_stop,
      },
      'event',
    );
  }

  private index(
    t: { id: number; accountId: number; assetId: number; side: Side; open: boolean; takeProfit: string | null; stopLoss: string | null; trailingStop: number | null },
    from: 'stored' | 'event',
  ): void {
    const instrument = this.deps.market.instrument(t.assetId);
    if (!t.open || !instrument) {
      this.triggers.remove(t.id, ['take_profit', 'stop_loss']);
      this.trailing.remove(t.id);
      return;
    }
    const level = (value: string | null) => (value === null ? null : pointsOf(value, instrument.digits));
    const group = this.groupOf(t.accountId);
    let stopLoss = level(t.stopLoss);
    if (t.trailingStop === null) this.trailing.remove(t.id);
    else {
      const trail = { tradeId: t.id, instrumentId: t.assetId, group, side: t.side, distance: t.trailingStop, stop: stopLoss };
      stopLoss = (from === 'stored' ? this.trailing.start(trail) : this.trailing.adopt(trail)).stop;
    }
    this.triggers.set({ instrumentId: t.assetId, group, ownerId: t.id, kind: 'take_profit', side: t.side, level: level(t.takeProfit) });
    this.triggers.set({ instrumentId: t.assetId, group, ownerId: t.id, kind: 'stop_loss', side: t.side, level: stopLoss });
  }

  private indexPending(o: { id: number; accountId: number; assetId: number; side: Side; kind: 'limit' | 'stop'; price: string; pending: boolean }): void {
    const instrument = this.deps.market.instrument(o.assetId);
    const kind = triggerKindOf(o.side, o.kind);
    if (!o.pending || !instrument) this.triggers.remove(o.id, [kind]);
    else this.triggers.set({ instrumentId: o.assetId, group: this.groupOf(o.accountId), ownerId: o.id, kind, side: o.side, level: pointsOf(o.price, instrument.digits) });
  }

  private async reloadAccount(accountId: number): Promise<void> {
    const { db } = this.deps;
    const account = await findAccount(db, accountId);
    if (!account) return;
    this.watchAccount(account, await openTradesOf(db, accountId));
  }

  /** Watches an account's margin level with these open trades (none: not watched, the margin call episode over). */
  private watchAccount(account: AccountRow, open: readonly TradeRow[]): void {
    const { market } = this.deps;
    const accountId = account.id;
    this.watched.plans.set(accountId, account.planId);
    this.risk.set({
      accountId,
      userId: account.userId,
      group: market.groupOf(account.planId),
      currency: account.currency,
      funds: Number(account.balance) + Number(account.credit),
      usedMargin: open.reduce((sum, t) => sum + Number(t.margin), 0),
      positions: open.map((t) => ({
        tradeId: t.id,
        assetId: t.assetId,
        side: t.side,
        units: Number(t.units),
        openPrice: Number(t.openPrice),
        quoteCurrency: market.instrument(t.assetId)?.quoteCurrency ?? account.currency,
      })),
    });
    if (open.length === 0) this.marginCalled.delete(accountId);
  }

  private onQuotes(quotes: readonly LiveQuote[]): void {
    const { market } = this.deps;
    const now = market.now();
    for (const quote of quotes) {
      const instrument = market.instrument(quote.assetId);
      // A price that arrives while its market is closed fires nothing: the levels wait for the open.
      if (!instrument || !market.isOpen(instrument, now)) continue;
      const at = groupPoints(market, instrument, quote);
      // Trailing stops first (only this instrument's trailing trades): the index fires at the newest level at once.
      this.trailing.follow(quote.assetId, at, (trail) => this.trailMoved(trail));
      const fired = this.triggers.reached(quote.assetId, at);
      for (const trigger of fired) {
        const pending = trigger.kind !== 'take_profit' && trigger.kind !== 'stop_loss';
        if (!pending) {
          // A trailed stop whose write failed (the database did not answer) is written before the close checks it.
          const trail = this.trailing.get(trigger.ownerId);
          if (trigger.kind === 'stop_loss' && trail && trail.stop === trigger.level && better(trail.side, trail.stop, trail.written)) this.queueTrailWrite(trail);
          // A trade being closed is not trailed further: its close job checks the level that fired.
          this.trailing.freeze(trigger.ownerId);
        }
        // The trigger left the index when it fired: whatever stops the job, the owner is indexed again
        // from the database (a filled or closed owner simply drops out).
        this.enqueue(pending ? 'fill_pending' : 'close_on_level', async () => {
          let done = false;
          try {
            done = pending ? await this.fillOnTrigger(trigger, quote) : await this.closeOnTrigger(trigger, quote);
          } finally {
            if (!done) await this.indexAgain(trigger, quote.assetId, pending);
          }
        });
      }
    }
    // A margin call is checked once per episode; after it, only a fall to the stop-out level is.
    for (const { accountId, level } of this.risk.screen(quotes)) {
      const due = level <= stopOutLevel * 1.000001 || !this.marginCalled.has(accountId);
      if (due && !this.checking.has(accountId)) {
        this.checking.add(accountId);
        this.enqueue('margin_check', () => this.checkMargin(accountId).finally(() => this.checking.delete(accountId)));
      }
    }
    for (const accountId of this.marginCalled) if (this.risk.level(accountId) > marginCallLevel) this.marginCalled.delete(accountId);
  }

  /**
   * A trailing stop moved: the trigger at once, the database by a queued job (at most one queued per trade,
   * writing the newest stop when it runs). Jobs run in order, so a move is written before a close that a
   * later tick queues, and that close finds the level it fired at.
   */
  private trailMoved(trail: Trail): void {
    this.triggers.set({ instrumentId: trail.instrumentId, group: trail.group, ownerId: trail.tradeId, kind: 'stop_loss', side: trail.side, level: trail.stop });
    this.queueTrailWrite(trail);
  }

  private queueTrailWrite(trail: Trail): void {
    if (trail.queued) return;
    trail.queued = true;
    this.enqueue('trail_write', () => this.writeTrail(trail));
  }

  /** Writes a trail's newest stop if the trade is still open and trailing and it protects more than the stored one; announces it. */
  private async writeTrail(trail: Trail): Promise<void> {
    const { db, market, bus } = this.deps;
    trail.queued = false;
    const level = trail.stop;
    if (level === null || this.trailing.get(trail.tradeId) !== trail || !better(trail.side, level, trail.written)) return;
    const done = await db.transaction(async (tx) => {
      const locked = await lockOpenTrade(tx, market, trail.tradeId);
      if (!locked || locked.trade.trailingStop === null) return null;
      const { account, trade, instrument } = locked;
      // Trailed at another group's quote (its plan changed meanwhile): not written; the book read again trails it anew.
      if (market.groupOf(account.planId) !== trail.group) return null;
      const stored = trade.stopLoss === null ? null : pointsOf(trade.stopLoss, instrument.digits);
      if (!better(trade.side, level, stored)) return null;
      const moved = await updateTrade(tx, trade.id, { stopLoss: formatPoints(level, instrument.digits) });
      return { userId: account.userId, accountId: account.id, trade: presentTrade(market, moved, account) };
    });
    if (!done) return;
    // Known to be stored before it is announced: the event (heard here too) then carries no news to this trail.
    if (better(trail.side, level, trail.written)) trail.written = level;
    bus.publish('trade.updated', done);
  }

  /**
   * A fired trigger whose job did not resolve its owner: indexed again from the database, or, while the
   * database does not answer, put back as it was (and its trail moves again), so the level stays watched
   * and the next tick that reaches it tries again. Anything else is thrown (and logged) as before.
   */
  private async indexAgain(trigger: Trigger, instrumentId: number, pending: boolean): Promise<void> {
    try {
      await (pending ? this.reindexPending(trigger.ownerId) : this.reindexTrade(trigger.ownerId));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.triggers.rearm(instrumentId, trigger);
      if (!pending) this.trailing.thaw(trigger.ownerId);
      throw error;
    }
  }

  private async reindexTrade(id: number): Promise<void> {
    const trade = await findTrade(this.deps.db, id);
    if (!trade) return;
    await this.readPlanOf(trade.accountId);
    this.indexTrade(trade);
  }

  private async reindexPending(id: number): Promise<void> {
    const order = await findPendingOrder(this.deps.db, id);
    if (!order) return;
    await this.readPlanOf(order.accountId);
    this.indexPending(waitingOf(order));
  }

  /** The account's plan as stored now (a level fired in another group's book is indexed again in its own). */
  private async readPlanOf(accountId: number): Promise<void> {
    const account = await findAccount(this.deps.db, accountId);
    if (account) this.watched.plans.set(accountId, account.planId);
  }

  /**
   * TP/SL: close at the triggering tick's price in the account's group, if the trade is still open with that level and
   * the level waited in that group's book. True when closed.
   */
  private async closeOnTrigger(trigger: Trigger, tick: LiveQuote): Promise<boolean> {
    const { db, market } = this.deps;
    const reason = trigger.kind as CloseReason;
    const done = await db.transaction(async (tx) => {
      const locked = await lockOpenTrade(tx, market, trigger.ownerId);
      if (!locked) return null;
      const { account, trade, instrument } = locked;
      const levelNow = reason === 'take_profit' ? trade.takeProfit : trade.stopLoss;
      if (levelNow === null || pointsOf(levelNow, instrument.digits) !== trigger.level) return null;
      if (market.groupOf(account.planId) !== trigger.group) return null;
      const price = closingPrice({ side: trade.side, quote: market.widen(tick, trigger.group) });
      const { closed } = await bookClose(tx, { market, account, trade, price, reason });
      const label = reason === 'take_profit' ? 'Take profit' : 'Stop loss';
      const stored = await this.store(tx, [
        {
          userId: account.userId,
          title: `${label} hit`,
          message: `${instrument.symbol} ${trade.side} ${trade.lots} lots closed at ${price}: P/L ${new Money(closed.realizedPnl ?? 0).toFixed(2)} ${account.currency}.`,
          color: new Money(closed.realizedPnl ?? 0).gte(0) ? 'success' : 'warning',
        },
      ]);
      return { userId: account.userId, accountId: account.id, trade: presentTrade(market, closed, account), stored };
    });
    if (done) this.announce(done);
    return done !== null;
  }

  /** A pending order's price was reached: fill it at this tick's price in its group (the ask for a buy, the bid for a sell). True when resolved. */
  private async fillOnTrigger(trigger: Trigger, tick: LiveQuote): Promise<boolean> {
    const { db, market, bus } = this.deps;
    const quote = market.widen(tick, trigger.group);
    const price = trigger.kind.startsWith('buy') ? quote.ask : quote.bid;
    const result = await db.transaction((tx) => fillPending(tx, { market, orderId: trigger.ownerId, level: trigger.level, group: trigger.group, price, quote }));
    if (!result) return false;
    bus.publish('order.updated', { userId: result.userId, accountId: result.accountId, order: result.order });
    if (result.trade) bus.publish('trade.updated', { userId: result.userId, accountId: result.accountId, trade: result.trade });
    bus.publish('user.updated', { userId: result.userId });
    bus.publish('notification.message', { userId: result.userId, notification: presentNotification(result.notice) });
    return true;
  }

  /**
   * Margin call notice at 100 %; at 50 % close the most losing position (of those whose market is
   * open) until the level is above 50 % or none can be closed. A balance left negative with nothing
   * open is written off by `bookClose`.
   */
  private async checkMargin(accountId: number): Promise<void> {
    const { db, market } = this.deps;
    const notices: Notice[] = [];
    const closedTrades: TradeView[] = [];
    const outcome = await db.transaction(async (tx) => {
      const account = await lockAccount(tx, accountId);
      const all = (await openTradesOf(tx, accountId)).filter((t) => market.instrument(t.assetId) && market.quoteOf(t.assetId, account));
      let { equity, usedMargin } = exposureOf(market, account, all);
      let level = marginLevelOf({ equity, margin: usedMargin });
      if (level.gt(marginCallLevel)) return { userId: account.userId, marginCall: false, stored: [] };
      const marginCall = !this.marginCalled.has(accountId);
      if (marginCall) {
        notices.push({
          userId: account.userId,
          title: 'Margin call',
          message: `Your margin level is ${level.toFixed(2)} %. Positions are closed at ${stopOutLevel} %. Add funds or reduce your positions.`,
          color: 'warning',
        });
      }
      let open = all;
      let current = account;
      while (level.lte(stopOutLevel)) {
        // Only positions whose market trades now can be closed; the others wait for their market.
        const closable = open.filter((t) => market.isOpen(market.instrument(t.assetId)!));
        if (closable.length === 0) break;
        const worst = closable.reduce((a, b) => (livePnl(market, a, current).lte(livePnl(market, b, current)) ? a : b));
        const price = closingPriceOf(market, worst, current);
        const { closed } = await bookClose(tx, { market, account: current, trade: worst, price, reason: 'stop_out' });
        closedTrades.push(presentTrade(market, closed, current));
        const instrument = market.instrument(worst.assetId)!;
        notices.push({
          userId: account.userId,
          title: 'Stop-out',
          message: `Margin level fell to ${level.toFixed(2)} %: ${instrument.symbol} ${worst.side} ${worst.lots} lots closed at ${price}.`,
          color: 'danger',
        });
        current = (await findAccount(tx, accountId))!;
        open = open.filter((t) => t.id !== worst.id);
        ({ equity, usedMargin } = exposureOf(market, current, open));
        level = marginLevelOf({ equity, margin: usedMargin });
      }
      const stored = await this.store(tx, notices);
      return { userId: account.userId, marginCall, stored };
    });
    // Remembered only once the notice is stored, so a rolled-back check sends it again next time.
    if (outcome.marginCall) this.marginCalled.add(accountId);
    const { userId } = outcome;
    for (const trade of closedTrades) this.deps.bus.publish('trade.updated', { userId, accountId, trade });
    if (closedTrades.length > 0) this.deps.bus.publish('user.updated', { userId });
    this.publishNotifications(outcome.stored);
  }

  private async store(tx: Tx, notices: Notice[]): Promise<NotificationRow[]> {
    const rows: NotificationRow[] = [];
    for (const notice of notices) rows.push(await addNotification(tx, notice));
    return rows;
  }

  private publishNotifications(rows: readonly NotificationRow[]): void {
    for (const row of rows) this.deps.bus.publish('notification.message', { userId: row.userId, notification: presentNotification(row) });
  }

  private announce({ userId, accountId, trade, stored }: { userId: number; accountId: number; trade: TradeView; stored: NotificationRow[] }): void {
    const { bus } = this.deps;
    bus.publish('trade.updated', { userId, accountId, trade });
    bus.publish('user.updated', { userId });
    this.publishNotifications(stored);
  }
}

/**
 * Each client group's quote at one tick in points, for the groups something waits in: worked out once per group per
 * tick (one group, the usual case, needs no map).
 */
function groupPoints(market: Market, instrument: Instrument, quote: LiveQuote): GroupPoints {
  const raw = { bid: quote.bidPoints, ask: quote.askPoints };
  const { conditions } = market;
  let known: Map<Group, { bid: number; ask: number }> | undefined;
  return (group) => {
    const markup = conditions.of(group, instrument).spreadMarkup;
    if (markup === 0) return raw;
    let points = known?.get(group);
    if (!points) (known ??= new Map()).set(group, (points = widenedPoints(raw, markup)));
    return points;
  };
}

/** A pending order as the index takes it (waiting while its status is `pending`). */
const waitingOf = (order: PendingRow) => ({
  id: order.id,
  accountId: order.accountId,
  assetId: order.assetId,
  side: order.side,
  kind: order.kind,
  price: order.price,
  pending: order.status === 'pending',
});
