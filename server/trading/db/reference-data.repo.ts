import { asc } from 'drizzle-orm';
import type { Currency, Plan } from '../../../shared/api/data.schema';
import { defaultClassLeverage, defaultCurrency, leverageKeys, leverageKeyOf, type AssetClass, type LeverageKey } from '../../../shared/constants';
import { currencyIcon } from '../../../shared/countries';
import type { Executor } from './database';
import { assetClasses, currencies, planFeatures, planFeatureValues, plans } from './schema';

/** Every currency, each marked whether customers may pick it for display (`shown`: the site's list, null for all; USD always). */
export async function listCurrencies(db: Executor, shown: readonly string[] | null = null): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.sortOrder), asc(currencies.code));
  const display = (code: string) => shown === null || code === defaultCurrency || shown.includes(code);
  return rows.map((row) => ({ code: row.code, name: row.name, symbol: row.symbol, icon: currencyIcon(row.code), rate: row.rate, decimals: row.decimals, display: display(row.code) }));
}

export async function listPlanFeatures(db: Executor): Promise<{ id: number; label: string }[]> {
  return db.select({ id: planFeatures.id, label: planFeatures.label }).from(planFeatures).orderBy(asc(planFeatures.sortOrder), asc(planFeatures.id));
}

/** Plans with `features` aligned to `listPlanFeatures` (an empty string where a plan has no value). */
export async function listPlans(db: Executor): Promise<{ plans: Plan[]; featureLabels: string[] }> {
  const [planRows, features, values] = [await db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.id)), await listPlanFeatures(db), await db.select().from(planFeatureValues)];
  const valueOf = new Map(values.map((v) => [`${v.planId}:${v.featureId}`, v.value]));
  return {
    featureLabels: features.map((f) => f.label),
    plans: planRows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      color: row.color,
      icon: row.icon,
      image: row.image,
      leverage: row.leverage,
      is_default: row.isDefault,
      is_recommended: row.isRecommended,
      autotrader: row.autotraderAllowed,
      price: row.price,
      features: features.map((f) => valueOf.get(`${row.id}:${f.id}`) ?? ''),
    })),
  };
}

export async function leverageMap(db: Executor): Promise<Record<LeverageKey, number>> {
  const rows = await db.select().from(assetClasses);
  const map = Object.fromEntries(leverageKeys.map((key) => [key, defaultClassLeverage])) as Record<LeverageKey, number>;
  for (const row of rows) map[leverageKeyOf(row.id as AssetClass)] = row.defaultLeverage;
  return map;
}
