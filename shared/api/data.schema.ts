import * as z from 'zod/mini';
import { leverageKeys } from '../constants';
import { advisorSummarySchema } from './advisors.schema';
import { decimalString, resource } from './common.schema';

export const currencySchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** Units of this currency per 1 USD. */
  rate: decimalString,
  decimals: z.number(),
});
export type Currency = z.infer<typeof currencySchema>;

export const planSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  color: z.nullable(z.string()),
  icon: z.nullable(z.string()),
  image: z.nullable(z.string()),
  leverage: z.number(),
  is_default: z.boolean(),
  is_recommended: z.boolean(),
  /** One value per `plan_features` row label, in the same order. */
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

const leverageShape = Object.fromEntries(leverageKeys.map((key) => [key, z.number()])) as Record<(typeof leverageKeys)[number], z.ZodMiniNumber>;

export const siteDataSchema = z.object({
  leverage: z.object(leverageShape),
  currencies: z.array(currencySchema),
  plans: z.array(planSchema),
  plan_features: z.array(z.string()),
  expert_advisors: z.array(advisorSummarySchema),
});
export type SiteData = z.infer<typeof siteDataSchema>;

export const siteDataResponse = resource(siteDataSchema);
