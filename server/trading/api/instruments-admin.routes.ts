import type { AdminInstrument } from '../../../shared/api/instruments-admin.schema';
import { api } from '../../../shared/api/endpoints';
import type { AssetClass } from '../../../shared/constants';
import { Money } from '../../../shared/money';
import { schedules, type ScheduleId } from '../../../shared/trading/hours';
import { assetPage, type AssetRow } from '../db/instruments.repo';
import type { ApiDeps } from '../deps';
import { changeInstrument } from '../market/instrument-changes';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { pageOf } from './paging';

const perPage = 50;

function presentInstrument(row: AssetRow): AdminInstrument {
  const schedule = (row.schedule in schedules ? row.schedule : 'default') as ScheduleId;
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    asset_class: row.assetClass as AssetClass,
    digits: row.digits,
    enabled: row.enabled,
    // Stored as NUMERIC(12,8); shown in its shortest form (0.00005, not 0.00005000).
    buy_spread: new Money(row.buySpread).toString(),
    sell_spread: new Money(row.sellSpread).toString(),
    schedule,
    schedule_label: schedules[schedule].label,
    regulatory_leverage_cap: row.regulatoryLeverageCap,
  };
}

/** Admins' instruments (docs/back-office.md#instruments). */
export function instrumentsAdminRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;

  on(api.adminInstruments, async ({ query }) => {
    const { rows, total } = await assetPage(db, { q: query.q, assetClass: query.class, page: query.page, perPage });
    return pageOf({ rows: rows.map(presentInstrument), page: query.page, perPage, total, path: api.adminInstruments.path, filters: { q: query.q, class: query.class } });
  });

  on(api.changeInstrument, async ({ params: { id }, body }, req, res) => {
    const { row, changed } = await changeInstrument(db, staffActorOf(req, res), id, body);
    if (changed) deps.bus.publish('instrument.changed', { assetId: id });
    return { data: { instrument: presentInstrument(row), changed }, message: changed ? `${row.symbol} changed.` : 'Nothing changed.' };
  });

  return router;
}
