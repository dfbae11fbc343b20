import { eaTexts } from '../../../shared/api/advisors.schema';
import { autotraderOpenLimit, type AutotraderLevel } from '../../../shared/api/autotrader.schema';
import { leverageKeyOf } from '../../../shared/constants';
import { Money } from '../../../shared/money';
import { bookedPnl } from '../../../shared/trading/account-maths';
import { openingPrice, type Side } from '../../../shared/trading/prices';
import type { Logger } from '../../logger';
import type { Bus } from '../bus';
import { leverageMap } from '../db/reference-data.repo';
import type { AppDb } from '../db/database';
import { recordAudit } from '../db/audit.repo';
import { advisorJobs, autotraderJobs, automationOpenTrades, haltRun, saveRunState, type AdvisorJob, type AdvisorRun, type AutotraderJob } from '../db/automation.repo';
import { closeTradeForCustomer } from '../engine/close';
import { executeMarketOrders } from '../engine/market-orders';
import type { Automation } from '../engine/automation';
import { maxLeverageFor } from '../engine/orders';
import { livePnl, type TradeRow } from '../engine/trade-view';
import type { Market } from '../market/market';
import { candlesBetween } from '../db/candles.repo';
import { barsNeeded, strategies, trendHolder, type Params, type Protection, type StrategyMove, type StrategyName } from './strategies';
import { mayUseAdvisor, renewDueAdvisors } from './advisors';
import { presentNotification } from '../db/notifications.repo';
import { openAutotraderTrades, turnOffAutotrader } from './autotrader';
import { logJobFailure } from '../errors';

/** AutoTrader's house rule and the instruments it trades (its levels cap its open trades: docs/advisors.md#autotrader-levels). */
export const autotraderPlan = {
  params: { fast: 10, slow: 30, stopLossPercent: 1, takeProfitPercent: 2, lots: 0.01 } as Params,
  symbols: ['BTCUSD', 'ETHUSD', 'EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD'],
};

/** Closes kept per instrument: the longest look-back of any strategy, with room. */
const keepBars = 120;

export interface RunnerOptions {
  db: AppDb;
  market: Market;
  bus: Bus;
  logger: Pick<Logger, 'error' | 'info' | 'debug'>;
  /** Length of one bar: strategies decide once per bar on its close (60 s: M1 bars). */
  barMs: number;
  /** The wall clock bars are counted on (tests step bars faster than it moves). */
  clock?: () => number;
}

interface Target {
  userId: number;
  accountId: number;
  planLeverage: number | undefined;
  balance: string;
  currency: string;
  planId: number | null;
}

/**
 * Runs customers' expert advisors and AutoTrader on live prices (docs/advisors.md#runner), in the one process
 * that leads the cluster: once per bar it samples the quotes of the instruments in use, asks each
 * running strategy what to do, and trades through the same execution path as a customer's own orders
 * (`executeMarketOrders`, `closeTradeForCustomer`), tagged with who placed them. What runs is read from
 * the database every bar, so a restart (or a new leader) carries on; a strategy's memory is stored.
 */
export class AdvisorRunner {
  private readonly closes = new Map<number, number[]>();
  private renewedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stepping: Promise<void> | undefined;

  constructor(private readonly options: RunnerOptions) {}

