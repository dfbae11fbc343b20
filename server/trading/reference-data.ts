import type { AdvisorSummary } from '../../shared/api/advisors.schema';
import { advisorSummaries } from './ea/advisors';
import type { Currency, Plan } from '../../shared/api/data.schema';
import type { LeverageKey } from '../../shared/constants';
import { createTtlCache, type TtlCache } from '../ttl-cache';
import { leverageMap, listCurrencies, listPlans } from './db/reference-data.repo';
import type { AppDb } from './db/database';
import { getSettings } from './db/settings.repo';

export interface ReferenceData {
  leverage: Record<LeverageKey, number>;
  currencies: Currency[];
  plans: Plan[];
  planFeatures: string[];
  advisors: AdvisorSummary[];
}

/**
 * The reference data every signed-in page reads (leverage per class, currencies, plans): the same for
 * everyone and rarely changed, so each API process keeps it for a few seconds instead of five queries a call.
 */
export function createReferenceData(db: AppDb, ttlMs = 5_000): TtlCache<ReferenceData, void> {
  return createTtlCache(async () => {
    const { display_currencies: shown } = await getSettings(db);
    const [leverage, currencies, { plans, featureLabels }, advisors] = [await leverageMap(db), await listCurrencies(db, shown), await listPlans(db), await advisorSummaries(db)];
    return { leverage, currencies, plans, planFeatures: featureLabels, advisors };
  }, ttlMs);
}
