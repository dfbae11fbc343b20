import { defaultLeverage } from '../constants';

/**
 * The precedence of docs/trading.md#leverage: the customer's per-class setting, then the asset's leverage, then the
 * account type's (plan's), then 20. Whatever is chosen never exceeds the plan's leverage or the
 * regulatory cap of the instrument.
 */
export function effectiveLeverage({
  userClassLeverage,
  assetLeverage,
  planLeverage,
  regulatoryCap,
}: {
  userClassLeverage?: number | null | undefined;
  assetLeverage?: number | null | undefined;
  planLeverage?: number | null | undefined;
  regulatoryCap: number;
}): number {
  const chosen = userClassLeverage ?? assetLeverage ?? planLeverage ?? defaultLeverage;
  return Math.max(1, Math.min(chosen, planLeverage ?? chosen, regulatoryCap));
}
