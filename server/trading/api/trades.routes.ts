import type { Request } from 'express';
import { observeOrder, orderBatchDuration, type OrderKind, type OrderOutcome } from '../../metrics';
import type { Endpoint } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import { candleTexts } from '../../../shared/api/candles.schema';
import type { OrderRequest, PendingOrderRequest } from '../../../shared/api/trades.schema';
import { leverageKeyOf, timing } from '../../../shared/constants';
import { tradeTexts } from '../../../shared/trading/texts';
import { periodMs } from '../../../shared/trading/timeframes';
import { waitingOrdersPage } from '../db/pending-orders.repo';
import { tradesPage } from '../db/trades.repo';
import type { ApiDeps } from '../deps';
import { closeAll, listAccountSummaries, resetDemo } from '../engine/account-actions';
import { accountOfUser } from '../engine/accounts';
import { closeTradeForCustomer } from '../engine/close';
import { CommitUncertain, executeMarketOrders, OrderDesk, type MarketOrderTicket } from '../engine/market-orders';
import { maxLeverageFor, planLeverageOf, type MarketOrder, type OrderTerms, type PendingOrder } from '../engine/orders';
import { cancelPending, movePending, placePending, presentPending } from '../engine/pending';
import { changeProtection } from '../engine/protection';
import { presentTrade } from '../engine/trade-view';
import { DomainError, refusal, refused, valueOf } from '../errors';
import { assetWireCache } from '../market/asset-wire';
import { ratesAt } from '../db/financing.repo';
import { createTtlCache } from '../../ttl-cache';
import { chartCandles } from '../market/history';
import { authOf } from './auth.middleware';
import { endpointRouter, WireBody, type Handler } from './endpoint-router';
import { ApiError, notFound, validationFailed } from './errors';
import { originOf } from './origin';
import { pageOf } from './paging';

const perPage = 20;

/** What every order states, from the wire's fields. */
const termsOf = (o: OrderRequest | PendingOrderRequest): OrderTerms => ({
  assetId: o.id,
  side: o.type,
  units: o.volume,
  leverage: o.leverage,
  takeProfit: o.take_profit,
  stopLoss: o.stop_loss,
  accountId: o.account_id,
});

const marketOrderOf = (o: OrderRequest): MarketOrder => ({ ...termsOf(o), seenPrice: o.opening_price });

const pendingOrderOf = (o: PendingOrderRequest): PendingOrder => ({ ...termsOf(o), kind: o.kind, price: o.price });

/** The order id: the Idempotency-Key header, else the body's `order_id`. */
function orderIdOf(req: Request, bodyId: string | undefined): string | undefined {
  const header = req.get('idempotency-key');
  return header && header.length <= 100 ? header : bodyId;
}

const apiRefusals: Partial<Record<number, OrderOutcome>> = { 404: 'not_found', 403: 'forbidden', 409: 'conflict', 429: 'busy', 503: 'busy' };

/** How an order call ended, for cfd_order_duration_seconds: done, the refusal's kind, or failed (a 5xx). */
function outcomeOf(error: unknown): OrderOutcome {
  if (error instanceof DomainError) return error.refusal.kind;
  if (error instanceof ApiError && error.status < 500) return apiRefusals[error.status] ?? 'invalid';
  return 'failed';
}

/** An order route's handler, timed from the request's arrival to its outcome (docs/metrics.md). */
function timedOrder<E extends Endpoint>(kind: OrderKind, handler: Handler<E>): Handler<E> {
  return async (input, req, res) => {
    const start = performance.now();
    try {
      const body = await handler(input, req, res);
      observeOrder(req, start, kind, 'done');
      return body;
    } catch (error) {
      observeOrder(req, start, kind, outcomeOf(error));
      throw error;
    }
  };
}

/** The desk's batches, timed where market orders are committed (cfd_order_batch_seconds). */
function timedBatch<T, A>(execute: (tickets: T[]) => Promise<A[]>): (tickets: T[]) => Promise<A[]> {
  return async (tickets) => {
    const end = orderBatchDuration.startTimer();
    try {
      const answers = await execute(tickets);
      end({ outcome: 'committed' });
      return answers;
    } catch (error) {
      end({ outcome: 'failed' });
      throw error;
    }
  };
}

