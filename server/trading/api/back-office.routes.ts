import { mailCustomerLater } from '../users/preferences';
import type { CustomerDetail, CustomerRow } from '../../../shared/api/back-office.schema';
import { backOfficeTexts } from '../../../shared/api/back-office.schema';
import { api } from '../../../shared/api/endpoints';
import { isOnline } from '../../../shared/constants';
import { Money } from '../../../shared/money';
import { advisorsOwnedBy, auditTrailOf, customerListPage, ledgerOf, notesOf, overviewCounts, planChoices } from '../db/back-office.repo';
import { pendingQueueCounts } from '../db/funding.repo';
import { presentNotification } from '../db/notifications.repo';
import { waitingOrdersPage } from '../db/pending-orders.repo';
import { openTradesOf, tradesPage } from '../db/trades.repo';
import { accountsOfUser } from '../db/accounts.repo';
import { customerSubject } from '../users/customer-subject';
import { verificationStatusOf } from '../db/verification.repo';
import type { ApiDeps } from '../deps';
import { listAccountSummaries, resetDemo } from '../engine/account-actions';
import { valueOf } from '../errors';
import { exposureFromTotals, openTotalsOf } from '../engine/accounts';
import { presentPending } from '../engine/pending';
import { presentTrade } from '../engine/trade-view';
import { adjustBalance } from '../users/balance-adjustments';
import { addCustomerNote, changeCustomerPlan } from '../users/staff-actions';
import { authOf, staffActorOf } from './auth.middleware';
import { endpointRouter, type EndpointOn } from './endpoint-router';
import { notFound } from './errors';
import { pageOf } from './paging';

const perPage = 25;
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The back office's customers (docs/back-office.md): staff and admins only, every change audited. */
export function backOfficeRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  for (const routes of [overviewRoutes, customerRoutes, customerActionRoutes]) routes(on, deps);
  return router;
}

function overviewRoutes(on: EndpointOn, deps: ApiDeps): void {
  const { db } = deps.database;

  on(api.overview, async () => {
    const [counts, funding] = [await overviewCounts(db), await pendingQueueCounts(db)];
    return {
      data: {
        customers_pending: counts.customersPending,
        autotrader_pending: counts.autotraderPending,
        unread_chats: counts.unreadChats,
        documents_pending: funding.documents,
        deposits_pending: funding.deposits,
        withdrawals_pending: funding.withdrawals,
        customers_total: counts.customersTotal,
        customers_online: counts.customersOnline,
      },
    };
  });
}

/** The customers' list and one customer's page. */
function customerRoutes(on: EndpointOn, deps: ApiDeps): void {
  const { db } = deps.database;
  const { market } = deps;

  on(api.customers, async ({ query }) => {
    const { rows, total } = await customerListPage(db, query, perPage);
    const liveIds = rows.flatMap((r) => (r.account ? [r.account.id] : []));
    const totals = liveIds.length ? await openTotalsOf(db, liveIds) : new Map();
    const now = Date.now();
    const data: CustomerRow[] = rows.map(({ user, plan, account, verification }) => ({
      id: user.id,
      name: fullName(user),
      email: user.email,
      country: user.country,
      status: user.status,
      plan,
      verification_status: verification,
      account_number: account?.number ?? null,
      currency: account?.currency ?? null,
      balance: account?.balance ?? null,
      equity: account ? exposureFromTotals(market, account, totals.get(account.id) ?? []).equity.toFixed(2) : null,
      is_online: isOnline(user.lastSeenAt, now),
      created_at: user.createdAt.toISOString(),
    }));
    return pageOf({ rows: data, page: query.page, perPage, total, path: api.customers.path, filters: { q: query.q, status: query.status, verification: query.verification, sort: query.sort } });
  });

  on(api.customer, async ({ params: { id } }) => ({ data: await customerDetail(deps, id) }));
}

