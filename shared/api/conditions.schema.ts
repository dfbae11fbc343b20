import * as z from 'zod/mini';
import { assetClasses } from '../constants';
import { commissionKinds } from '../trading/conditions';
import { wireDecimal } from './wire';

/** Plans' trading conditions as client groups (docs/trading.md#trading-conditions): what admins see and set. */

export const conditionTexts = {
  plan: 'Choose a plan.',
  assetClass: 'Choose an asset class.',
  instrument: 'Choose an instrument of that class, or none for the whole class.',
  markup: 'A spread markup is a whole number of points from 0 to 100,000.',
  kind: 'Choose how the commission is charged: per lot, or on the notional.',
  rate: 'A commission rate is from 0 to 10,000, with at most 4 decimals: USD per lot, or basis points of the notional.',
  minimum: 'A minimum commission is from 0 to 10,000 USD, with at most 2 decimals.',
  noOverride: 'That plan has no conditions of its own for that instrument.',
  set: (plan: string, scope: string) => `${plan}'s conditions for ${scope} set: quotes and commissions use them from now.`,
  removed: (plan: string, symbol: string) => `${symbol} trades at its class's conditions on ${plan} again.`,
};

const id = (message: string) => z.coerce.number(message).check(z.int(message), z.minimum(1, message));
const decimalUpTo = (message: string, places: number) =>
  z.string(message).check(
    z.trim(),
    z.regex(new RegExp(`^\\d{1,5}(\\.\\d{1,${places}})?$`), message),
    z.refine((v) => Number(v) <= 10_000, message),
  );

export const setConditionsRequest = z.object({
  plan_id: id(conditionTexts.plan),
  asset_class: z.enum(assetClasses, conditionTexts.assetClass),
  /** Absent, empty or 0: the class's own conditions; an instrument: its override. */
  asset_id: z.optional(z.nullable(z.union([z.literal(''), z.coerce.number(conditionTexts.instrument).check(z.int(conditionTexts.instrument), z.minimum(0, conditionTexts.instrument))]))),
  spread_markup: z.coerce.number(conditionTexts.markup).check(z.int(conditionTexts.markup), z.minimum(0, conditionTexts.markup), z.maximum(100_000, conditionTexts.markup)),
  commission_type: z.enum(commissionKinds, conditionTexts.kind),
  commission_rate: decimalUpTo(conditionTexts.rate, 4),
  commission_min: decimalUpTo(conditionTexts.minimum, 2),
});

export const removeOverrideRequest = z.object({
  plan_id: id(conditionTexts.plan),
  asset_id: id(conditionTexts.instrument),
});

export const conditionSchema = z.object({
  plan_id: z.number(),
  plan: z.string(),
  asset_class: z.enum(assetClasses),
  /** Null: the whole class's. */
  asset_id: z.nullable(z.number()),
  symbol: z.nullable(z.string()),
  spread_markup: z.number(),
  commission_type: z.enum(commissionKinds),
  commission_rate: wireDecimal,
  commission_min: wireDecimal,
  updated_at: z.string(),
});
export type ConditionView = z.infer<typeof conditionSchema>;

export const conditionList = z.object({
  data: z.object({
    conditions: z.array(conditionSchema),
    /** What the form chooses from. */
    plans: z.array(z.object({ id: z.number(), title: z.string(), is_default: z.boolean() })),
    instruments: z.array(z.object({ id: z.number(), symbol: z.string(), asset_class: z.enum(assetClasses) })),
  }),
});
export type ConditionList = z.infer<typeof conditionList>['data'];
