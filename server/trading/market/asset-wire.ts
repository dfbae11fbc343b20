import * as z from 'zod/mini';
import { assetSchema } from '../../../shared/api/assets.schema';
import type { Instrument } from './instruments';
import type { TradingConditions } from './conditions';
import type { Market } from './market';
import { presentAsset } from './asset-view';
import type { RatesAt } from '../db/financing.repo';
import { financingRatesFor } from '../financing/rates';

/**
 * The catalogue in the wire's types (docs/api-conventions.md#wire-types), one encoded asset per instrument,
 * kept until its quote, the instrument, the customer's leverage, plan's financing and conditions or its session changes. Encoding
 * all 230 assets with the schema on every `GET /assets` cost ~3 ms, ten times the JSON itself; between two ticks of an
 * instrument its encoded form is the same for every customer of the same leverage and plan.
 */
export function assetWireCache(market: Market) {
  const cache = new Map<string, { quote: unknown; instrument: Instrument; open: boolean; rates: RatesAt; conditions: TradingConditions; wire: z.input<typeof assetSchema> }>();
  return function wireAsset(instrument: Instrument, { leverage, rates, planId }: { leverage: number; rates: RatesAt; planId: number | null }): z.input<typeof assetSchema> {
    const group = market.groupOf(planId);
    const quote = market.quoteFor(instrument.id, group);
    const open = market.isOpen(instrument);
    const { conditions } = market;
    const key = `${instrument.id}:${leverage}:${group}`;
    const hit = cache.get(key);
    if (hit && hit.quote === quote && hit.instrument === instrument && hit.open === open && hit.rates === rates && hit.conditions === conditions) return hit.wire;
    const wire = z.encode(assetSchema, presentAsset(market, instrument, { leverage, financing: financingRatesFor(rates, instrument, planId), group }));
    cache.set(key, { quote, instrument, open, rates, conditions, wire });
    return wire;
  };
}
