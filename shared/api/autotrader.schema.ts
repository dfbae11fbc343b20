import * as z from 'zod/mini';
import { positiveInt } from './common.schema';

/** AutoTrader's levels (docs/advisors.md#autotrader-levels): how many trades it may hold open at once (null: no limit of its own). */
export const autotraderLevels = ['low', 'medium', 'high'] as const;
export type AutotraderLevel = (typeof autotraderLevels)[number];
export const autotraderOpenLimit: Record<AutotraderLevel, number | null> = { low: 2, medium: 4, high: null };

/** POST /update/autotrader: the level asked for, and the account it should trade (the one selected; default Live). */
export const autotraderRequest = z.object({
  autotrader_type: z.enum(autotraderLevels, 'Choose a level: low, medium or high.'),
  account_id: z.optional(positiveInt('Choose an account.')),
});

export const autotraderRequestStatuses = ['pending', 'approved', 'refused'] as const;

/** A request as its customer and staff see it. */
export const autotraderRequestSchema = z.object({
  id: z.number(),
  level: z.enum(autotraderLevels),
  account_id: z.number(),
  account_title: z.string(),
  status: z.enum(autotraderRequestStatuses),
  reason: z.nullable(z.string()),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
});
export type AutotraderRequestView = z.infer<typeof autotraderRequestSchema>;

/** GET /autotrader: whether it trades for this customer, at which level on which account, and the latest request. */
export const autotraderStatusSchema = z.object({
  active: z.boolean(),
  level: z.nullable(z.enum(autotraderLevels)),
  account_id: z.nullable(z.number()),
  open_limit: z.nullable(z.number()),
  open_positions: z.number(),
  latest_request: z.nullable(autotraderRequestSchema),
});
export type AutotraderStatus = z.infer<typeof autotraderStatusSchema>;

/** GET /admin/autotrader/requests: each request with its customer. */
export const staffAutotraderRequestSchema = z.object({
  ...autotraderRequestSchema.shape,
  user: z.object({ id: z.number(), name: z.string(), email: z.string(), autotrader: z.boolean() }),
  decided_by: z.nullable(z.string()),
});
export type StaffAutotraderRequest = z.infer<typeof staffAutotraderRequestSchema>;

/** GET /admin/autotrader/active: whom AutoTrader trades for now. */
export const activeAutotraderSchema = z.object({
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  level: z.enum(autotraderLevels),
  account_id: z.number(),
  account_title: z.string(),
  open_positions: z.number(),
});
export type ActiveAutotrader = z.infer<typeof activeAutotraderSchema>;

export const autotraderRefusal = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, 'Give the customer a reason.'), z.maxLength(500, 'Keep the reason under 500 characters.')),
});
export const autotraderApproval = z.object({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500, 'Keep the reason under 500 characters.'))),
});

/** AutoTrader's texts (docs/advisors.md#autotrader), the server's answers among them (the pending one contains the phrase the client looks for). */
export const autotraderTexts = {
  pending: 'You already have a pending auto trader request.',
  pendingShown: 'You already have a pending AutoTrader request. Please wait for approval.',
  saved: 'AutoTrader settings saved successfully',
  failed: 'Failed to save AutoTrader settings',
  requested: 'Your AutoTrader request was sent. Our team will review it.',
  alreadyActive: 'AutoTrader is already active on your account.',
  turnedOff: 'AutoTrader turned off.',
  notActive: 'AutoTrader is not active.',
  requestNotFound: 'AutoTrader request not found.',
  alreadyDecided: 'This request has already been decided.',
  notInPlan: 'AutoTrader is not included in your plan. Upgrade your plan to request it.',
  planNoLonger: 'The customer’s plan no longer includes AutoTrader: refuse the request or change their plan first.',
  approvedTitle: 'AutoTrader approved',
  approvedMessage: (level: string, note: string | null) => `Your AutoTrader request was approved. It now trades for you at the ${level} level.${note ? ` ${note}` : ''}`,
  stoppedMessage: 'AutoTrader stopped because your account can no longer trade.',
  refusedTitle: 'AutoTrader request refused',
  refusedMessage: (reason: string) => `Your AutoTrader request was refused: ${reason}`,
  revokedTitle: 'AutoTrader turned off',
  revokedMessage: (reason: string) => `Our team turned AutoTrader off: ${reason}`,
  levelLabels: { low: 'Low (1-2 open trades)', medium: 'Medium (2-4 open trades)', high: 'High (no limit)' },
} as const;
