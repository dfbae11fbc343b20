import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import * as z from 'zod/mini';
import { accountsTexts as texts, transferRequest } from '../../../shared/api/accounts.schema';
import { api } from '../../../shared/api/endpoints';
import { accountsOfUser, isMainLiveRow, type AccountRow } from '../db/accounts.repo';
import { transfersOf } from '../db/transfers.repo';
import type { ApiDeps } from '../deps';
import { fail, refusal } from '../errors';
import { accountsOverview, openAccount, presentTransfer, transferFunds, type TransferDone } from '../users/account-transfers';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { announceFunding } from '../funding/announce';
import { pageOf } from './paging';
import { parseInput } from './validate';
import { ipOf } from './request-client';

const perPage = 20;

/** The original's form posts its three fields as multipart (no file): read them into `req.body`; JSON bodies pass as they are. */
const readFields = multer({ limits: { fields: 5, fieldSize: 1024, files: 0, parts: 5 } }).none();
function multipartFields(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) return next();
  readFields(req, res, next);
}

const amountOnly = z.object({ amount: transferRequest.shape.amount });

/** Trading accounts, opening more, and transfers between a customer's own accounts (docs/customer-area.md#accounts). */
export function accountsRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { bus, market } = deps;

  /** Both accounts' figures moved: the engine re-reads them (margin, stop-out) and the customer's screens re-read theirs. */
  const announce = (userId: number, done: TransferDone) => {
    announceFunding(bus, { userId, accountId: done.fromAccountId });
    announceFunding(bus, { userId, accountId: done.toAccountId });
  };

  on(api.accountsOverview, async (_input, _req, res) => ({ data: await accountsOverview(db, market, authOf(res).user, await deps.referenceData.get()) }));

  on(api.openAccount, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const { wallet, message } = await openAccount(db, market, { userId: user.id, type: body.type, ip: ipOf(req) });
    announceFunding(bus, { userId: user.id, accountId: wallet.id });
    return { data: wallet, message };
  });

  on(api.accountTransfers, async ({ query: { page } }, _req, res) => {
    const { rows, total } = await transfersOf(db, { userId: authOf(res).user.id, limit: perPage, offset: (page - 1) * perPage });
    return pageOf({ rows: rows.map(presentTransfer), page, perPage, total, path: api.accountTransfers.path, filters: {} });
  });

  on(api.transferFunds, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const done = await transferFunds(db, market, { userId: user.id, fromAccountId: body.from_account_id, toAccountId: body.to_account_id, amount: body.amount, ip: ipOf(req) });
    announce(user.id, done);
    return { data: done.view, message: texts.transferred };
  });

  /**
   * The original's wallet names (docs/compatibility.md#accounts-and-transfers): an account number of the
   * customer's, `live_wallet` / `balance_wallet` (the sign-up Live account's cash), `demo_wallet` (the
   * sign-up Demo account, refused like any Demo one); `credit_wallet` is refused: credit never moves.
   */
  function accountNamed(accounts: readonly AccountRow[], name: string | undefined, field: 'from_account' | 'to_account'): AccountRow {
    const value = (name ?? '').trim().toLowerCase();
    if (!value) fail(refusal.invalid(field === 'from_account' ? texts.fromRequired : texts.toRequired, field));
    if (value === 'credit_wallet') fail(refusal.invalid(texts.creditStays, field));
    const found =
      value === 'live_wallet' || value === 'balance_wallet'
        ? accounts.find(isMainLiveRow)
        : value === 'demo_wallet'
          ? accounts.find((a) => a.type === 'demo' && a.isPrimary)
          : /^\d{1,20}$/.test(value)
            ? accounts.find((a) => a.number === value)
            : fail(refusal.invalid(texts.legacyWallet, field));
    return found ?? fail(refusal.notFound(texts.accountNotFound));
  }

  on(api.accountConvert, multipartFields, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const accounts = await accountsOfUser(db, user.id);
    const from = accountNamed(accounts, body.from_account, 'from_account');
    const to = accountNamed(accounts, body.to_account, 'to_account');
    const { amount } = parseInput(amountOnly, { amount: body.amount });
    const done = await transferFunds(db, market, { userId: user.id, fromAccountId: from.id, toAccountId: to.id, amount, ip: ipOf(req) });
    announce(user.id, done);
    return { message: texts.transferred };
  });

  return router;
}
