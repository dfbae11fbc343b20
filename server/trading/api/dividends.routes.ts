import { dividendTexts, type DividendView } from '../../../shared/api/dividends.schema';
import { api } from '../../../shared/api/endpoints';
import { Money } from '../../../shared/money';
import { exDateOpen, paysDividends } from '../../../shared/trading/dividends';
import { recordAudit } from '../db/audit.repo';
import { insertDividend, recentDividends, type DividendRow } from '../db/dividends.repo';
import type { ApiDeps } from '../deps';
import { fail, refusal } from '../errors';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

const shown = 50;

const present = (dividend: DividendRow, symbol: string): DividendView => ({
  id: dividend.id,
  asset_id: dividend.assetId,
  symbol,
  ex_date: dividend.exDate,
  amount: new Money(dividend.amount).toString(),
  long_percent: new Money(dividend.longPercent).toString(),
  booked_at: dividend.bookedAt?.toISOString() ?? null,
  positions: dividend.positions,
});

/** Admins enter dividends on shares and indices (docs/trading.md#dividends), audited; the leader books each at its ex-date's open. */
export function dividendsRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;

  on(api.dividends, async () => ({
    data: {
      dividends: (await recentDividends(db, shown)).map((r) => present(r.dividend, r.symbol)),
      instruments: deps.market.instruments.filter((i) => paysDividends(i.assetClass)).map((i) => ({ id: i.id, symbol: i.symbol })),
    },
  }));

  on(api.enterDividend, async ({ body }, req, res) => {
    const actor = staffActorOf(req, res);
    const instrument = deps.market.instrument(body.asset_id);
    if (!instrument || !paysDividends(instrument.assetClass)) fail(refusal.invalid(dividendTexts.instrument, 'asset_id'));
    const open = exDateOpen(instrument.schedule, body.ex_date);
    if (!open) fail(refusal.invalid(dividendTexts.closedThatDay, 'ex_date'));
    if (open <= deps.market.now()) fail(refusal.invalid(dividendTexts.past, 'ex_date'));
    const row = await db.transaction(async (tx) => {
      const inserted = await insertDividend(tx, { assetId: instrument.id, exDate: body.ex_date, amount: body.amount, longPercent: body.long_percent, createdBy: actor.id });
      if (!inserted) fail(refusal.conflict(dividendTexts.exists));
      await recordAudit(tx, { actorId: actor.id, action: 'dividend.entered', subjectType: 'dividend', subjectId: inserted.id, details: { symbol: instrument.symbol, ...body }, ip: actor.ip });
      return inserted;
    });
    return { data: { dividend: present(row, instrument.symbol) }, message: dividendTexts.entered(instrument.symbol, body.ex_date) };
  });

  return router;
}
