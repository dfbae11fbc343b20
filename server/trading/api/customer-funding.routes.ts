import { returnOriginOf } from './request-origin';
import type { Request, Response } from 'express';
import type { FundingOverview } from '../../../shared/api/customer-funding.schema';
import { customerFundingTexts as texts, fundingLimits, withdrawalRequest, withdrawalRules } from '../../../shared/api/customer-funding.schema';
import { withdrawalMethods } from '../../../shared/api/funding.schema';
import { api } from '../../../shared/api/endpoints';
import { cryptoChannels } from '../../../shared/funding/crypto-channels';
import { Money } from '../../../shared/money';
import { fundingTotals, historyOf, refundableCardDeposits } from '../db/customer-funding.repo';
import { findCustomerAccount, type AccountRow } from '../db/accounts.repo';
import { getSettings } from '../db/settings.repo';
import type { AppDb } from '../db/database';
import type { NotificationRow } from '../db/notifications.repo';
import { announceFunding } from '../funding/announce';
import type { ApiDeps } from '../deps';
import { DomainError, fail, refusal } from '../errors';
import { openBankDeposit } from '../funding/funding';
import { openCardDeposit } from '../funding/card-deposits';
import { channelSummary, walletsFor, walletView } from '../funding/crypto-deposits';
import { historyCsvHeader, historyCsvLine, presentHistory, presentLegacy } from '../funding/history';
import { cancelWithdrawal, requestWithdrawal, withdrawableOf, withdrawalsOpenTo } from '../funding/withdrawals';
import { authOf } from './auth.middleware';
import { endpointRouter, type EndpointOn } from './endpoint-router';
import { pageOf } from './paging';
import { parseInput } from './validate';
import { ipOf } from './request-client';

const perPage = 25;
/** The CSV export's ceiling: a customer's whole history for years, never an unbounded read. */
const csvRows = 10_000;

/** The customer's funding (docs/funding.md) and the original client's funding calls (docs/funding.md#the-original-clients-calls). */
export function customerFundingRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  on(api.fundingOverview, async (_input, _req, res) => ({ data: await overview(deps, res) }));
  for (const routes of [depositRoutes, historyRoutes, withdrawalRoutes, legacyRoutes]) routes(on, deps);
  return router;
}

function depositRoutes(on: EndpointOn, deps: ApiDeps): void {
  const { db } = deps.database;

  on(api.cardDeposit, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const { row, url } = await openCardDeposit({ db, payments: deps.payments, siteOrigin: returnOriginOf(req, deps) }, { user, amount: body.amount, ip: ipOf(req) });
    return { data: { deposit_id: row.id, reference: row.reference, url } };
  });

  on(api.bankDeposit, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const { bank_details: details } = await getSettings(db);
    if (!details) fail(refusal.invalid(texts.bankUnavailable));
    if (new Money(body.amount).lessThan(fundingLimits.bank.min)) fail(refusal.invalid(texts.belowMinimum(fundingLimits.bank.min), 'amount'));
    const row = await openBankDeposit(db, { userId: user.id, amountExpected: body.amount, ip: ipOf(req) });
    return {
      data: { id: row.id, reference: row.reference, amount_expected: row.amountExpected!, currency: row.currency, details },
      message: `Quote ${row.reference} as the payment reference: your transfer is credited when it arrives.`,
    };
  });

  on(api.cryptoWallet, async ({ params: { id } }, _req, res) => ({ data: await walletView(db, deps.cryptoKeys, authOf(res).user.id, id) }));
}

