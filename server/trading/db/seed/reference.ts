import { sql } from 'drizzle-orm';
import type { AppDb } from '../database';
import { instrumentImage, instrumentSeeds, maxDeviationByClass } from './instrument-seeds';
import { advisorSeeds, planOrder } from './advisor-seeds';
import { assetClasses, assets, benchmarkRates, currencies, expertAdvisors, planExpertAdvisors, planFeatures, planFeatureValues, planConditions, planFinancing, plans, swapPoints } from '../schema';
import { neutralSwapPoints, referenceBenchmarks, referencePlanMarkups } from './financing-seeds';
import { referencePlanConditions } from './condition-seeds';
import { assetClasses as assetClassIds } from '../../../../shared/constants';

/**
 * Reference data a broker edits but cannot start without: asset classes with their default leverage,
 * display currencies with reference rates (units per USD; the price feed keeps them current once it
 * runs), the instrument catalogue, and the account plans. Written only into empty tables, so staff edits are never overwritten.
 */
export const referenceAssetClasses = [
  { id: 'forex', label: 'Forex', defaultLeverage: 100, sortOrder: 1 },
  { id: 'stocks', label: 'Stocks', defaultLeverage: 100, sortOrder: 2 },
  { id: 'indices', label: 'Indices', defaultLeverage: 100, sortOrder: 3 },
  { id: 'crypto', label: 'Crypto', defaultLeverage: 100, sortOrder: 4 },
  { id: 'commodities', label: 'Commodities', defaultLeverage: 100, sortOrder: 5 },
  { id: 'metals', label: 'Metals', defaultLeverage: 100, sortOrder: 6 },
];

export const referenceCurrencies = [
  { code: 'USD', name: 'US Dollar', symbol: '$', rate: '1', decimals: 2, sortOrder: 1 },
  { code: 'EUR', name: 'Euro', symbol: '€', rate: '0.92', decimals: 2, sortOrder: 2 },
  { code: 'GBP', name: 'British Pound', symbol: '£', rate: '0.79', decimals: 2, sortOrder: 3 },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', rate: '150.5', decimals: 0, sortOrder: 4 },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF ', rate: '0.88', decimals: 2, sortOrder: 5 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'C$', rate: '1.37', decimals: 2, sortOrder: 6 },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', rate: '1.52', decimals: 2, sortOrder: 7 },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', rate: '1550', decimals: 2, sortOrder: 8 },
];

// Only rows a behaviour backs: the plan's leverage cap (the plans page shows what instruments really take), its advisors, AutoTrader.
const featureRows = ['Maximum leverage', 'Expert Advisors', 'AutoTrader'];

export const referencePlans = [
  {
    slug: 'basic',
    title: 'Basic',
    color: '#64748b',
    icon: 'shield',
    leverage: 20,
    isDefault: true,
    isRecommended: false,
    autotraderAllowed: false,
    // Moving back to the default plan is free: it only lowers leverage (docs/customer-area.md#plans).
    price: '0.00' as string | null,
    sortOrder: 1,
    features: ['1:20', 'Free advisors', 'No'],
  },
  {
    slug: 'pro',
    title: 'Pro',
    color: '#2563eb',
    icon: 'star',
    leverage: 100,
    isDefault: false,
    isRecommended: true,
    autotraderAllowed: true,
    // A one-off charge from the Live balance.
    price: '49.00',
    sortOrder: 2,
    features: ['1:100', 'Free and Pro advisors', 'Yes'],
  },
  {
    slug: 'premium',
    title: 'Premium',
    color: '#b45309',
    icon: 'crown',
    leverage: 200,
    isDefault: false,
    isRecommended: false,
    autotraderAllowed: true,
    // The most leverage: staff approve each move (experience and appropriateness), no charge.
    price: null,
    sortOrder: 3,
    features: ['1:200', 'All advisors', 'Yes'],
  },
];

async function isEmpty(
  db: AppDb,
  table: typeof plans | typeof currencies | typeof assetClasses | typeof assets | typeof expertAdvisors | typeof swapPoints | typeof benchmarkRates | typeof planFinancing | typeof planConditions,
): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (row?.n ?? 0) === 0;
}

export async function seedReferenceData(db: AppDb): Promise<void> {
  const newSite = await isEmpty(db, plans);
  await seedMarketsAndPlans(db);
  await seedAdvisors(db);
  await seedFinancing(db);
  // Only with the plans themselves: a site that was trading before conditions existed keeps its customers' prices until
  // its admins set conditions (docs/trading.md#trading-conditions).
  if (newSite) await seedConditions(db);
}

/** Each plan's starting spread markups and commissions, when none are set (docs/trading.md#trading-conditions). */
async function seedConditions(db: AppDb): Promise<void> {
  if (!(await isEmpty(db, planConditions))) return;
  const planRows = await db.select({ id: plans.id, slug: plans.slug }).from(plans);
  const values = planRows.flatMap((plan) => {
    const byClass = referencePlanConditions[plan.slug];
    if (!byClass) return [];
    return assetClassIds.map((assetClass) => {
      const { spreadMarkup, commission } = byClass[assetClass];
      return { planId: plan.id, assetClass, spreadMarkup, ...(commission ? { commissionKind: commission.kind, commissionRate: commission.rate, commissionMinimum: commission.minimum } : {}) };
    });
  });
  if (values.length > 0) await db.insert(planConditions).values(values);
}

