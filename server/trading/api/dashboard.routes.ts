import { movementLabel, rangeDays, recentMovements } from '../../../shared/api/dashboard.schema';
import { api } from '../../../shared/api/endpoints';
import { accountTitles } from '../../../shared/api/user.schema';
import { Money } from '../../../shared/money';
import { accountsOfUser } from '../db/accounts.repo';
import { dailyBalances, dailyRealizedPnl, latestMovements, openMarginByClass } from '../db/dashboard.repo';
import type { ApiDeps } from '../deps';
import { accountOfUser } from '../engine/accounts';
import { advertisedLeverage } from '../engine/orders';
import { authOf } from './auth.middleware';
import { allocationOf, everyDayBalance, rangeStart, utcDay } from './dashboard.presenter';
import { endpointRouter } from './endpoint-router';
import { marketStrip } from './market-strip';

/** The dashboard's figures (docs/customer-area.md#dashboard). */
export function dashboardRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { market } = deps;

  const strip = marketStrip({ db, market });

  on(api.dashboard, async (_input, _req, res) => {
    const { user } = authOf(res);
    // Real money only: demo play money is never summed with it nor listed as a transaction.
    const live = (await accountsOfUser(db, user.id)).filter((a) => a.type === 'live');
    const currencyOf = new Map(live.map((a) => [a.id, a.currency]));
    const { leverage: classLeverage, plans } = await deps.referenceData.get();
    const [margins, movements, tiles] = await Promise.all([openMarginByClass(db, user.id), latestMovements(db, { userId: user.id, limit: recentMovements }), strip()]);
    const maxLeverage = advertisedLeverage(user, { instruments: market.instruments, classLeverage, plans });
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
        market: tiles,
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
