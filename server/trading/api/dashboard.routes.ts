import { marketStripSymbols, movementLabel, rangeDays, recentMovements, type MarketTile } from '../../../shared/api/dashboard.schema';
import { api } from '../../../shared/api/endpoints';
import { accountTitles } from '../../../shared/api/user.schema';
import { Money } from '../../../shared/money';
import { changeOf } from '../../../shared/trading/prices';
import { feedTiming } from '../../../shared/trading/terminal';
import { accountsOfUser } from '../db/accounts.repo';
import { dailyBalances, dailyRealizedPnl, firstRecordedPrices, latestMovements, openMarginByClass, previousDailyCloses } from '../db/dashboard.repo';
import type { ApiDeps } from '../deps';
import { accountOfUser } from '../engine/accounts';
import { advertisedLeverage } from '../engine/orders';
import { displaySymbol } from '../market/asset-view';
import { authOf } from './auth.middleware';
import { allocationOf, everyDayBalance, rangeStart, utcDay } from './dashboard.presenter';
import { endpointRouter } from './endpoint-router';

/** The dashboard's figures (docs/customer-area.md#dashboard). */
export function dashboardRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { market } = deps;

  /** The market strip: our instruments nearest the original's seven, each priced by our feed, its change against our last daily close. */
  async function marketStrip(): Promise<MarketTile[]> {
    const listed = marketStripSymbols.flatMap((symbol) => market.instruments.filter((i) => i.symbol === symbol && i.enabled));
    const now = market.now();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const ids = listed.map((i) => i.id);
    const [closes, firsts] = await Promise.all([previousDailyCloses(db, { assetIds: ids, before: today }), firstRecordedPrices(db, { assetIds: ids, since: today })]);
    return listed.flatMap((instrument) => {
      const quote = market.quotes.get(instrument.id);
      if (!quote) return [];
      const previous = closes.get(instrument.id);
      const first = firsts.get(instrument.id);
      const basis = previous !== undefined ? { kind: 'previous_close' as const, price: previous, at: null } : first ? { kind: 'first_today' as const, price: first.price, at: first.at } : null;
      const change = basis === null ? null : changeOf({ price: quote.mid, open: basis.price, digits: instrument.digits });
      const open = market.isOpen(instrument, now);
      return [
        {
          id: instrument.id,
          symbol: instrument.symbol,
          symbol_display: displaySymbol(instrument),
          name: instrument.name,
          price: quote.mid,
          digits: instrument.digits,
          previous_close: previous === undefined ? null : new Money(previous).toFixed(instrument.digits),
          change_basis: basis?.kind ?? null,
          basis_price: basis === null ? null : new Money(basis.price).toFixed(instrument.digits),
          basis_at: basis?.at?.toISOString() ?? null,
          change: change?.change ?? null,
          change_percent: change?.percent ?? null,
          at: new Date(quote.time).toISOString(),
          market_open: open,
          stale: open && now.getTime() - quote.time > feedTiming.staleAfterMs,
        },
      ];
    });
  }

  on(api.dashboard, async (_input, _req, res) => {
    const { user } = authOf(res);
    // Real money only: demo play money is never summed with it nor listed as a transaction.
    const live = (await accountsOfUser(db, user.id)).filter((a) => a.type === 'live');
    const ids = live.map((a) => a.id);
    const currencyOf = new Map(live.map((a) => [a.id, a.currency]));
    const { leverage: classLeverage } = await deps.referenceData.get();
    const [margins, movements, strip, maxLeverage] = await Promise.all([
      openMarginByClass(db, ids),
      latestMovements(db, { accountIds: ids, limit: recentMovements }),
      marketStrip(),
      advertisedLeverage(db, user, { instruments: market.instruments, classLeverage }),
    ]);
    const currency = live[0]?.currency ?? 'USD';
    return {
      data: {
        max_leverage: maxLeverage,
        allocation: allocationOf(margins, { currency, currencyOf: (id) => currencyOf.get(id) ?? currency, convert: (from, to) => market.conversion(from, to) }),
        recent: movements.map((m) => ({
          id: m.id,
          account_number: m.accountNumber,
          kind: m.kind,
          label: movementLabel(m.kind),
          bucket: m.bucket,
          amount: m.amount,
          currency: m.currency,
          memo: m.memo,
          created_at: m.createdAt.toISOString(),
        })),
        market: strip,
      },
    };
  });

  on(api.dashboardPerformance, async ({ query }, _req, res) => {
    const { user } = authOf(res);
    const account = await accountOfUser(db, user.id, query.account_id);
    // The ledger's clock (its entries are stamped by the database), not the market's.
    const now = new Date();
    const from = rangeStart(now, rangeDays[query.range]);
    const to = utcDay(now);
    const [pnl, balances] = await Promise.all([dailyRealizedPnl(db, { accountId: account.id, from }), dailyBalances(db, { accountId: account.id, from })]);
    return {
      data: {
        account: { id: account.id, number: account.number, type: account.type, title: accountTitles[account.type], currency: account.currency },
        range: query.range,
        from: utcDay(from),
        to,
        pnl: pnl.map((p) => ({ day: p.day, amount: p.amount, closes: p.closes })),
        balance: everyDayBalance(balances, to),
        closes: pnl.reduce((n, p) => n + p.closes, 0),
        total: pnl.reduce((sum, p) => sum.plus(p.amount), new Money(0)).toFixed(2),
      },
    };
  });

  return router;
}
