import { Router, type Request } from 'express';
import { and, count, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { closeRequest, orderRequest, pendingOrderRequest, protectionUpdateRequest } from '../../../shared/api/trades.schema';
import { leverageKeyOf } from '../../../shared/constants';
import { positiveInt } from '../../../shared/api/common.schema';
import { tradeTexts } from '../../../shared/trading/texts';
import { pendingOrders, trades } from '../db/schema';
import { cancelPending, placePending, presentPending } from '../engine/pending';
import { closeAll, listAccountSummaries, resetDemo } from '../engine/account-actions';
import type { ApiDeps } from '../deps';
import { accountOfUser } from '../engine/accounts';
import { closeTradeForCustomer } from '../engine/close';
import { maxLeverageFor, planLeverageOf } from '../engine/orders';
import { CommitUncertain, executeMarketOrders, OrderDesk } from '../engine/market-orders';
import { timing } from '../../../shared/constants';
import { changeProtection } from '../engine/protection';
import { presentTrade } from '../engine/trade-view';
import { presentAsset } from '../market/asset-view';
import { authenticate, authOf, requireStanding } from './auth.middleware';
import { notFound, validationFailed } from './errors';
import { candleQuery, candleTexts } from '../../../shared/api/candles.schema';
import { periodMs } from '../../../shared/trading/timeframes';
import { Money } from '../../../shared/money';
import { candlesBetween } from '../db/candles.repo';
import { ensureHistory } from '../market/history';
import { parseInput } from './validate';
import { originOf } from './origin';

const perPage = 20;
const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  account_id: z.optional(positiveInt(tradeTexts.accountNotFound)),
});
const accountQuery = z.object({ account_id: z.optional(positiveInt(tradeTexts.accountNotFound)) });
const idParam = z.object({ id: z.coerce.number().check(z.int('Trade not found.'), z.positive('Trade not found.')) });

/** A Laravel-style page (server-spec §2): `links.next` only while there is a next page. */
function pageOf<T>({ rows, page, total, path, accountId }: { rows: T[]; page: number; total: number; path: string; accountId: number | undefined }) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const accountParam = accountId ? `&account_id=${accountId}` : '';
  return {
    data: rows,
    meta: { current_page: page, per_page: perPage, last_page: lastPage, total },
    links: { next: page < lastPage ? `${path}?page=${page + 1}${accountParam}` : null },
  };
}


/** The order id: the Idempotency-Key header, else the body's `order_id`. */
function orderIdOf(req: Request, bodyId: string | undefined): string | undefined {
  const header = req.get('idempotency-key');
  return header && header.length <= 100 ? header : bodyId;
}

