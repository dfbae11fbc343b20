import type { Database } from '../../server/trading/db/database';
import { seedReferenceData } from '../../server/trading/db/seed/reference';
import { LocalBus } from '../../server/trading/bus';
import { ManualPriceSource } from '../../server/trading/market/price-source';
import { openMarket } from '../../server/trading/market/start';
import { marketsOpenAt } from './clock';

/** What every test file's database starts with: migrated, reference data, and each market's 24-hour history at the tests' fixed clock. */
export async function fillTemplate(database: Database): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
  await openMarket({ db: database.db, bus: new LocalBus(), source: () => new ManualPriceSource(), now: () => marketsOpenAt });
}