/** What staff do to a customer: the plan, a balance adjustment, the Demo account's reset, a note. */
function customerActionRoutes(on: EndpointOn, deps: ApiDeps): void {
  const { db } = deps.database;
  const { market, bus } = deps;

  on(api.changeCustomerPlan, async ({ params: { id }, body }, req, res) => {
    const result = await changeCustomerPlan(db, staffActorOf(req, res), id, { planId: body.plan_id, reason: body.reason });
    if (result.changed) {
      bus.publish('plan.changed', { userId: id });
      bus.publish('user.updated', { userId: id });
    }
    if (result.notice) bus.publish('notification.message', { userId: id, notification: presentNotification(result.notice) });
    mailCustomerLater(deps, id, 'account', result.notice ?? undefined);
    return { data: { plan_id: result.plan.id, changed: result.changed }, message: result.changed ? `Moved to the ${result.plan.title} plan.` : backOfficeTexts.samePlan };
  });

  on(api.adjustBalance, async ({ params: { id }, body }, req, res) => {
    const done = await adjustBalance(db, market, staffActorOf(req, res), id, body);
    if (done.notice) {
      bus.publish('notification.message', { userId: id, notification: presentNotification(done.notice) });
      bus.publish('user.updated', { userId: id });
    }
    return {
      data: { ledger_entry_id: done.ledgerEntryId, account_id: done.accountId, bucket: done.bucket, amount: done.amount, balance_after: done.balanceAfter, created: done.created },
      message: done.created ? 'Adjustment booked.' : 'This adjustment was booked already.',
    };
  });

  on(api.resetCustomerDemo, async ({ params: { id } }, req, res) => {
    await customerSubject(db, id);
    const demo = (await accountsOfUser(db, id)).find((a) => a.type === 'demo');
    if (!demo) throw notFound('This customer has no Demo account.');
    const actor = staffActorOf(req, res);
    const summary = valueOf(await resetDemo(deps, { userId: id, accountId: demo.id, staff: { id: actor.id, ip: actor.ip } }));
    return { data: summary, message: 'The Demo account is back to its opening balance.' };
  });

  on(api.addCustomerNote, async ({ params: { id }, body }, req, res) => {
    const actor = staffActorOf(req, res);
    const note = await addCustomerNote(db, actor, id, body.body);
    const { user } = authOf(res);
    return { data: { id: note.id, body: note.body, author: { id: user.id, name: fullName(user), email: user.email }, created_at: note.createdAt.toISOString() } };
  });
}

async function customerDetail(deps: ApiDeps, id: number): Promise<CustomerDetail> {
  const { db } = deps.database;
  const { market } = deps;
  const user = await customerSubject(db, id);
  const accounts = await listAccountSummaries(db, market, id);
  const currencyOf = new Map(accounts.map((a) => [a.id, a.currency]));
  const perAccount = await Promise.all(
    accounts.map(async (a) => ({
      open: await openTradesOf(db, a.id),
      closed: (await tradesPage(db, { accountId: a.id, status: 'closed', limit: 20, offset: 0 })).rows,
      pending: (await waitingOrdersPage(db, { accountId: a.id, limit: 50, offset: 0 })).rows,
    })),
  );
  const [ledger, notes, audit, advisors, plans] = [
    await ledgerOf(
      db,
      accounts.map((a) => a.id),
    ),
    await notesOf(db, id),
    await auditTrailOf(db, id),
    await advisorsOwnedBy(db, id),
    await planChoices(db),
  ];
  const plan = plans.find((p) => p.id === user.planId) ?? null;
  const trade = (row: Parameters<typeof presentTrade>[1]) => presentTrade(market, row, { currency: currencyOf.get(row.accountId) ?? 'USD', planId: user.planId });
  const detail: CustomerDetail = {
    profile: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: user.phone,
      country: user.country,
      nationality: user.nationality,
      promo_code: user.promoCode,
      status: user.status,
      plan,
      verification_status: await verificationStatusOf(db, id),
      is_online: isOnline(user.lastSeenAt, Date.now()),
      last_seen_at: user.lastSeenAt?.toISOString() ?? null,
      created_at: user.createdAt.toISOString(),
      autotrader: { active: user.autotrader, level: user.autotraderLevel },
      advisors,
    },
    accounts,
    open_trades: perAccount.flatMap((a) => a.open.map(trade)),
    closed_trades: perAccount
      .flatMap((a) => a.closed.map(trade))
      .sort((a, b) => (b.close_time ?? '').localeCompare(a.close_time ?? ''))
      .slice(0, 20),
    pending_orders: perAccount.flatMap((a) => a.pending.map((row) => presentPending(market, row))),
    ledger: ledger.map(({ entry, number }) => ({
      id: entry.id,
      account_number: number,
      kind: entry.kind,
      bucket: entry.bucket,
      amount: new Money(entry.amount).toFixed(2),
      balance_after: new Money(entry.balanceAfter).toFixed(2),
      reference: entry.reference,
      memo: entry.memo,
      created_at: entry.createdAt.toISOString(),
    })),
    notes: notes.map(({ note, author }) => ({ id: note.id, body: note.body, author: { id: author.id, name: fullName(author), email: author.email }, created_at: note.createdAt.toISOString() })),
    audit: audit.map(({ entry, actor }) => ({
      id: entry.id,
      action: entry.action,
      actor: actor ? { id: actor.id, name: fullName(actor), role: actor.role } : null,
      details: entry.details as Record<string, unknown>,
      created_at: entry.createdAt.toISOString(),
    })),
    plans,
  };
  return detail;
}