/** Instruments with live prices, orders, closes, and the paged trade lists (client-spec §7). */
export function tradingRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { database, market, catalogue } = deps;
  const { db } = database;
  const customer = [authenticate(deps), requireStanding(deps)];
  // PGlite runs one statement at a time, so one lane; PostgreSQL overlaps a few batches on its pool.
  const desk = new OrderDesk((tickets) => executeMarketOrders(deps, tickets), {
    lanes: database.driver === 'pglite' ? 1 : 4,
    maxBatch: 64,
    // The browser gives up after its request timeout: an order that waited that long is not executed.
    maxWaitMs: timing.requestTimeoutMs,
    expired: () => ({ status: 503, body: { message: tradeTexts.busy } }),
    // After a commit that may have happened, only orders with an id can safely run again.
    mayRetry: (ticket, error) => !(error instanceof CommitUncertain) || ticket.orderId !== undefined,
  });

  router.get('/assets', ...customer, async (_req, res) => {
    const { user } = authOf(res);
    const [{ leverage }, planLeverage] = [await catalogue.get(), await planLeverageOf(db, user)];
    const data = market.instruments.filter((instrument) => instrument.enabled).map((instrument) => {
      const classLeverage = leverage[leverageKeyOf(instrument.assetClass)];
      return presentAsset(market, instrument, { classLeverage, maxLeverage: maxLeverageFor({ instrument, classLeverage, planLeverage }) });
    });
    res.json({ data });
  });

  router.get('/assets/:id/candles', ...customer, async (req, res) => {
    const instrument = market.instrument(Number(req.params.id));
    if (!instrument) throw notFound(tradeTexts.assetNotFound);
    const query = parseInput(candleQuery, req.query);
    const now = market.now().getTime();
    const to = query.to !== undefined ? query.to * 1000 : now;
    const from = query.from !== undefined ? query.from * 1000 : to - periodMs[query.timeframe] * query.limit;
    if (from > to) throw validationFailed({ from: [candleTexts.range] });
    await ensureHistory(db, { instrument, timeframe: query.timeframe, from, now, currentMid: market.quotes.get(instrument.id)!.mid });
    const rows = await candlesBetween(db, { assetId: instrument.id, timeframe: query.timeframe, from: new Date(from), to: new Date(to), limit: query.limit });
    // The candle being built now is newer than the last write: it replaces or follows the stored ones.
    const live = market.candles.live(instrument.id, query.timeframe);
    const all = live && live.openTime.getTime() >= from && live.openTime.getTime() <= to ? [...rows.filter((r) => r.openTime.getTime() !== live.openTime.getTime()), live] : rows;
    const fixed = (v: string) => new Money(v).toFixed(instrument.digits);
    res.json({
      data: all.slice(-query.limit).map((c) => ({ time: Math.floor(c.openTime.getTime() / 1000), open: fixed(c.open), high: fixed(c.high), low: fixed(c.low), close: fixed(c.close), volume: c.ticks ?? 0 })),
    });
  });

  router.get('/accounts', ...customer, async (_req, res) => {
    res.json({ data: await listAccountSummaries(db, market, authOf(res).user.id) });
  });

  router.post('/accounts/:id/reset', ...customer, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const answer = await resetDemo(deps, { userId: authOf(res).user.id, accountId: id, origin: originOf(req) });
    res.status(answer.status).json(answer.body);
  });

  router.post('/trades/close-all', ...customer, async (req, res) => {
    const { account_id } = parseInput(accountQuery, req.body ?? {});
    const answer = await closeAll(deps, { userId: authOf(res).user.id, ...(account_id ? { accountId: account_id } : {}), origin: originOf(req) });
    res.status(answer.status).json(answer.body);
  });

  router.post('/trades/store', ...customer, async (req, res) => {
    const order = parseInput(orderRequest, req.body);
    const instrument = market.instrument(order.id);
    if (!instrument?.enabled) throw notFound(tradeTexts.assetNotFound);
    const { leverage } = await catalogue.get();
    const answer = await desk.place({
      userId: authOf(res).user.id,
      order,
      orderId: orderIdOf(req, order.order_id),
      classLeverage: leverage[leverageKeyOf(instrument.assetClass)],
      origin: originOf(req),
    });
    res.status(answer.status).json(answer.body);
  });

  router.post('/trade/:id/close', ...customer, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const { volume } = parseInput(closeRequest, req.body);
    const answer = await closeTradeForCustomer(deps, { userId: authOf(res).user.id, tradeId: id, ...(volume !== undefined ? { units: volume } : {}), origin: originOf(req) });
    res.status(answer.status).json(answer.body);
  });

  router.patch('/trades/:id', ...customer, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const levels = parseInput(protectionUpdateRequest, req.body);
    const answer = await changeProtection(deps, { userId: authOf(res).user.id, tradeId: id, levels, origin: originOf(req) });
    res.status(answer.status).json(answer.body);
  });

  router.post('/orders/pending', ...customer, async (req, res) => {
    const order = parseInput(pendingOrderRequest, req.body);
    const instrument = market.instrument(order.id);
    if (!instrument?.enabled) throw notFound(tradeTexts.assetNotFound);
    const { leverage } = await catalogue.get();
    const answer = await placePending(deps, { user: authOf(res).user, order, orderId: orderIdOf(req, order.order_id), classLeverage: leverage[leverageKeyOf(instrument.assetClass)], origin: originOf(req) });
    res.status(answer.status).json(answer.body);
  });

  router.delete('/orders/pending/:id', ...customer, async (req, res) => {
    const { id } = parseInput(idParam, req.params);
    const answer = await cancelPending(deps, { userId: authOf(res).user.id, orderId: id, origin: originOf(req) });
    res.status(answer.status).json(answer.body);
  });

  router.get('/orders/pending', ...customer, async (req, res) => {
    const { page, account_id } = parseInput(pageQuery, req.query);
    const account = await accountOfUser(db, authOf(res).user.id, account_id);
    const where = and(eq(pendingOrders.accountId, account.id), eq(pendingOrders.status, 'pending'));
    const [[total], rows] = [
      await db.select({ n: count() }).from(pendingOrders).where(where),
      await db.select().from(pendingOrders).where(where).orderBy(desc(pendingOrders.id)).limit(perPage).offset((page - 1) * perPage),
    ];
    res.json(pageOf({ rows: rows.map((row) => presentPending(market, row)), page, total: total?.n ?? 0, path: '/api/v1/orders/pending', accountId: account_id }));
  });

  for (const status of ['open', 'closed'] as const) {
    router.get(`/${status}/trades`, ...customer, async (req, res) => {
      const { page, account_id } = parseInput(pageQuery, req.query);
      const account = await accountOfUser(db, authOf(res).user.id, account_id);
      const where = and(eq(trades.accountId, account.id), eq(trades.status, status));
      const [[total], rows] = [
        await db.select({ n: count() }).from(trades).where(where),
        await db
          .select()
          .from(trades)
          .where(where)
          .orderBy(desc(status === 'open' ? trades.openedAt : trades.closedAt), desc(trades.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
      ];
      res.json(pageOf({ rows: rows.map((row) => presentTrade(market, row, account.currency)), page, total: total?.n ?? 0, path: `/api/v1/${status}/trades`, accountId: account_id }));
    });
  }

  return router;
}
