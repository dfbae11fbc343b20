import type { InstrumentChange } from '../../../shared/api/instruments-admin.schema';
import { instrumentTexts } from '../../../shared/api/instruments-admin.schema';
import { recordAudit } from '../db/audit.repo';
import type { AppDb } from '../db/database';
import { lockAsset, updateAsset, type AssetRow } from '../db/instruments.repo';
import { fail, refusal } from '../errors';
import type { StaffActor } from '../users/staff-actor';

/**
 * An admin lists or unlists an instrument, changes its spreads or its trading hours (docs/back-office.md#instruments),
 * audited with before and after. The caller publishes `instrument.changed` so every trading process reloads it:
 * unlisted, it takes no new orders, while open trades on it still price and close.
 */
export async function changeInstrument(db: AppDb, actor: StaffActor, id: number, change: InstrumentChange): Promise<{ row: AssetRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockAsset(tx, id);
    if (!before) fail(refusal.notFound(instrumentTexts.notFound));
    const values: Partial<Pick<AssetRow, 'enabled' | 'buySpread' | 'sellSpread' | 'schedule'>> = {};
    if (change.enabled !== undefined && change.enabled !== before.enabled) values.enabled = change.enabled;
    if (change.buy_spread !== undefined && Number(change.buy_spread) !== Number(before.buySpread)) values.buySpread = change.buy_spread;
    if (change.sell_spread !== undefined && Number(change.sell_spread) !== Number(before.sellSpread)) values.sellSpread = change.sell_spread;
    if (change.schedule !== undefined && change.schedule !== before.schedule) values.schedule = change.schedule;
    if (Object.keys(values).length === 0) return { row: before, changed: false };
    const row = await updateAsset(tx, id, values);
    const pick = (r: AssetRow) => ({ enabled: r.enabled, buy_spread: r.buySpread, sell_spread: r.sellSpread, schedule: r.schedule });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'catalogue.instrument_updated',
      subjectType: 'asset',
      subjectId: id,
      details: { symbol: before.symbol, before: pick(before), after: pick(row) },
      ip: actor.ip,
    });
    return { row, changed: true };
  });
}