/** Instruments with live prices, orders, closes, and the paged trade lists. */
export function tradingRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const onOrder = <E extends Endpoint>(e: E, kind: OrderKind, handler: Handler<E>) => on(e, timedOrder(kind, handler));
  const { database, market, referenceData } = deps;
  const wireAsset = assetWireCache(market);
  // Financing rates change by new rows taking effect; a minute late is soon enough for what /assets shows.
  const financing = createTtlCache(() => ratesAt(db, market.now()), 60_000);
  const { db } = database;
  // PGlite runs one statement at a time, so one lane; PostgreSQL overlaps a few batches on its pool.
  const desk = new OrderDesk(
    timedBatch((tickets: MarketOrderTicket[]) => executeMarketOrders(deps, tickets)),
    {
      lanes: database.driver === 'pglite' ? 1 : 4,
      maxBatch: 64,
      // The browser gives up after its request timeout: an order that waited that long is not executed.
      maxWaitMs: timing.requestTimeoutMs,
      expired: () => refused(refusal.busy(tradeTexts.busy)),
      // After a commit that may have happened, only orders with an id can safely run again.
      mayRetry: (ticket, error) => !(error instanceof CommitUncertain) || ticket.orderId !== undefined,
    },
  );
  const userId = (res: Parameters<typeof authOf>[0]) => authOf(res).user.id;
  /** The instrument an order names, if it takes orders; its asset class's leverage. */
  async function tradable(assetId: number) {
    const instrument = market.instrument(assetId);
    if (!instrument?.enabled) throw notFound(tradeTexts.assetNotFound);
    const { leverage } = await referenceData.get();
    return leverage[leverageKeyOf(instrument.assetClass)];
  }

  on(api.assets, async (_input, _req, res) => {
    const { user } = authOf(res);
    const [{ leverage, plans }, rates] = [await referenceData.get(), await financing.get()];
    const planLeverage = planLeverageOf(plans, user);
    const data = market.instruments
      .filter((instrument) => instrument.enabled)
      .map((instrument) =>
        wireAsset(instrument, { leverage: maxLeverageFor({ instrument, classLeverage: leverage[leverageKeyOf(instrument.assetClass)], planLeverage }), rates, planId: user.planId }),
      );
    return new WireBody({ data });
  });

  on(api.candles, async ({ params, query }) => {
    const instrument = market.instrument(params.id);
    if (!instrument) throw notFound(tradeTexts.assetNotFound);
    const to = query.to !== undefined ? query.to * 1000 : market.now().getTime();
    const from = query.from !== undefined ? query.from * 1000 : to - periodMs[query.timeframe] * query.limit;
    if (from > to) throw validationFailed({ from: [candleTexts.range] });
    return { data: await chartCandles(db, market, { instrument, timeframe: query.timeframe, from, to, limit: query.limit }) };
  });

  on(api.accounts, async (_input, _req, res) => ({ data: await listAccountSummaries(db, market, userId(res)) }));

  on(api.resetDemo, async ({ params }, req, res) => ({ data: valueOf(await resetDemo(deps, { userId: userId(res), accountId: params.id, origin: originOf(req) })) }));

  onOrder(api.closeAll, 'close_all', async ({ body }, req, res) => ({
    data: await closeAll(deps, { userId: userId(res), ...(body.account_id ? { accountId: body.account_id } : {}), origin: originOf(req) }),
  }));

  onOrder(api.placeOrder, 'market', async ({ body }, req, res) => {
    const classLeverage = await tradable(body.id);
    const outcome = await desk.place({ userId: userId(res), order: marketOrderOf(body), orderId: orderIdOf(req, body.order_id), classLeverage, origin: originOf(req) });
    return { data: valueOf(outcome) };
  });

  onOrder(api.closeTrade, 'close', async ({ params, body }, req, res) => {
    const outcome = await closeTradeForCustomer(deps, { userId: userId(res), tradeId: params.id, ...(body.volume !== undefined ? { units: body.volume } : {}), origin: originOf(req) });
    const { closed, remaining } = valueOf(outcome);
    return { data: closed, remaining };
  });

  onOrder(api.changeProtection, 'modify', async ({ params, body }, req, res) => {
    const levels = { takeProfit: body.take_profit, stopLoss: body.stop_loss, trailingStop: body.trailing_stop };
    return { data: valueOf(await changeProtection(deps, { userId: userId(res), tradeId: params.id, levels, origin: originOf(req) })) };
  });

  onOrder(api.placePending, 'pending', async ({ body }, req, res) => {
    const classLeverage = await tradable(body.id);
    const outcome = await placePending(deps, { userId: userId(res), order: pendingOrderOf(body), orderId: orderIdOf(req, body.order_id), classLeverage, origin: originOf(req) });
    return { data: valueOf(outcome) };
  });

  onOrder(api.changePending, 'modify_pending', async ({ params, body }, req, res) => {
    const change = { price: body.price, takeProfit: body.take_profit, stopLoss: body.stop_loss };
    return { data: valueOf(await movePending(deps, { userId: userId(res), orderId: params.id, change, origin: originOf(req) })) };
  });

  onOrder(api.cancelPending, 'cancel_pending', async ({ params }, req, res) => ({ data: valueOf(await cancelPending(deps, { userId: userId(res), orderId: params.id, origin: originOf(req) })) }));

  on(api.pendingOrders, async ({ query: { page, account_id } }, _req, res) => {
    const account = await accountOfUser(db, userId(res), account_id);
    const { rows, total } = await waitingOrdersPage(db, { accountId: account.id, limit: perPage, offset: (page - 1) * perPage });
    return pageOf({ rows: rows.map((row) => presentPending(market, row)), page, perPage, total, path: api.pendingOrders.path, filters: { account_id } });
  });

  for (const [e, status] of [
    [api.openTrades, 'open'],
    [api.closedTrades, 'closed'],
  ] as const) {
    on(e, async ({ query: { page, account_id } }, _req, res) => {
      const account = await accountOfUser(db, userId(res), account_id);
      const { rows, total } = await tradesPage(db, { accountId: account.id, status, limit: perPage, offset: (page - 1) * perPage });
      return pageOf({ rows: rows.map((row) => presentTrade(market, row, account)), page, perPage, total, path: e.path, filters: { account_id } });
    });
  }

  return router;
}
