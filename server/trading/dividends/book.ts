import { formatMoney, Money } from '../../../shared/money';
import { dividendAdjustment, exDateOpen } from '../../../shared/trading/dividends';
import type { Logger } from '../../logger';
import { logJobFailure } from '../errors';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { lockDividend, markDividendBooked, positionsHeldAt, unbookedDividendsUpTo, type DividendRow } from '../db/dividends.repo';
import { addToPositions, lockAccounts } from '../db/financing.repo';
import { addNotifications, presentNotification } from '../db/notifications.repo';
import { postEntries } from '../ledger/ledger';
import type { Market } from '../market/market';

export interface DividendDeps {
  db: AppDb;
  market: Market;
  bus: Bus;
  logger: Logger;
}

/**
 * Books one dividend at its ex-date's open (docs/trading.md#dividends): every position then held in the instrument, a long
 * credited its share and a short debited the whole, one ledger entry each (`dividend:{dividend}:{trade}`), a notice per
 * account; all in one transaction that marks it booked, so it happens once whoever runs it and however often. Nothing
 * before the open. Answers how many positions were adjusted, or null when it was not due or already booked.
 */
export async function bookDividend(deps: DividendDeps, id: number): Promise<number | null> {
  const { db, market, bus } = deps;
  const outcome = await db.transaction(async (tx) => {
    const dividend = await lockDividend(tx, id);
    if (!dividend || dividend.bookedAt) return null;
    const instrument = market.instrument(dividend.assetId);
    const open = instrument && exDateOpen(instrument.schedule, dividend.exDate);
    if (!instrument || !open || open > market.now()) return null;
    const held = await positionsHeldAt(tx, instrument.id, open);
    const entries = held.flatMap((position) => {
      const amount = dividendAdjustment({
        side: position.side,
        units: position.units,
        amount: dividend.amount,
        longPercent: dividend.longPercent,
        conversion: market.conversion(instrument.quoteCurrency, position.currency),
      });
      return amount.isZero() ? [] : [{ position, amount }];
    });
    await lockAccounts(tx, [...new Set(entries.map((e) => e.position.accountId))]);
    const memo = `Dividend ${instrument.symbol} ex ${dividend.exDate}`;
    await postEntries(
      tx,
      entries.map(({ position, amount }) => ({ accountId: position.accountId, kind: 'dividend', amount: amount.toFixed(2), reference: `dividend:${dividend.id}:${position.id}`, memo })),
    );
    await addToPositions(
      tx,
      'dividends',
      entries.map(({ position, amount }) => ({ tradeId: position.id, amount: amount.toFixed(2) })),
    );
    await markDividendBooked(tx, dividend.id, entries.length);
    const accounts = new Map<number, { userId: number; currency: string; total: Money; count: number }>();
    for (const { position, amount } of entries) {
      const account = accounts.get(position.accountId) ?? { userId: position.userId, currency: position.currency, total: new Money(0), count: 0 };
      accounts.set(position.accountId, { ...account, total: account.total.plus(amount), count: account.count + 1 });
    }
    const notices = [...accounts].map(([accountId, a]) => ({ accountId, userId: a.userId, notice: noticeOf(dividend, instrument.symbol, a) }));
    const rows = await addNotifications(
      tx,
      notices.map((n) => n.notice),
    );
    return { booked: entries.length, announced: notices.map((n, i) => ({ ...n, row: rows[i]! })) };
  });
  if (!outcome) return null;
  for (const { userId, accountId, row } of outcome.announced) {
    bus.publish('notification.message', { userId, notification: presentNotification(row) });
    bus.publish('account.changed', { userId, accountId });
    bus.publish('user.updated', { userId });
  }
  return outcome.booked;
}

function noticeOf(dividend: DividendRow, symbol: string, account: { userId: number; currency: string; total: Money; count: number }) {
  const sum = formatMoney({ amount: account.total.toFixed(2), currency: account.currency });
  const per = new Money(dividend.amount).toString();
  const positions = `${account.count} position${account.count === 1 ? '' : 's'}`;
  return {
    userId: account.userId,
    title: 'Dividend adjustment',
    message: `${symbol} went ex-dividend on ${dividend.exDate} (${per} a share): ${account.total.isNegative() ? 'charged' : 'credited'} ${sum} on ${positions}.`,
    color: account.total.isNegative() ? ('warning' as const) : ('info' as const),
  };
}

/** Every dividend whose ex-date's open has passed and that is not booked yet, oldest first; one that fails does not hold up the rest. */
export async function bookDueDividends(deps: DividendDeps): Promise<number> {
  // A day ahead of UTC's date: an ex-date is the market's own local day, and each one's open is checked before booking.
  const tomorrow = new Date(deps.market.now().getTime() + 86_400_000).toISOString().slice(0, 10);
  let booked = 0;
  for (const dividend of await unbookedDividendsUpTo(deps.db, tomorrow)) {
    try {
      booked += (await bookDividend(deps, dividend.id)) ?? 0;
    } catch (error) {
      logJobFailure(deps.logger, error, `booking the dividend ${dividend.id} failed; it is tried again at the next pass`);
    }
  }
  return booked;
}
