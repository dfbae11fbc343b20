import * as z from 'zod/mini';
import { savingsEarlyRules, savingsPeriods } from '../savings';
import { isoDateTime, plainText } from './common.schema';
import { wireDecimal } from './wire';

/** Savings (docs/customer-area.md#savings): the plans a customer may open, their savings, and the admins' plan editor. */

export const savingsTexts = {
  loading: 'Loading...',
  plansFailed: 'Failed to fetch savings plans. Please try again later.',
  savingsFailed: 'Failed to fetch your savings. Please try again later.',
  created: 'Savings plan created successfully',
  createFailed: 'Failed to create savings plan',
  claimed: 'Earnings claimed successfully',
  claimFailed: 'Failed to claim savings',
  closeFailed: 'Failed to close savings',
  amountPositive: 'Amount must be greater than 0',
  amountCents: 'Amount can have at most 2 decimals.',
  belowMinimum: (min: string) => `The minimum for this plan is ${min}.`,
  overFree: (max: string) => `Your account cannot fund this: at most ${max} is free to move.`,
  planRequired: 'Choose one of the plans offered.',
  periodRequired: 'Choose one of the periods this plan offers.',
  noAccount: (currency: string) => `You have no Live account in ${currency} to fund this plan.`,
  accountNotFound: 'Account not found.',
  notOffered: 'Savings are not offered at the moment. Savings you already have stay visible here and can be closed.',
  savingNotFound: 'Saving not found.',
  closed: 'This saving is closed.',
  fixedClaim: 'Interest on a fixed-term saving is paid with the principal at maturity.',
  nothingToClaim: (currency: string) => `Nothing to claim yet: earnings are paid once they reach 0.01 ${currency}.`,
  locked: (date: string) => `This plan’s fixed terms cannot be ended early: your money is released on ${date}.`,
  planNotFound: 'Plan not found.',
  titleRequired: 'The plan needs a title (up to 80 characters).',
  currencyUnknown: 'Choose one of the site’s currencies.',
  rateRange: 'A rate is a yearly percentage above 0 and at most 100, with up to 3 decimals.',
  minAmount: 'The minimum is a positive amount with up to 2 decimals.',
  earlyRuleFixed: 'Savings are open on this plan under its early-withdrawal rule: that rule cannot change while they run. Make a new plan instead.',
  noRates: 'Offer at least one period with a rate.',
} as const;

/** An amount as typed: a positive number with up to 9 digits; cents are checked on their own so each message says what is wrong. */
const amountInput = z.pipe(
  z.union([z.string(), z.number()], savingsTexts.amountPositive),
  z.transform((value) => String(value).trim()),
);
export const savingsAmount = z.pipe(
  amountInput,
  z.string().check(
    z.regex(/^\d{1,9}(\.\d+)?$/, { error: savingsTexts.amountPositive, abort: true }),
    z.refine((text) => !/^0+(\.0+)?$/.test(text), { error: savingsTexts.amountPositive, abort: true }),
    z.regex(/^\d+(\.\d{1,2})?$/, savingsTexts.amountCents),
  ),
);

const periodField = z.enum(savingsPeriods, savingsTexts.periodRequired);
const planId = z.coerce.number(savingsTexts.planRequired).check(z.int(savingsTexts.planRequired), z.positive(savingsTexts.planRequired), z.maximum(2_147_483_647, savingsTexts.planRequired));

/** POST /savings/open: our own page's request; the rate is the plan's current one, never the caller's. */
export const openSavingRequest = z.strictObject({
  plan_id: planId,
  period: periodField,
  amount: savingsAmount,
  /** A Live account of the plan's currency; by default the main Live account (or the first of that currency). */
  account_id: z.optional(z.coerce.number(savingsTexts.accountNotFound).check(z.int(savingsTexts.accountNotFound), z.positive(savingsTexts.accountNotFound))),
});
export type OpenSavingRequest = z.infer<typeof openSavingRequest>;

/** POST /savings/store, the original client's: `roi` is read and ignored (the server's rate counts). */
export const legacyStoreRequest = z.object({
  plan_id: planId,
  period: periodField,
  amount: savingsAmount,
  roi: z.optional(z.unknown()),
});

/** POST /savings/claim/{id}, the original client's: only the id counts; what it sends besides is ignored. */
export const legacyClaimRequest = z.optional(z.object({}));

export const savingsTermSchema = z.object({ id: z.number(), period: z.enum(savingsPeriods), title: z.string(), roi: wireDecimal });
export const savingsPlanSchema = z.object({
  id: z.number(),
  title: z.string(),
  currency: z.string(),
  early_withdrawal: z.enum(savingsEarlyRules),
  min_amount: wireDecimal,
  terms: z.array(savingsTermSchema),
});
export type SavingsPlan = z.infer<typeof savingsPlanSchema>;

export const savingStatuses = ['active', 'closed'] as const;