function historyRoutes(on: EndpointOn, deps: ApiDeps): void {
  on(api.fundingHistory, async ({ query }, _req, res) => {
    const { page, ...filters } = query;
    const { rows, total } = await historyRows(deps, res, filters, perPage, (page - 1) * perPage);
    return pageOf({ rows, page, perPage, total, path: api.fundingHistory.path, filters });
  });

  on(api.fundingHistoryCsv, async ({ query }, _req, res) => {
    const { page: _page, ...filters } = query;
    const { rows, account } = await historyRows(deps, res, filters, csvRows, 0);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="transactions-${account.number}.csv"`, 'Cache-Control': 'private, no-store' });
    res.send(`\ufeff${[historyCsvHeader.join(','), ...rows.map(historyCsvLine)].join('\r\n')}\r\n`);
  });
}

function withdrawalRoutes(on: EndpointOn, deps: ApiDeps): void {
  const { db } = deps.database;
  const { market } = deps;

  on(api.requestWithdrawal, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const { row, notice } = await requestWithdrawal(db, market, deps.cryptoKeys, { user, request: body, ip: ipOf(req) });
    announce(deps, user.id, row.accountId, notice);
    return { data: await withdrawalRow(db, user.id, row.accountId, row.id), message: texts.submitted };
  });

  on(api.cancelWithdrawal, async ({ params: { id } }, req, res) => {
    const { user } = authOf(res);
    const { row, notice } = await cancelWithdrawal(db, { userId: user.id, id, ip: ipOf(req) });
    announce(deps, user.id, row.accountId, notice);
    return { data: await withdrawalRow(db, user.id, row.accountId, row.id), message: texts.cancelled };
  });
}

/** The original client's calls, at its paths and in its shapes. */
function legacyRoutes(on: EndpointOn, deps: ApiDeps): void {
  const { db } = deps.database;
  const { market } = deps;

  on(api.userDeposits, legacyList(deps, 'deposit'));
  on(api.userWithdrawals, legacyList(deps, 'withdrawal'));

  on(api.legacyWithdrawalStore, async ({ body }, req, res) => {
    const { user } = authOf(res);
    const wire = /wire|bank/i.test(body.method ?? '');
    const channel = cryptoChannels.find((candidate) =>
      [candidate.slug, candidate.networkLabel, candidate.network, candidate.asset].some((name) => name.toLowerCase() === (body.network ?? '').trim().toLowerCase()),
    );
    const request = parseInput(
      withdrawalRequest,
      wire
        ? {
            method: 'bank_transfer',
            amount: body.amount,
            bank_name: body.bank_name ?? '',
            bank_address: body.bank_address ?? '',
            account_name: body.account_name ?? '',
            account_number: body.account_number ?? '',
            iban: body.iban_number || null,
            bic: body.swiftcode || null,
          }
        : { method: 'crypto', amount: body.amount, channel: channel?.slug ?? (body.network ? 'unknown' : ''), address: body.wallet_address ?? '' },
    );
    try {
      const { row, notice } = await requestWithdrawal(db, market, deps.cryptoKeys, { user, request, ip: ipOf(req) });
      announce(deps, user.id, row.accountId, notice);
      return { message: texts.submitted };
    } catch (error) {
      // The original reads `error` as well as `message`.
      if (error instanceof DomainError) {
        res
          .status(error.refusal.kind === 'forbidden' ? 403 : 422)
          .json({ message: error.refusal.message, error: error.refusal.message, ...(error.refusal.errors ? { errors: error.refusal.errors } : {}) });
        return;
      }
      throw error;
    }
  });

  // Card fields are never read, stored or logged: the answer says where cards are paid (docs/funding.md#card-deposits).
  on(api.legacyDepositStore, async (_input, req) => {
    const method = typeof req.body?.method === 'string' ? req.body.method : '';
    req.body = undefined;
    fail(refusal.invalid(method === 'crypto' ? texts.cryptoIsAutomatic : texts.cardsOnProviderPage));
  });
}

const announce = ({ bus }: ApiDeps, userId: number, accountId: number, notice: NotificationRow) => announceFunding(bus, { userId, accountId, notice });

const liveAccountOf = async (db: AppDb, userId: number): Promise<AccountRow> => (await findCustomerAccount(db, userId)) ?? fail(refusal.invalid(texts.noLiveAccount));

async function overview(deps: ApiDeps, res: Response): Promise<FundingOverview> {
  const { db } = deps.database;
  const { market } = deps;
  const { user } = authOf(res);
  const settings = await getSettings(db);
  const wallets = await walletsFor(db, deps.cryptoKeys, user.id);
  const account = await findCustomerAccount(db, user.id);
  const refundable = account ? await refundableCardDeposits(db, { userId: user.id, accountId: account.id }) : [];
  const cards = refundable.map((card) => ({
    deposit_id: card.id,
    reference: card.reference,
    date: card.createdAt.toISOString(),
    amount: card.amount,
    refundable: Money.max(new Money(card.amount).minus(card.refunded), 0).toFixed(2),
  }));
  let figures: FundingOverview['account'] = null;
  if (account) {
    const [{ withdrawable, equity, freeMargin }, totals] = [await withdrawableOf(db, market, account), await fundingTotals(db, account.id)];
    figures = {
      id: account.id,
      number: account.number,
      currency: account.currency,
      balance: account.balance,
      credit: account.credit,
      equity: equity.toFixed(2),
      free_margin: freeMargin.toFixed(2),
      withdrawable: withdrawable.toFixed(2),
      pending_withdrawals: new Money(totals.pending).toFixed(2),
      total_deposited: new Money(totals.deposited).toFixed(2),
      total_withdrawn: new Money(totals.withdrawn).toFixed(2),
    };
  }
  const unavailable = (method: (typeof withdrawalMethods)[number]): string | null => {
    if (method === 'card' && !cards.some((card) => new Money(card.refundable).greaterThan(0))) return 'No card payment to refund: a card withdrawal returns money to the card that paid it.';
    return null;
  };
  return {
    account: figures,
    verified: await withdrawalsOpenTo(db, user),
    card: { enabled: true, provider: deps.payments.name, sandbox: deps.payments.name === 'sandbox', min: fundingLimits.card.min, max: fundingLimits.card.max, quick: [...fundingLimits.card.quick] },
    crypto: {
      enabled: true,
      demo: cryptoChannels.some((channel) => deps.cryptoKeys[channel.chain].demo),
      channels: cryptoChannels.map((channel) =>
        channelSummary(
          channel,
          wallets.find((wallet) => wallet.channel === channel.slug)!,
        ),
      ),
    },
    bank: { enabled: settings.bank_details !== null, details: settings.bank_details, min: fundingLimits.bank.min },
    withdrawal_methods: withdrawalMethods.map((method) => ({
      method,
      label: withdrawalRules[method].label,
      min: withdrawalRules[method].min,
      fee: withdrawalRules[method].fee,
      unavailable: unavailable(method),
      timeline: withdrawalRules[method].timeline,
    })),
    card_refundable: cards,
  };
}

const historyRows = async (deps: ApiDeps, res: Response, query: Parameters<typeof historyOf>[1]['query'], limit: number, offset: number) => {
  const { db } = deps.database;
  const { user } = authOf(res);
  const account = await liveAccountOf(db, user.id);
  const { rows, total } = await historyOf(db, { userId: user.id, accountId: account.id, query, limit, offset });
  return { rows: rows.map((row) => presentHistory(row)), total, account };
};

/** The withdrawal as the history shows it (a fresh read). */
const withdrawalRow = async (db: AppDb, userId: number, accountId: number, id: number) => {
  const { rows } = await historyOf(db, { userId, accountId, query: { kind: 'withdrawal', status: 'all' }, limit: 1, offset: 0, id });
  return presentHistory(rows[0]!);
};

const legacyList =
  (deps: ApiDeps, kind: 'deposit' | 'withdrawal') =>
  async ({ query }: { query: { page: number } }, _req: Request, res: Response) => {
    const { rows, total, account } = await historyRows(deps, res, { kind, status: 'all' }, perPage, (query.page - 1) * perPage);
    const symbol = (await deps.referenceData.get()).currencies.find((currency) => currency.code === account.currency)?.symbol;
    const next = query.page * perPage < total ? `${api.userDeposits.path.replace('deposits', `${kind}s`)}?page=${query.page + 1}` : null;
    return { data: { current_page: query.page, data: rows.map((row) => presentLegacy(row, kind, account.number, symbol)), next_page_url: next && `/api/v1${next}` } };
  };
