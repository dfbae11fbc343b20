import type { FinancingRates } from '../../../shared/trading/financing';
import { markupKey, type RatesAt } from '../db/financing.repo';
import type { Instrument } from '../market/instruments';

/** The rates in force for one instrument and one plan (none: the default plan's), from the rates read at a moment. */
export function financingRatesFor(rates: RatesAt, instrument: Instrument, planId: number | null): FinancingRates {
  const points = rates.points.get(instrument.id);
  return {
    longPoints: points?.longPoints ?? '0',
    shortPoints: points?.shortPoints ?? '0',
    benchmarkPercent: rates.benchmarks.get(instrument.quoteCurrency) ?? '0',
    markup: rates.markups.get(markupKey(planId ?? rates.defaultPlanId, instrument.assetClass)) ?? '0',
  };
}
