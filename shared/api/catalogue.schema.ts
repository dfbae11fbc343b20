import * as z from 'zod/mini';
import { plainText, positiveInt } from './common.schema';
import { wireDecimal } from './wire';

/**
 * The catalogue admins edit (docs/back-office.md#catalogue): expert advisors (name, description, price,
 * billing, on sale or not, the plans that include them) and plans (title, colour, leverage, recommended,
 * AutoTrader, price or staff approval, the comparison's feature values, the advisors they include).
 */

export const advisorBillings = ['one_time', 'monthly'] as const;
export type AdvisorBilling = (typeof advisorBillings)[number];
export const advisorBillingLabels: Record<AdvisorBilling, string> = { one_time: 'One-time', monthly: 'Monthly' };

/** The feature rows the server keeps in step with the plan's own fields, unless the admin writes that row in the same change. */
export const autotraderFeatureLabel = 'AutoTrader';
export const leverageFeatureLabel = 'Maximum leverage';
/** What those rows read when kept in step. */
export const autotraderFeatureValue = (allowed: boolean) => (allowed ? 'Yes' : 'No');
export const leverageFeatureValue = (leverage: number) => `1:${leverage}`;

/** The highest price an advisor may have (exclusive), and the most plans, advisors and feature values one change names. */
const priceDigits = 7;
const mostIds = 100;

export const catalogueTexts = {
  advisorNotFound: 'Expert Advisor not found.',
  planNotFound: 'Plan not found.',
  notAnObject: 'Send the changes as a JSON object.',
  unknownFields: (keys: readonly string[]) => `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}.`,
  isDefault: 'The default plan is not changed here: there is exactly one, the plan new customers get.',
  name: 'Give a name of 1 to 100 characters.',
  description: 'Give a description of 1 to 2,000 characters.',
  controlCharacters: (field: string) => `The ${field} holds characters that cannot be stored.`,
  price: 'Give the price in USD as a number, such as 49 or 29.99 (0 makes it free).',
  priceNegative: 'The price cannot be negative (0 makes it free).',
  priceDecimals: 'The price may have at most 2 decimals.',
  priceTooHigh: 'The price must be below 10,000,000.',
  billing: 'Choose one-time or monthly billing.',
  flag: (field: string) => `${field} is true or false.`,
  planIds: 'Give the plans as a list of plan ids.',
  advisorIds: 'Give the advisors as a list of advisor ids.',
  tooManyIds: `Name at most ${mostIds}.`,
  unknownPlans: (ids: readonly number[]) => `No plan has the id ${ids.join(', ')}.`,
  unknownAdvisors: (ids: readonly number[]) => `No Expert Advisor has the id ${ids.join(', ')}.`,
  title: 'Give a title of 1 to 50 characters.',
  color: 'Give the colour as #rrggbb (such as #2563eb), or null for none.',
  leverage: 'The leverage is a whole number, at least 1.',
  leverageAbove: (max: number) => `The leverage may be at most ${max} (1:${max}, the highest leverage of any asset class): more would never apply.`,
  features: 'Give the feature values as an object of feature id to text.',
  unknownFeature: 'No feature row has this id.',
  featureValue: 'A feature value is text of at most 100 characters.',
  unchanged: 'Nothing changed.',
  advisorSaved: (name: string) => `${name} saved.`,
  planSaved: (title: string) => `${title} saved. Customers see it within 5 seconds.`,
  /** A customer buying an advisor that is not on sale (POST /purchase/ea). */
  advisorNotSold: 'This Expert Advisor is no longer sold.',
} as const;

/** Why a price is refused, or null when it is 0 or more with at most 2 decimals and below 10,000,000. */
export function priceProblem(text: string): string | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return catalogueTexts.price;
  const [, minus, whole = '', fraction = ''] = match;
  if (minus) return catalogueTexts.priceNegative;
  if (fraction.length > 2) return catalogueTexts.priceDecimals;
  if (whole.replace(/^0+(?=\d)/, '').length > priceDigits) return catalogueTexts.priceTooHigh;
  return null;
}

/** A strict object's own refusals: not an object, or fields it does not take (each named). */
const strictErrors = (iss: z.core.$ZodRawIssue) => {
  if (iss.code !== 'unrecognized_keys') return catalogueTexts.notAnObject;
  const keys = (iss as { keys?: string[] }).keys ?? [];
  return keys.includes('is_default') ? catalogueTexts.isDefault : catalogueTexts.unknownFields(keys);
};

const line = (message: string, field: string, max: number) => z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message), plainText(catalogueTexts.controlCharacters(field)));
const flag = (field: string) => z.boolean(catalogueTexts.flag(field));
const idList = (message: string) => z.array(positiveInt(message), message).check(z.maxLength(mostIds, catalogueTexts.tooManyIds));