  /**
   * Steps at each bar's close on the wall clock (one-minute bars end on the minute, as the M1 candles do),
   * so any process stepping a bar steps the same bar: its orders carry the bar in their order id, and a
   * second leader acting on a bar the first one already acted on (a handover) gets the first answers back.
   */
  async start(): Promise<void> {
    this.running = true;
    const { barMs } = this.options;
    const at = (close: number) => {
      if (!this.running) return;
      this.timer = setTimeout(() => {
        void this.step(close / barMs)
          .catch((error: unknown) => logJobFailure(this.options.logger, error, 'expert advisor step failed'))
          // The next close after this one (skipping any a slow step overran).
          .finally(() => at(Math.max(close + barMs, Math.ceil(this.clock() / barMs) * barMs)));
      }, close - this.clock());
      this.timer.unref();
    };
    at(Math.ceil(this.clock() / barMs) * barMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.stepping?.catch(() => undefined);
  }

  private clock(): number {
    return (this.options.clock ?? Date.now)();
  }

  /**
   * An instrument's earlier closes when it comes into use: with one-minute bars the stored M1 candles,
   * so a strategy started now (or after a restart) decides from its first bar; other bar lengths start empty.
   */
  private async history(assetId: number): Promise<number[]> {
    if (this.options.barMs !== 60_000) return [];
    const to = this.options.market.now();
    const rows = await candlesBetween(this.options.db, { assetId, timeframe: 'M1', from: new Date(to.getTime() - keepBars * 60_000), to, limit: keepBars });
    return rows.map((r) => Number(r.close));
  }

  /** One bar (numbered by its close on the clock): sample, then let every running strategy act. Steps never overlap. */
  step(bar = Math.round(this.clock() / this.options.barMs)): Promise<void> {
    this.stepping ??= this.runStep(bar).finally(() => (this.stepping = undefined));
    return this.stepping;
  }

  private async runStep(bar: number): Promise<void> {
    const { logger } = this.options;
    await this.renewals().catch((error: unknown) => logJobFailure(logger, error, 'expert advisor renewals failed'));
    const [advisors, autotraders] = [await advisorJobs(this.options.db), await autotraderJobs(this.options.db)];
    const assets = new Set(advisors.map((job) => job.assetId!));
    if (autotraders.length > 0) for (const i of this.basket()) assets.add(i.id);
    // A series with a gap would mislead a strategy: one no longer in use is dropped, and starts over if used again.
    for (const id of this.closes.keys()) if (!assets.has(id)) this.closes.delete(id);
    for (const id of assets) if (!this.closes.has(id)) this.closes.set(id, await this.history(id));
    this.sample(assets);
    const leverage = await leverageMap(this.options.db);
    for (const job of advisors) {
      await this.runAdvisor(job, leverage, bar).catch((error: unknown) => logJobFailure(logger, error, 'expert advisor step failed', { userId: job.userId }));
    }
    for (const job of autotraders) {
      await this.runAutotrader(job, leverage, bar).catch((error: unknown) => logJobFailure(logger, error, 'autotrader step failed', { userId: job.userId }));
    }
  }

  private basket() {
    return this.options.market.instruments.filter((i) => autotraderPlan.symbols.includes(i.symbol));
  }

  /** Monthly advisors' renewals (once a minute, before the advisors act, so a renewed one never stops). */
  private async renewals(): Promise<void> {
    if (Date.now() - this.renewedAt < 60_000) return;
    this.renewedAt = Date.now();
    for (const { userId, notice } of await renewDueAdvisors(this.deps())) {
      this.options.bus.publish('notification.message', { userId, notification: presentNotification(notice) });
      this.options.bus.publish('user.updated', { userId });
    }
  }

  /** Appends each open market's mid as the close of the bar just finished; closed markets make no bars. */
  private sample(assetIds: ReadonlySet<number>): void {
    const { market } = this.options;
    for (const id of assetIds) {
      const instrument = market.instrument(id);
      if (!instrument || !market.isOpen(instrument)) continue;
      const series = this.closes.get(id)!;
      series.push(Number(market.quotes.get(id)!.mid));
      if (series.length > keepBars) series.splice(0, series.length - keepBars);
    }
  }

  private async runAdvisor(job: AdvisorJob, leverage: Record<string, number>, bar: number): Promise<void> {
    const { db, market } = this.options;
    // This run: a start on another instrument or account since the jobs were read is another run, which this one must not touch.
    const automation: Automation = { by: 'expert_advisor', advisorId: job.advisorId, assetId: job.assetId!, runStartedAt: job.startedAt! };
    const thisRun: AdvisorRun = { userId: job.userId, startedAt: job.startedAt! };
    const target: Target = { userId: job.userId, accountId: job.accountId!, planLeverage: job.planLeverage ?? undefined, balance: job.balance, currency: job.currency, planId: job.planId };
    const why = job.status !== 'active' ? eaTexts.accountClosed : !(await mayUseAdvisor(this.options.db, job.userId, job.advisorId)) ? eaTexts.planChanged : null;
    if (why) return this.haltAdvisor(job.userId, job.advisorId, thisRun, why);
    const instrument = market.instrument(job.assetId!);
    const closes = this.closes.get(job.assetId!) ?? [];
    if (!instrument || !market.isOpen(instrument) || closes.length < barsNeeded(job.strategy as StrategyName, job.params)) return;
    const held = await this.heldBy(target, instrument.id, automation);
    const move = strategies[job.strategy as StrategyName](job.params, { closes, positions: held, state: job.state, balance: Number(job.balance) });
    await this.closeAll(target, move.close ?? [], automation);
    if (move.halt) return this.haltAdvisor(job.userId, job.advisorId, thisRun, eaTexts.lossLimit(String(job.params.maxLossPercent ?? 2)));
    if (move.state) await saveRunState(db, thisRun, move.state);
    if (move.open) await this.open(target, instrument.id, move.open, { lots: job.params.lots ?? 0.01, leverage, automation, orderId: `ea:${job.startedAt!.getTime()}:${bar}` });
  }

  private async runAutotrader(job: AutotraderJob, leverage: Record<string, number>, bar: number): Promise<void> {
    const { market } = this.options;
    if (job.status !== 'active') {
      const notification = await turnOffAutotrader(this.options.db, { userId: job.userId, actorId: null, ip: null });
      if (notification) this.options.bus.publish('notification.message', { userId: job.userId, notification });
      this.options.bus.publish('user.updated', { userId: job.userId });
      return;
    }
    const target: Target = { userId: job.userId, accountId: job.accountId, planLeverage: job.planLeverage ?? undefined, balance: job.balance, currency: job.currency, planId: job.planId };
    const limit = autotraderOpenLimit[job.level as AutotraderLevel];
    const automation: Automation = { by: 'autotrader' };
    let open = await openAutotraderTrades(this.options.db, target.accountId);
    for (const instrument of this.basket()) {
      const closes = this.closes.get(instrument.id) ?? [];
      if (!market.isOpen(instrument) || closes.length < autotraderPlan.params.slow!) continue;
      const held = await this.heldBy(target, instrument.id, automation);
      const move: StrategyMove = trendHolder(autotraderPlan.params, { closes, positions: held, state: {}, balance: Number(job.balance) });
      open -= await this.closeAll(target, move.close ?? [], automation);
      if (!move.open || (limit !== null && open >= limit)) continue;
      const placed = await this.open(target, instrument.id, move.open, { lots: autotraderPlan.params.lots!, leverage, automation, orderId: `at:${instrument.id}:${bar}` });
      if (placed) open += 1;
    }
  }

  /** The automation's own open positions on one instrument of the account, with their live P/L. */
  private async heldBy(target: Target, assetId: number, automation: Automation) {
    const rows: TradeRow[] = await automationOpenTrades(this.options.db, {
      accountId: target.accountId,
      assetId,
      placedBy: automation.by,
      ...(automation.by === 'expert_advisor' ? { advisorId: automation.advisorId } : {}),
    });
    return rows.map((t) => ({ id: t.id, side: t.side, pnl: Number(bookedPnl(livePnl(this.options.market, t, target))) }));
  }

  /** Closes through the customer's own close path while the automation is still on; a trade already closed is skipped. Returns how many closed. */
  private async closeAll(target: Target, ids: readonly number[], automation: Automation): Promise<number> {
    let closed = 0;
    for (const tradeId of ids) {
      const outcome = await closeTradeForCustomer(this.deps(), { userId: target.userId, tradeId, reason: automation.by, automation });
      if (outcome.ok) closed += 1;
      else this.options.logger.debug({ tradeId, refusal: outcome.refusal }, 'automated close not done');
    }
    return closed;
  }

  private async open(
    target: Target,
    assetId: number,
    order: { side: Side } & Protection,
    o: { lots: number; leverage: Record<string, number>; automation: Automation; orderId: string },
  ): Promise<boolean> {
    const { market } = this.options;
    const instrument = market.instrument(assetId)!;
    const classLeverage = o.leverage[leverageKeyOf(instrument.assetClass)]!;
    const price = new Money(openingPrice({ side: order.side, quote: market.quoteOf(assetId, target)! }));
    const level = (value: number | undefined, percent: number | undefined, towardProfit: boolean) => {
      if (value !== undefined) return new Money(value).toFixed(instrument.digits);
      if (percent === undefined) return null;
      const up = (order.side === 'buy') === towardProfit;
      return price.times(new Money(1).plus(new Money(percent).dividedBy(100).times(up ? 1 : -1))).toFixed(instrument.digits);
    };
    const [outcome] = await executeMarketOrders(this.deps(), [
      {
        userId: target.userId,
        order: {
          side: order.side,
          assetId,
          units: new Money(o.lots).times(instrument.contractSize).toString(),
          leverage: maxLeverageFor({ instrument, classLeverage, planLeverage: target.planLeverage }),
          takeProfit: level(order.takeProfit, order.takeProfitPercent, true),
          stopLoss: level(order.stopLoss, order.stopLossPercent, false),
          accountId: target.accountId,
        },
        orderId: o.orderId,
        classLeverage,
        automation: o.automation,
      },
    ]);
    if (!outcome!.ok) this.options.logger.debug({ userId: target.userId, assetId, refusal: outcome!.refusal }, 'automated order not placed');
    return outcome!.ok;
  }

  /** Stops this run by itself, saying why (a newer run the customer started meanwhile is left alone). */
  private async haltAdvisor(userId: number, advisorId: number, thisRun: AdvisorRun, reason: string): Promise<void> {
    const { db, bus } = this.options;
    await db.transaction(async (tx) => {
      const row = await haltRun(tx, thisRun, reason);
      if (row) await recordAudit(tx, { actorId: null, action: 'ea.stopped', subjectType: 'expert_advisor', subjectId: advisorId, details: { user_id: userId, why: reason } });
    });
    bus.publish('user.updated', { userId });
  }

  private deps() {
    return { database: { db: this.options.db }, market: this.options.market, bus: this.options.bus };
  }
}
