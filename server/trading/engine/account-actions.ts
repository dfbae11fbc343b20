import { accountTitles } from '../../../shared/api/user.schema';
import type { TradeView } from '../../../shared/api/trades.schema';
import { demoOpeningBalance } from '../../../shared/constants';
import { Money } from '../../../shared/money';
import { accountSummary, type AccountSummary } from '../../../shared/trading/account-maths';
import { tradeTexts } from '../../../shared/trading/texts';
import type { Bus } from '../bus';
import type { AppDb, Executor } from '../db/database';
import { accountsOfUser, findAccount } from '../db/accounts.repo';
import { cancelWaitingOrdersOf } from '../db/pending-orders.repo';
import { recordAudit } from '../db/audit.repo';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import type { TradeRow } from '../db/trades.repo';
import { accountOfUser, lifetimePnlOf, lifetimePnlsOfUser, lockAccount, lockCustomerAccount, openTradesOf, openTradesOfUser, type AccountRow } from './accounts';
import { bookClose } from './close';
import { done, refusal, refused, type Outcome } from '../errors';
import { presentPending } from './pending';
import { closingPriceOf, livePnl, presentTrade } from './trade-view';

interface Deps {
  database: { db: AppDb };
  market: Market;
  bus: Bus;
}

/** An account with its summary (docs/trading.md#account-figures) at the current quotes (lifetime P/L from its closed trades, as its record keeps it). */
export async function summarise(db: Executor, market: Market, account: AccountRow) {
  const [open, lifetimePnl] = [await openTradesOf(db, account.id), await lifetimePnlOf(db, account.id)];
  return summaryOf(market, account, { open, lifetimePnl });
}

function summaryOf(market: Market, account: AccountRow, { open, lifetimePnl }: { open: readonly TradeRow[]; lifetimePnl: string }) {
  const summary: AccountSummary = accountSummary({
    balance: account.balance,
    credit: account.credit,
    positions: open.map((t) => ({ pnl: livePnl(market, t, account), margin: t.margin })),
    lifetimePnl,
  });
  return { id: account.id, number: account.number, type: account.type, title: accountTitles[account.type], currency: account.currency, open_trades: open.length, ...summary };
}

/** Every account of a customer with its summary: three statements however many accounts they hold. */
export async function listAccountSummaries(db: AppDb, market: Market, userId: number) {
  const [accounts, open, lifetimePnls] = await Promise.all([accountsOfUser(db, userId), openTradesOfUser(db, userId), lifetimePnlsOfUser(db, userId)]);
  return accounts.map((a) => summaryOf(market, a, { open: open.get(a.id) ?? [], lifetimePnl: lifetimePnls.get(a.id) ?? '0.00' }));
}

/** Closes every open trade of the account whose market is open; the others are listed with the reason. */
export async function closeAll(
  { database, market, bus }: Deps,
  { userId, accountId, origin }: { userId: number; accountId?: number; origin?: string | undefined },
): Promise<{ closed: TradeView[]; skipped: { id: number; reason: string }[] }> {
  const result = await database.db.transaction(async (tx) => {
    const { account } = await lockCustomerAccount(tx, userId, accountId);
    const closed: TradeView[] = [];
    const skipped: { id: number; reason: string }[] = [];
    let current = account;
    for (const trade of await openTradesOf(tx, account.id)) {
      const instrument = market.instrument(trade.assetId);
      if (!instrument || !market.isOpen(instrument)) {
        skipped.push({ id: trade.id, reason: tradeTexts.marketClosed });
        continue;
      }
      const price = closingPriceOf(market, trade, current);
      const done = await bookClose(tx, { market, account: current, trade, price, reason: 'manual' });
      closed.push(presentTrade(market, done.closed, current));
      current = (await findAccount(tx, account.id))!;
    }
    return { closed, skipped, accountId: account.id };
  });
  for (const trade of result.closed) bus.publish('trade.updated', { userId, accountId: result.accountId, trade, origin });
  if (result.closed.length > 0) bus.publish('user.updated', { userId, origin });
  return { closed: result.closed, skipped: result.skipped };
}

/**
 * Resets a Demo account to its opening 10,000: open trades are closed at the last price (it is virtual
 * money, so even a closed market's last price serves), pending orders cancelled, and the difference
 * booked as one `demo_reset` entry. Live accounts cannot be reset.
 */
export async function resetDemo(
  { database, market, bus }: Deps,
  { userId, accountId, origin, staff }: { userId: number; accountId: number; origin?: string | undefined; staff?: { id: number; ip: string | null } },
): Promise<Outcome<Awaited<ReturnType<typeof summarise>>>> {
  const account = await accountOfUser(database.db, userId, accountId);
  if (account.type !== 'demo') return refused(refusal.invalid(tradeTexts.onlyDemoReset));
  const closed = await database.db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const views: TradeView[] = [];
    for (const trade of await openTradesOf(tx, account.id)) {
      const current = await findAccount(tx, account.id);
      const price = closingPriceOf(market, trade, account);
      const done = await bookClose(tx, { market, account: current!, trade, price, reason: 'manual' });
      views.push(presentTrade(market, done.closed, account));
    }
    const cancelled = await cancelWaitingOrdersOf(tx, account.id, 'Demo account reset');
    const after = await findAccount(tx, account.id);
    const difference = new Money(demoOpeningBalance).minus(after!.balance);
    if (!difference.isZero()) {
      await postEntry(tx, { accountId: account.id, kind: 'demo_reset', amount: difference.toFixed(2), reference: `reset:${Date.now()}`, memo: 'Demo account reset' });
    }
    if (!new Money(after!.credit).isZero()) {
      await postEntry(tx, {
        accountId: account.id,
        kind: 'demo_reset',
        bucket: 'credit',
        amount: new Money(after!.credit).negated().toFixed(2),
        reference: `reset-credit:${Date.now()}`,
        memo: 'Demo account reset',
      });
    }
    // Staff resetting a customer's Demo account (docs/back-office.md#customer-actions) is audited with it.
    if (staff) {
      await recordAudit(tx, {
        actorId: staff.id,
        action: 'account.demo_reset',
        subjectType: 'user',
        subjectId: userId,
        details: { account_id: account.id, trades_closed: views.length, orders_cancelled: cancelled.length, balance_before: after!.balance },
        ip: staff.ip,
      });
    }
    return { views, orders: cancelled.map((row) => presentPending(market, row)) };
  });
  for (const trade of closed.views) bus.publish('trade.updated', { userId, accountId: account.id, trade, origin });
  for (const order of closed.orders) bus.publish('order.updated', { userId, accountId: account.id, order, origin });
  bus.publish('account.changed', { userId, accountId: account.id });
  bus.publish('user.updated', { userId, origin });
  return done(await summarise(database.db, market, (await findAccount(database.db, account.id))!));
}