const priceField = z.string(catalogueTexts.price).check(
  z.trim(),
  z.superRefine((value: string, ctx) => {
    const problem = priceProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** `PATCH /admin/catalogue/advisors/{id}`: only the fields sent change. */
export const advisorChangeRequest = z.strictObject(
  {
    name: z.optional(line(catalogueTexts.name, 'name', 100)),
    description: z.optional(
      z
        .string(catalogueTexts.description)
        .check(z.trim(), z.minLength(1, catalogueTexts.description), z.maxLength(2000, catalogueTexts.description), plainText(catalogueTexts.controlCharacters('description'), { multiline: true })),
    ),
    /** USD, a decimal string: 0 or more, at most 2 decimals. Applies to new purchases and the next monthly renewal. */
    price: z.optional(priceField),
    billing: z.optional(z.enum(advisorBillings, catalogueTexts.billing)),
    /** On sale in the marketplace. */
    enabled: z.optional(flag('Enabled')),
    /** Every plan that includes the advisor (the others do not). */
    plan_ids: z.optional(idList(catalogueTexts.planIds)),
  },
  { error: strictErrors },
);
export type AdvisorChangeRequest = z.infer<typeof advisorChangeRequest>;

const featureValues = z
  .record(
    z.string().check(z.regex(/^[1-9]\d{0,8}$/)),
    z.string(catalogueTexts.featureValue).check(z.trim(), z.maxLength(100, catalogueTexts.featureValue), plainText(catalogueTexts.controlCharacters('feature value'))),
    { error: (iss) => (iss.code === 'invalid_key' ? catalogueTexts.unknownFeature : catalogueTexts.features) },
  )
  .check(z.refine((values) => Object.keys(values).length <= mostIds, catalogueTexts.tooManyIds));

/** `PATCH /admin/catalogue/plans/{id}`: only the fields sent change; `is_default` is not among them. */
export const planChangeRequest = z.strictObject(
  {
    title: z.optional(line(catalogueTexts.title, 'title', 50)),
    color: z.optional(z.nullable(z.string(catalogueTexts.color).check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, catalogueTexts.color)))),
    /** 1 to the highest leverage of any asset class (checked by the server, which knows the classes). */
    leverage: z.optional(z.int(catalogueTexts.leverage).check(z.minimum(1, catalogueTexts.leverage))),
    is_recommended: z.optional(flag('Recommended')),
    autotrader_allowed: z.optional(flag('AutoTrader allowed')),
    /**
     * USD, a decimal string: what moving to the plan costs, once, from the Live balance; null: the move
     * needs staff approval instead. A free plan (0) never raises leverage for free: staff approve that move
     * (docs/customer-area.md#plans).
     */
    price: z.optional(z.nullable(priceField)),
    /** Feature id → the plan's text for that row of the comparison (empty shows nothing). */
    features: z.optional(featureValues),
    /** Every advisor the plan includes (the others it does not). */
    advisor_ids: z.optional(idList(catalogueTexts.advisorIds)),
  },
  { error: strictErrors },
);
export type PlanChangeRequest = z.infer<typeof planChangeRequest>;

export const catalogueAdvisorSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  author: z.string(),
  category: z.string(),
  image: z.nullable(z.string()),
  /** USD; 0 is free. */
  price: wireDecimal,
  billing: z.enum(advisorBillings),
  /** On sale: listed for everyone and bought. Off: only those who have it (owned or by plan) see it. */
  enabled: z.boolean(),
  plan_ids: z.array(z.number()),
  /** Customers who own it now (bought for good, or a monthly one inside its paid month). */
  owners: z.number(),
});
export type CatalogueAdvisor = z.infer<typeof catalogueAdvisorSchema>;

export const catalogueFeatureSchema = z.object({ id: z.number(), label: z.string() });
export type CatalogueFeature = z.infer<typeof catalogueFeatureSchema>;

export const cataloguePlanSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  color: z.nullable(z.string()),
  leverage: z.number(),
  is_default: z.boolean(),
  is_recommended: z.boolean(),
  autotrader_allowed: z.boolean(),
  /** USD, once, from the Live balance when a customer moves to it; null: staff approve the move. */
  price: z.nullable(wireDecimal),
  /** One value per feature row, in the rows' order. */
  features: z.array(z.object({ id: z.number(), label: z.string(), value: z.string() })),
  advisor_ids: z.array(z.number()),
  /** Customers on the plan (those with none count on the default plan, whose leverage they get). */
  customers: z.number(),
});
export type CataloguePlan = z.infer<typeof cataloguePlanSchema>;

export const catalogueSchema = z.object({
  advisors: z.array(catalogueAdvisorSchema),
  plans: z.array(cataloguePlanSchema),
  features: z.array(catalogueFeatureSchema),
  /** The most leverage a plan may be given: the highest leverage of any asset class (docs/trading.md#leverage). */
  leverage_max: z.number(),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const advisorChangeResponse = z.object({ data: catalogueAdvisorSchema, changed: z.boolean(), message: z.string() });
export const planChangeResponse = z.object({ data: cataloguePlanSchema, changed: z.boolean(), message: z.string() });
