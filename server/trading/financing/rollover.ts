import { formatMoney, Money } from '../../../shared/money';
import { bookedFinancing, nightlyFinancing, nightsAt, rolloverInstant, type RolloverClock } from '../../../shared/trading/financing';
import type { Logger } from '../../logger';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import {
  addToPositions,
  bookedSwapReferences,
  claimRollover,
  completeRollover,
  lockAccounts,
  openTradesAmong,
  positionsOpenAt,
  ratesAt,
  type OpenAtRow,
  type RatesAt,
  type RolloverTrigger,
} from '../db/financing.repo';
import { candleCloseAt } from '../db/candles.repo';
import { addNotifications, presentNotification, type NotificationRow } from '../db/notifications.repo';
import { postEntries } from '../ledger/ledger';
import type { Market } from '../market/market';
import { presentTrade } from '../engine/trade-view';
import { financingRatesFor } from './rates';

/**
 * A day's rollover (docs/trading.md#overnight-financing): every position open at its instant is charged or credited
 * for its class's nights, one ledger entry each (`swap:{trade}:{day}`), added to the position's swap so far, with one
 * notice per account. Safe to run any number of times, anywhere, at once: each position's entry is looked for under
 * its account's lock before it is booked, so a day is charged once whoever runs it and however often.
 */
export interface RolloverDeps {
  db: AppDb;
  market: Market;
  bus: Bus;
  logger: Logger;
  clock: RolloverClock;
}

export interface RolloverResult {
  day: string;
  /** Positions this run booked (a re-run books none). */
  booked: number;
  /** The day had been completed before this run. */
  alreadyDone: boolean;
}

const pageSize = 2_000;
/** Within this long after the rollover the live quote is its price; later (a missed night) the stored candle's. */
const liveWindowMs = 2 * 60_000;

export async function runRollover(deps: RolloverDeps, day: string, { trigger, actorId = null }: { trigger: RolloverTrigger; actorId?: number | null }): Promise<RolloverResult> {
  const { db, market } = deps;
  const at = rolloverInstant(day, deps.clock);
  if (at.getTime() > market.now().getTime()) throw new Error(`the rollover of ${day} has not happened yet`);
  const { row } = await claimRollover(db, { day, at, trigger, actorId });
  if (row.completedAt) return { day, booked: 0, alreadyDone: true };
  const rates = await ratesAt(db, at);
  const prices = new Map<number, string | undefined>();
  let booked = 0;
  let afterId = 0;
  for (;;) {
    const page = await positionsOpenAt(db, at, { afterId, limit: pageSize });
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    for (const position of page) if (!prices.has(position.assetId)) prices.set(position.assetId, await priceAt(deps, position.assetId, at));
    booked += await bookPage(deps, day, page, (position) => chargeOf(deps.market, day, position, rates, prices.get(position.assetId)));
    if (page.length < pageSize) break;
  }
  await completeRollover(db, day, booked);
  deps.logger.info({ day, booked, trigger }, 'rollover booked');
  return { day, booked, alreadyDone: false };
}

async function priceAt({ db, market }: RolloverDeps, assetId: number, at: Date): Promise<string | undefined> {
  const live = market.quotes.get(assetId)?.mid;
  if (market.now().getTime() - at.getTime() <= liveWindowMs && live) return live;
  return (await candleCloseAt(db, assetId, at)) ?? live;
}

/** A position's charge for the day in its account's currency (booked: to the cent), or null when none is due. */
function chargeOf(market: Market, day: string, position: OpenAtRow, rates: RatesAt, price: string | undefined): string | null {
  const instrument = market.instrument(position.assetId);
  if (!instrument || !price) return null;
  const nights = nightsAt(day, instrument.assetClass);
  if (nights === 0) return null;
  const nightly = nightlyFinancing(
    { assetClass: instrument.assetClass, side: position.side, units: position.units, lots: position.lots, contractSize: instrument.contractSize, digits: instrument.digits, price },
    financingRatesFor(rates, instrument, position.planId),
  );
  const amount = bookedFinancing(nightly.times(nights).times(market.conversion(instrument.quoteCurrency, position.currency)));
  return amount.isZero() ? null : amount.toFixed(2);
}

/** Books one page of positions in one transaction under their accounts' locks; answers how many it booked. */
async function bookPage(deps: RolloverDeps, day: string, page: readonly OpenAtRow[], charge: (position: OpenAtRow) => string | null): Promise<number> {
  const due = page.flatMap((position) => {
    const amount = charge(position);
    return amount ? [{ position, amount, reference: `swap:${position.id}:${day}` }] : [];
  });
  if (due.length === 0) return 0;
  const outcome = await deps.db.transaction(async (tx) => {
    await lockAccounts(tx, [...new Set(due.map((d) => d.position.accountId))]);
    const done = await bookedSwapReferences(
      tx,
      due.map((d) => ({ accountId: d.position.accountId, reference: d.reference })),
    );
    const fresh = due.filter((d) => !done.has(d.reference));
    await postEntries(
      tx,
      fresh.map(({ position, amount, reference }) => ({
        accountId: position.accountId,
        kind: 'swap',
        amount,
        reference,
        memo: ['Overnight financing', deps.market.instrument(position.assetId)?.symbol, day].filter(Boolean).join(' '),
      })),
    );
    await addToPositions(
      tx,
      'swap',
      fresh.map((d) => ({ tradeId: d.position.id, amount: d.amount })),
    );
    const accounts = [...byAccount(fresh)].map(([accountId, entries]) => {
      const { userId, currency } = entries[0]!.position;
      const total = entries.reduce((sum, e) => sum.plus(e.amount), new Money(0));
      const message = `At the rollover of ${day}: ${formatMoney({ amount: total.toFixed(2), currency })} on ${entries.length} open position${entries.length === 1 ? '' : 's'}.`;
      return { accountId, userId, notice: { userId, title: 'Overnight financing', message, color: total.isNegative() ? ('warning' as const) : ('info' as const) } };
    });
    const rows = await addNotifications(
      tx,
      accounts.map((a) => a.notice),
    );
    const notices = accounts.map((a, i) => ({ userId: a.userId, accountId: a.accountId, notice: rows[i]! }));
    const open = await openTradesAmong(
      tx,
      fresh.map((d) => d.position.id),
    );
    return { booked: fresh.length, notices, open };
  });
  const owners = new Map(due.map((d) => [d.position.accountId, d.position]));
  for (const trade of outcome.open) {
    const owner = owners.get(trade.accountId)!;
    deps.bus.publish('trade.updated', { userId: owner.userId, accountId: trade.accountId, trade: presentTrade(deps.market, trade, owner) });
  }
  announce(deps, outcome.notices);
  return outcome.booked;
}

function byAccount<T extends { position: OpenAtRow }>(entries: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const entry of entries) {
    const list = groups.get(entry.position.accountId) ?? [];
    list.push(entry);
    groups.set(entry.position.accountId, list);
  }
  return groups;
}

/** After the commit: the notice, the account's new balance to the engine, and the customer's pages to re-read. */
function announce({ bus }: RolloverDeps, notices: readonly { userId: number; accountId: number; notice: NotificationRow }[]): void {
  for (const { userId, accountId, notice } of notices) {
    bus.publish('notification.message', { userId, notification: presentNotification(notice) });
    bus.publish('account.changed', { userId, accountId });
    bus.publish('user.updated', { userId });
  }
}
