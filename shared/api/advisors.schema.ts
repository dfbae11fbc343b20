import * as z from 'zod/mini';
import { positiveInt } from './common.schema';
import { wireDecimal } from './wire';

/** An expert advisor as the server sends it (docs/advisors.md#catalogue), with what ownership and plans say. */
export const advisorSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  author: z.string(),
  /** The price as a number string ("0.00" is free) and as shown. */
  amount_val: wireDecimal,
  amount: z.string(),
  billing: z.enum(['one_time', 'monthly']),
  image: z.nullable(z.string()),
  type: z.string(),
  /** The average of customers' stars, to one decimal (0: none yet), how many rated it, and this customer's own (docs/advisors.md#ratings). */
  rating: z.number(),
  ratings_count: z.number(),
  my_rating: z.nullable(z.number()),
  /** Customers who own it. */
  downloads: z.number(),
  features: z.array(z.string()),
  /** purchased when this customer owns it or their plan includes it. */
  status: z.enum(['purchased', 'available']),
  included_in_plan: z.boolean(),
  /** A monthly advisor this customer pays for: when the paid month ends (it renews from the Live balance then). */
  renews_at: z.nullable(z.string()),
});
export type Advisor = z.infer<typeof advisorSchema>;

/** The catalogue entry every signed-in page may read from GET /data (no one's ownership in it). */
export const advisorSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.nullable(z.string()),
  type: z.string(),
  amount_val: wireDecimal,
  billing: z.enum(['one_time', 'monthly']),
});
export type AdvisorSummary = z.infer<typeof advisorSummarySchema>;
export const advisorList = z.object({ data: z.array(advisorSchema) });

/** A customer's stars for an advisor they have (docs/advisors.md#ratings). */
const starsMessage = 'Choose from 1 to 5 stars.';
export const rateRequest = z.strictObject({
  stars: z.int(starsMessage).check(z.minimum(1, starsMessage), z.maximum(5, starsMessage)),
});
export const ratingSchema = z.object({ rating: z.number(), ratings_count: z.number(), my_rating: z.number() });
export type Rating = z.infer<typeof ratingSchema>;

export const purchaseRequest = z.object({
  expert_advisor_id: positiveInt('Choose an Expert Advisor.'),
});

export const advisorTexts = {
  alreadyOwned: 'You already own this Expert Advisor.',
  rateNotOwned: 'Only customers who have this Expert Advisor can rate it.',
  rated: 'Thank you: your rating is saved.',
  insufficientBalance: 'Insufficient balance on your Live account to buy this Expert Advisor.',
  purchased: (name: string) => `${name} is yours.`,
  renewedTitle: 'Expert Advisor renewed',
  renewed: (name: string, amount: string) => `${name} renewed for another month: ${amount} USD from your Live balance.`,
  lapsedTitle: 'Expert Advisor subscription ended',
  lapsed: (name: string) => `${name} could not be renewed: your Live balance does not cover its monthly price. Buy it again in the marketplace to keep using it.`,
} as const;

/** How an EA did on one account: closed trades and their result, and what is open now. Money in the account currency. */
export const advisorStatsSchema = z.object({
  /** Every trade it opened on the account (open and closed). */
  trades: z.number(),
  closed: z.number(),
  wins: z.number(),
  /** Percent of closed trades that made money, one decimal ("0.0" with none closed). */
  win_rate: z.string(),
  realized_pnl: wireDecimal,
  open_positions: z.number(),
  /** Live P/L of its open positions at the server's quotes when read; the browser keeps it live from its own prices. */
  floating_pnl: wireDecimal,
});
export type AdvisorStats = z.infer<typeof advisorStatsSchema>;

/** The customer's one activated EA (docs/advisors.md#activation) and whether the server is running it. */
export const activationSchema = z.object({
  expert_advisor: z.object({ id: z.number(), name: z.string(), image: z.nullable(z.string()) }),
  running: z.boolean(),
  /** The account and instrument it trades (set when started; kept after a stop). */
  account_id: z.nullable(z.number()),
  asset_id: z.nullable(z.number()),
  asset_symbol: z.nullable(z.string()),
  activated_at: z.string(),
  started_at: z.nullable(z.string()),
  /** Why the server stopped it by itself (its loss limit, the account closed…), null otherwise. */
  stopped_reason: z.nullable(z.string()),
  /** Figures on `account_id` (or on the account asked for with `?account_id=`). */
  stats: advisorStatsSchema,
});
export type Activation = z.infer<typeof activationSchema>;
export const activationAnswer = z.object({ data: z.nullable(activationSchema), message: z.optional(z.string()) });

export const advisorStartRequest = z.object({
  account_id: positiveInt('Choose an account.'),
  asset_id: positiveInt('Choose an instrument.'),
});
export const advisorStatsQuery = z.object({ account_id: z.optional(positiveInt('Choose an account.')) });

/** The expert advisors' texts: the server's answers, which the EA panel shows (docs/advisors.md#activation). */
export const eaTexts = {
  notFound: 'Expert Advisor not found',
  notAllowed: 'This Expert Advisor is not available for your plan',
  notActive: 'This Expert Advisor is not active.',
  activateFirst: 'Please activate the EA before starting automated trading.',
  activated: (name: string) => `${name} has been activated.`,
  deactivated: (name: string) => `${name} has been deactivated.`,
  started: 'Expert Advisor started',
  stopped: 'Expert Advisor stopped',
  nothingActivated: 'No Expert Advisor is activated.',
  lossLimit: (percent: string) => `Stopped at its loss limit of ${percent} % of the balance; its trades were closed.`,
  accountClosed: 'Stopped: the account can no longer trade.',
  planChanged: 'Stopped: your plan or subscription no longer includes this Expert Advisor.',
} as const;

export const advisorIdParam = z.object({ id: positiveInt(eaTexts.notFound) });
