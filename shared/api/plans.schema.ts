import * as z from 'zod/mini';
import { positiveInt } from './common.schema';
import { queueTabs } from './funding.schema';
import { paged } from './trades.schema';
import { wireDecimal } from './wire';

/**
 * Moving to another plan (docs/customer-area.md#plans): a plan with a price is paid once from the Live
 * balance, a plan without one is asked of staff, and a move that would raise leverage is never free.
 */

export const planRequestStatuses = ['pending', 'approved', 'rejected', 'paid'] as const;
export type PlanRequestStatus = (typeof planRequestStatuses)[number];

/** How a customer moves to a plan: paid at once, free at once (never a leverage upgrade), or asked of staff. */
export const planMoves = ['charge', 'free', 'approval'] as const;
export type PlanMove = (typeof planMoves)[number];

export const planTexts = {
  // The Account Plans screen (docs/customer-area.md#plans).
  title: 'Account Plans',
  loading: 'Loading plans...',
  empty: 'No plans available. Please try again later.',
  recommended: 'Recommended',
  current: 'Current Plan',
  currentPill: 'CURRENT PLAN',
  upgradePhone: 'Upgrade Plan',
  upgrade: 'Upgrade',
  confirmTitle: 'Confirm Plan Subscription',
  confirm: (title: string, price: string) => `You are about to subscribe to the ${title} plan (${price}). Do you want to continue?`,
  cancel: 'Cancel',
  confirmButton: 'Confirm Subscription',
  subscribing: 'Subscribing...',
  subscribed: 'Plan subscribed successfully',
  failed: 'Failed to subscribe to plan. Please try again.',

  // What each move is, said plainly.
  moveCharge: (price: string) => `One-off charge of ${price}, taken from your Live balance when you confirm. No recurring fee.`,
  moveFree: 'No charge: the plan changes as soon as you confirm.',
  moveApproval: 'No charge: our staff review the request (your experience and the leverage asked for) before the plan changes.',
  priceApproval: 'By approval',
  priceFree: 'Free',
  requestButton: 'Request Plan',
  switchButton: 'Switch Plan',
  /** The leverage risk, stated on the page and in the confirmation. */
  risk: (leverage: number) =>
    `Leverage up to 1:${leverage} multiplies losses as much as gains: at 1:${leverage}, a ${Number((100 / leverage).toPrecision(2))}% move against a position loses all the margin it holds. You can lose all the money in your account (never more: negative balance protection applies).`,
  /** `max`: the highest regulatory cap of any instrument traded now. */
  regulatoryCap: (max: number) =>
    `Whatever the plan, each instrument keeps its regulatory cap for retail clients, and none goes above 1:${max}: the order ticket shows the most each instrument takes. The plan’s leverage applies to new orders; open positions keep the leverage they were opened with.`,

  // Refusals.
  planNotFound: 'Plan not found.',
  samePlan: (title: string) => `You are already on the ${title} plan.`,
  pendingExists: (title: string) => `Your request for the ${title} plan is waiting for our staff. You can ask for another plan once it is decided.`,
  insufficient: (title: string, price: string, free: string) =>
    `The ${title} plan costs ${price}, and your Live account has ${free} free to pay it. Deposit funds or free some margin, then try again.`,
  pendingOrdersAbove: (title: string, leverage: number) =>
    `You have pending orders with leverage above 1:${leverage}, the most the ${title} plan allows. Cancel them first: they would otherwise open at their higher leverage.`,
  autotraderNotIncluded: (title: string) => `AutoTrader is on and the ${title} plan does not include it. Turn AutoTrader off first.`,
  noLiveAccount: 'You have no Live account to pay from.',

  // Answers.
  changed: (title: string) => `Plan subscribed successfully: you are now on the ${title} plan.`,
  paid: (title: string, price: string) => `Plan subscribed successfully: you are now on the ${title} plan. ${price} was taken from your Live balance.`,
  requested: (title: string) => `Your request for the ${title} plan was sent. Our staff review it; you are told when it is decided.`,

  // Staff.
  requestNotFound: 'Plan request not found.',
  nowPriced: (title: string) => `The ${title} plan has a price now: the customer moves to it by paying it, so this request can only be declined.`,
  alreadyDecided: 'This request has already been decided.',
  approved: (title: string) => `Approved: the customer is now on the ${title} plan.`,
  rejected: 'Rejected; the customer is told the reason.',
} as const;

/** `POST /plans/subscribe`, as the original client sends it. */
export const subscribeRequest = z.object({ plan_id: positiveInt(planTexts.planNotFound) });
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

/** A plan as the customer's Account Plans screen shows it, with how they would move to it. */
export const planOfferSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  color: z.nullable(z.string()),
  icon: z.nullable(z.string()),
  /** The plan's cap on leverage. */
  leverage: z.number(),
  /** The most any instrument takes on this plan (its cap within the instruments' regulatory caps): what the page advertises. */
  max_leverage: z.number(),
  is_default: z.boolean(),
  is_recommended: z.boolean(),
  /** In `currency`; null: moving to it needs staff approval. */
  price: z.nullable(wireDecimal),
  /** How this customer would move to it; null for their current plan. */
  move: z.nullable(z.enum(planMoves)),
  /** One value per `features` label, in the same order. */
  features: z.array(z.string()),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

/** A request as its customer sees it. */
export const myPlanRequestSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_title: z.string(),
  status: z.enum(planRequestStatuses),
  price: z.nullable(wireDecimal),
  reason: z.nullable(z.string()),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
});
export type MyPlanRequest = z.infer<typeof myPlanRequestSchema>;

/** `GET /plans`: the plans, the comparison rows, the customer's plan and their latest request. */
export const plansOverviewSchema = z.object({
  plans: z.array(planOfferSchema),
  features: z.array(z.string()),
  current_plan_id: z.nullable(z.number()),
  /** The highest regulatory leverage cap of any instrument traded now: no plan gives more on any instrument. */
  regulatory_cap: z.number(),
  /** The currency prices are in (the Live account's). */
  currency: z.string(),
  /** Their most recent request: a pending one, or the last decided (a rejection's reason shows). */
  latest_request: z.nullable(myPlanRequestSchema),
});
export type PlansOverview = z.infer<typeof plansOverviewSchema>;
export const plansOverviewResponse = z.object({ data: plansOverviewSchema });

/** The original client's answer to `POST /plans/subscribe`. */
export const subscribeResponse = z.object({ message: z.string() });

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────

export const planRequestQuery = z.object({
  /** All (pending first, then newest), pending only, or decided only. */
  status: z._default(z.enum(queueTabs, 'Choose pending, done or all.'), 'all'),
  /** A customer's e-mail, exactly. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(254, 'Search for at most 254 characters.'))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});
export type PlanRequestQuery = z.infer<typeof planRequestQuery>;

const planRef = z.object({ id: z.number(), title: z.string(), leverage: z.number() });

export const planRequestRowSchema = z.object({
  id: z.number(),
  customer: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  from_plan: z.nullable(planRef),
  plan: planRef,
  status: z.enum(planRequestStatuses),
  /** What was charged, for a paid move. */
  price: z.nullable(wireDecimal),
  currency: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  decided_by: z.nullable(z.string()),
  decided_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type PlanRequestRow = z.infer<typeof planRequestRowSchema>;

export const planRequestPage = z.extend(paged(planRequestRowSchema), { pending: z.number() });
