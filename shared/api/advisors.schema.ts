import * as z from 'zod/mini';
import { decimalString } from './common.schema';

/** Client-spec §3 "Expert advisor" as the server sends it, with what ownership and plans say. */
export const advisorSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  author: z.string(),
  /** The price as a number string ("0.00" is free) and as shown. */
  amount_val: decimalString,
  amount: z.string(),
  billing: z.enum(['one_time', 'monthly']),
  image: z.nullable(z.string()),
  type: z.string(),
  rating: z.number(),
  /** Customers who own it. */
  downloads: z.number(),
  features: z.array(z.string()),
  /** purchased when this customer owns it or their plan includes it. */
  status: z.enum(['purchased', 'available']),
  included_in_plan: z.boolean(),
});
export type Advisor = z.infer<typeof advisorSchema>;

/** The catalogue entry every signed-in page may read from GET /data (no one's ownership in it). */
export const advisorSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.nullable(z.string()),
  type: z.string(),
  amount_val: decimalString,
  billing: z.enum(['one_time', 'monthly']),
});
export type AdvisorSummary = z.infer<typeof advisorSummarySchema>;
export const advisorList = z.object({ data: z.array(advisorSchema) });

export const purchaseRequest = z.object({
  expert_advisor_id: z.coerce.number().check(z.int('Choose an Expert Advisor.'), z.positive('Choose an Expert Advisor.')),
});

export const advisorTexts = {
  notFound: 'Expert Advisor not found.',
  alreadyOwned: 'You already own this Expert Advisor.',
  insufficientBalance: 'Insufficient balance on your Live account to buy this Expert Advisor.',
  purchased: (name: string) => `${name} is yours.`,
} as const;