export const savingSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  plan_title: z.string(),
  account_id: z.number(),
  account_number: z.string(),
  currency: z.string(),
  period: z.enum(savingsPeriods),
  period_label: z.string(),
  roi: wireDecimal,
  /** Interest days of the term; 0 for flexible. */
  days: z.number(),
  is_flexible: z.boolean(),
  amount: wireDecimal,
  /** Interest earned so far (paid and not yet paid), in cents rounded down. */
  earned: wireDecimal,
  /** Interest accrued and not yet paid, what a claim would pay now (cents, rounded down). */
  claimable: wireDecimal,
  paid: wireDecimal,
  /** Interest the saving no longer pays (ended early under forfeit_interest). */
  forfeited: wireDecimal,
  daily: wireDecimal,
  status: z.enum(savingStatuses),
  started_at: isoDateTime,
  ends_at: z.nullable(isoDateTime),
  closed_at: z.nullable(isoDateTime),
  days_elapsed: z.number(),
  days_accrued: z.number(),
  /** Whole days until the money is released (fixed, active); null otherwise. */
  release_in_days: z.nullable(z.number()),
  early_withdrawal: z.enum(savingsEarlyRules),
  /** Whether the customer may close it now, and what closing does (or why not). */
  can_close: z.boolean(),
  close_note: z.string(),
});
export type Saving = z.infer<typeof savingSchema>;

export const savingsAccountSchema = z.object({ id: z.number(), number: z.string(), currency: z.string(), is_primary: z.boolean(), free: wireDecimal });

export const savingsOverviewSchema = z.object({
  enabled: z.boolean(),
  now: isoDateTime,
  plans: z.array(savingsPlanSchema),
  accounts: z.array(savingsAccountSchema),
  savings: z.array(savingSchema),
});
export type SavingsOverview = z.infer<typeof savingsOverviewSchema>;

/** The original client's shapes (docs/compatibility.md#savings). */
export const legacyPlanSchema = z.object({
  id: z.number(),
  title: z.string(),
  period: z.string(),
  currency: z.string(),
  status: z.string(),
  periods: z.array(z.object({ roi: wireDecimal, title: z.string(), period: z.string() })),
});
export const legacySavingSchema = z.object({
  id: z.number(),
  currency: z.string(),
  roi: wireDecimal,
  days: z.number(),
  is_flexible: z.boolean(),
  amount: wireDecimal,
  earned: wireDecimal,
  start_date: isoDateTime,
  end_date: z.nullable(isoDateTime),
  usd_amount: wireDecimal,
  days_elapsed: z.number(),
  created_at: isoDateTime,
});

/* ---- The admins' plan editor ---- */

const textOf = (message: string) =>
  z.pipe(
    z.union([z.string(), z.number()], message),
    z.transform((value) => String(value).trim()),
  );
const rateText = z.pipe(
  textOf(savingsTexts.rateRange),
  z.string().check(
    z.regex(/^\d{1,3}(\.\d{1,3})?$/, savingsTexts.rateRange),
    z.refine((text) => Number(text) > 0 && Number(text) <= 100, savingsTexts.rateRange),
  ),
);
/** Each period's yearly rate; null (or left out) when the plan does not offer it. */
export const planRatesRequest = z.partialRecord(z.enum(savingsPeriods), z.nullable(rateText));
const minAmountText = z.pipe(
  textOf(savingsTexts.minAmount),
  z.string().check(
    z.regex(/^\d{1,9}(\.\d{1,2})?$/, savingsTexts.minAmount),
    z.refine((text) => Number(text) > 0, savingsTexts.minAmount),
  ),
);
const planTitle = z.string(savingsTexts.titleRequired).check(z.trim(), z.minLength(1, savingsTexts.titleRequired), z.maxLength(80, savingsTexts.titleRequired), plainText(savingsTexts.titleRequired));

export const createPlanRequest = z.strictObject({
  title: planTitle,
  currency: z.string(savingsTexts.currencyUnknown).check(z.regex(/^[A-Z]{3}$/, savingsTexts.currencyUnknown)),
  early_withdrawal: z.enum(savingsEarlyRules),
  min_amount: minAmountText,
  active: z.optional(z.boolean()),
  rates: planRatesRequest,
});
export type CreatePlanRequest = z.infer<typeof createPlanRequest>;

export const updatePlanRequest = z.strictObject({
  title: z.optional(planTitle),
  early_withdrawal: z.optional(z.enum(savingsEarlyRules)),
  min_amount: z.optional(minAmountText),
  active: z.optional(z.boolean()),
  sort_order: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  /** Only the periods named change: a new rate is a new term version, null retires the period. */
  rates: z.optional(planRatesRequest),
});
export type UpdatePlanRequest = z.infer<typeof updatePlanRequest>;

export const adminTermSchema = z.object({ id: z.number(), period: z.enum(savingsPeriods), roi: wireDecimal, created_at: isoDateTime, retired_at: z.nullable(isoDateTime) });
export const adminPlanSchema = z.object({
  id: z.number(),
  title: z.string(),
  currency: z.string(),
  active: z.boolean(),
  early_withdrawal: z.enum(savingsEarlyRules),
  min_amount: wireDecimal,
  sort_order: z.number(),
  /** The current rate of each period offered. */
  rates: z.partialRecord(z.enum(savingsPeriods), wireDecimal),
  /** Every version, newest first (the retired ones stay for the savings opened on them). */
  history: z.array(adminTermSchema),
  active_savings: z.number(),
  saved: wireDecimal,
});
export type AdminSavingsPlan = z.infer<typeof adminPlanSchema>;
export const adminSavingsSchema = z.object({ enabled: z.boolean(), currencies: z.array(z.string()), plans: z.array(adminPlanSchema) });
export type AdminSavings = z.infer<typeof adminSavingsSchema>;