/** Seeded rates are in force from long ago, so any rollover (a missed one run late too) finds them. */
const seededFrom = new Date('2000-01-01T00:00:00Z');

/** Overnight financing's starting rates, each table when it is empty (docs/trading.md#overnight-financing). */
async function seedFinancing(db: AppDb): Promise<void> {
  if (await isEmpty(db, benchmarkRates)) {
    await db.insert(benchmarkRates).values(Object.entries(referenceBenchmarks).map(([currency, ratePercent]) => ({ currency, ratePercent, effectiveFrom: seededFrom })));
  }
  if (await isEmpty(db, swapPoints)) {
    const rows = await db
      .select({ id: assets.id, assetClass: assets.assetClass, baseCurrency: assets.baseCurrency, quoteCurrency: assets.quoteCurrency, digits: assets.digits, price: assets.seedPrice })
      .from(assets);
    const pointed = rows.filter((row) => row.assetClass === 'forex' || row.assetClass === 'metals');
    if (pointed.length > 0) await db.insert(swapPoints).values(pointed.map((row) => ({ assetId: row.id, ...neutralSwapPoints(row), effectiveFrom: seededFrom })));
  }
  if (await isEmpty(db, planFinancing)) {
    const planRows = await db.select({ id: plans.id, slug: plans.slug }).from(plans);
    const values = planRows.flatMap((plan) => {
      const markups = referencePlanMarkups[plan.slug];
      return markups ? assetClassIds.map((assetClass) => ({ planId: plan.id, assetClass, markup: markups[assetClass], effectiveFrom: seededFrom })) : [];
    });
    if (values.length > 0) await db.insert(planFinancing).values(values);
  }
}

/** The instruments (with their classes and currencies) and the plans, each when its table is empty. */
export async function seedMarketsAndPlans(db: AppDb): Promise<void> {
  if (await isEmpty(db, assetClasses)) await db.insert(assetClasses).values(referenceAssetClasses);
  if (await isEmpty(db, currencies)) await db.insert(currencies).values(referenceCurrencies);
  if (await isEmpty(db, assets)) {
    await db.insert(assets).values(
      instrumentSeeds.map((seed, i) => ({
        symbol: seed.symbol,
        name: seed.name,
        shortKey: seed.shortKey,
        assetClass: seed.assetClass,
        category: seed.category,
        baseCurrency: seed.baseCurrency,
        quoteCurrency: seed.quoteCurrency,
        digits: seed.digits,
        contractSize: String(seed.contractSize),
        buySpread: seed.halfSpread,
        sellSpread: seed.halfSpread,
        maxDeviation: maxDeviationByClass[seed.assetClass],
        regulatoryLeverageCap: seed.regulatoryCap,
        schedule: seed.schedule,
        tvSymbol: seed.tvSymbol,
        image: instrumentImage(seed.symbol),
        seedPrice: seed.price,
        volatility: String(seed.volatility),
        sortOrder: i + 1,
      })),
    );
  }
  if (await isEmpty(db, plans)) {
    await db.transaction(async (tx) => {
      const features = await tx
        .insert(planFeatures)
        .values(featureRows.map((label, i) => ({ label, sortOrder: i + 1 })))
        .returning();
      for (const { features: values, ...plan } of referencePlans) {
        const [row] = await tx.insert(plans).values(plan).returning({ id: plans.id });
        if (!row) throw new Error('plan insert returned no row');
        await tx.insert(planFeatureValues).values(features.map((f, i) => ({ planId: row.id, featureId: f.id, value: values[i] ?? '' })));
      }
    });
  }
}

/** The advisor catalogue and which plans include what, when it is empty. */
async function seedAdvisors(db: AppDb): Promise<void> {
  if (await isEmpty(db, expertAdvisors)) {
    await db.transaction(async (tx) => {
      const planRows = await tx.select({ id: plans.id, slug: plans.slug }).from(plans);
      for (const [i, { includedFrom, ...advisor }] of advisorSeeds.entries()) {
        const [row] = await tx
          .insert(expertAdvisors)
          .values({ ...advisor, image: `/advisors/${advisor.slug}.svg`, sortOrder: i + 1 })
          .returning({ id: expertAdvisors.id });
        if (!row || includedFrom === null) continue;
        // A plan includes what its own tier and the tiers below it include.
        const from = planOrder.indexOf(includedFrom);
        const including = planRows.filter((plan) => planOrder.indexOf(plan.slug as (typeof planOrder)[number]) >= from);
        if (including.length > 0) await tx.insert(planExpertAdvisors).values(including.map((plan) => ({ planId: plan.id, expertAdvisorId: row.id })));
      }
    });
  }
}
