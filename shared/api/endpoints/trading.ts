import * as z from 'zod/mini';
import { wireStringId } from '../wire';
import { pendingTexts, tradeTexts } from '../../trading/texts';
import { assetListResponse } from '../assets.schema';
import { candleQuery, candleResponse } from '../candles.schema';
import { positiveInt, resource } from '../common.schema';
import {
  accountSummaryList,
  accountSummarySchema,
  closeRequest,
  orderRequest,
  pendingOrderPage,
  pendingOrderRequest,
  pendingUpdateRequest,
  pendingOrderSchema,
  protectionUpdateRequest,
  tradePage,
  tradeSchema,
} from '../trades.schema';
import { endpoint } from '../endpoint';
import { idOf, smallIdOf } from './parts';

/** `?page=` (from 1) and the account (the customer's Live account when absent). */
export const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  account_id: z.optional(positiveInt(tradeTexts.accountNotFound)),
});

export const accountChoice = z.object({ account_id: z.optional(positiveInt(tradeTexts.accountNotFound)) });

/** Instruments, accounts and trading. Accounts and orders are customers' alone: staff and admins hold none (docs/accounts-and-ledger.md#whose-accounts). */
export const tradingApi = {
  assets: endpoint({ method: 'GET', path: '/assets', access: 'active', response: assetListResponse }),
  candles: endpoint({ method: 'GET', path: '/assets/:id/candles', access: 'active', params: smallIdOf(tradeTexts.assetNotFound), query: candleQuery, response: candleResponse }),
  accounts: endpoint({ method: 'GET', path: '/accounts', access: 'customer', response: accountSummaryList }),
  resetDemo: endpoint({ method: 'POST', path: '/accounts/:id/reset', access: 'customer', params: smallIdOf(tradeTexts.accountNotFound), response: resource(accountSummarySchema) }),
  closeAll: endpoint({
    method: 'POST',
    path: '/trades/close-all',
    // Closing is never taken away (docs/trading.md#closing): a customer whose account was deactivated may still close.
    access: 'signed-in',
    body: accountChoice,
    response: resource(z.object({ closed: z.array(tradeSchema), skipped: z.array(z.object({ id: wireStringId, reason: z.string() })) })),
  }),
  placeOrder: endpoint({ method: 'POST', path: '/trades/store', access: 'customer', body: orderRequest, status: 201, response: resource(tradeSchema) }),
  closeTrade: endpoint({
    method: 'POST',
    path: '/trade/:id/close',
    access: 'signed-in',
    params: idOf(tradeTexts.tradeNotFound),
    body: closeRequest,
    response: z.object({ data: tradeSchema, remaining: z.nullable(tradeSchema) }),
  }),
  changeProtection: endpoint({ method: 'PATCH', path: '/trades/:id', access: 'customer', params: idOf(tradeTexts.tradeNotFound), body: protectionUpdateRequest, response: resource(tradeSchema) }),
  openTrades: endpoint({ method: 'GET', path: '/open/trades', access: 'customer', query: pageQuery, response: tradePage }),
  closedTrades: endpoint({ method: 'GET', path: '/closed/trades', access: 'customer', query: pageQuery, response: tradePage }),
  pendingOrders: endpoint({ method: 'GET', path: '/orders/pending', access: 'customer', query: pageQuery, response: pendingOrderPage }),
  placePending: endpoint({ method: 'POST', path: '/orders/pending', access: 'customer', body: pendingOrderRequest, status: 201, response: resource(pendingOrderSchema) }),
  changePending: endpoint({
    method: 'PATCH',
    path: '/orders/pending/:id',
    access: 'customer',
    params: idOf(pendingTexts.notFound),
    body: pendingUpdateRequest,
    response: resource(pendingOrderSchema),
  }),
  cancelPending: endpoint({ method: 'DELETE', path: '/orders/pending/:id', access: 'customer', params: idOf(pendingTexts.notFound), response: resource(pendingOrderSchema) }),
} as const;
