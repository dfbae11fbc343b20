import type { AssetClass } from '../../../shared/constants';
import { rawConditions, type Conditions } from '../../../shared/trading/conditions';
import { readConditions, type ConditionRow } from '../db/conditions.repo';
import type { Executor } from '../db/database';
import type { Instrument } from './instruments';

type ConditionFields = Pick<ConditionRow, 'planId' | 'assetClass' | 'assetId' | 'spreadMarkup' | 'commissionKind' | 'commissionRate' | 'commissionMinimum'>;

/** A client group: a plan's id (0 when there is no plan at all). */
export type Group = number;

interface PlanConditions {
  classes: Map<AssetClass, Conditions>;
  instruments: Map<number, Conditions>;
}

/**
 * Every plan's trading conditions in memory (docs/trading.md#trading-conditions): what a group's quotes add to the raw
 * spread and what it pays in commission, per instrument. Read at start and again whenever an admin changes them
 * (`conditions.changed`); a plan with none set trades raw.
 */
export class TradingConditions {
  private constructor(
    private readonly plans: ReadonlyMap<number, PlanConditions>,
    readonly defaultPlanId: number | null,
  ) {}

  /** Everyone at the raw quote, no commission (markets built without a database: benchmarks, unit tests). */
  static raw(): TradingConditions {
    return new TradingConditions(new Map(), null);
  }

  static async load(db: Executor): Promise<TradingConditions> {
    return TradingConditions.from(await readConditions(db));
  }

  static from({ rows, defaultPlanId }: { rows: readonly ConditionFields[]; defaultPlanId: number | null }): TradingConditions {
    const plans = new Map<number, PlanConditions>();
    for (const row of rows) {
      let plan = plans.get(row.planId);
      if (!plan) plans.set(row.planId, (plan = { classes: new Map(), instruments: new Map() }));
      const conditions: Conditions = {
        spreadMarkup: row.spreadMarkup,
        commission: { kind: row.commissionKind, rate: row.commissionRate, minimum: row.commissionMinimum },
      };
      if (row.assetId === null) plan.classes.set(row.assetClass, conditions);
      else plan.instruments.set(row.assetId, conditions);
    }
    return new TradingConditions(plans, defaultPlanId);
  }

  /** The group of an account or customer on this plan (none: the default plan's). */
  group(planId: number | null): Group {
    return planId ?? this.defaultPlanId ?? 0;
  }

  /** A group's conditions for an instrument: its override, else its class's, else raw. */
  of(group: Group, instrument: Pick<Instrument, 'id' | 'assetClass'>): Conditions {
    const plan = this.plans.get(group);
    return plan?.instruments.get(instrument.id) ?? plan?.classes.get(instrument.assetClass) ?? rawConditions;
  }

  /** A group's conditions by class, as set (for the plans page's computed rows). */
  classesOf(group: Group): ReadonlyMap<AssetClass, Conditions> {
    return this.plans.get(group)?.classes ?? new Map();
  }
}
