import * as z from 'zod/mini';
import { isoDateTime, resource } from './common.schema';
import { wireDecimal } from './wire';

export const roles = ['customer', 'staff', 'admin'] as const;
export type Role = (typeof roles)[number];
/** Staff and admins work the back office (chat with any customer, settings, approvals). */
export const isStaffRole = (role: Role): boolean => role === 'staff' || role === 'admin';
export const userStatuses = ['active', 'pending', 'deactivated'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const accountTypes = ['live', 'demo'] as const;
export const accountTitles: Record<(typeof accountTypes)[number], string> = { live: 'Live Account', demo: 'Demo Account' };
/** An account as every screen names it: "Live Account #5000001". */
export const accountName = (account: { title: string; number: string }) => `${account.title} #${account.number}`;

/**
 * An account's status as the original's Accounts screen shows it (docs/accounts-and-ledger.md#the-user-object): active while its
 * owner may open trades on it, inactive while they await approval, suspended when deactivated (the
 * standing of `server/trading/engine/standing.ts`).
 */
export const accountStatuses = ['active', 'inactive', 'suspended'] as const;
export type AccountStatus = (typeof accountStatuses)[number];
/**
 * Which side of the original's wallet transfer form an account is offered on (docs/accounts-and-ledger.md#the-user-object): the
 * sign-up Live account receives ('to'), each additional Live account is a source ('from'), and Demo money
 * never moves (null).
 */
export const transferTypes = ['to', 'from'] as const;

export const tradingAccountSchema = z.object({
  id: z.number(),
  number: z.string(),
  /** live or demo (the original's wallets say balance or credit; each of our accounts holds both buckets). */
  type: z.enum(accountTypes),
  title: z.string(),
  currency: z.string(),
  balance: wireDecimal,
  credit_balance: wireDecimal,
  status: z.enum(accountStatuses),
  transfer_type: z.nullable(z.enum(transferTypes)),
});
export type TradingAccount = z.infer<typeof tradingAccountSchema>;

export const accountTypeSchema = z.object({
  id: z.number(),
  title: z.string(),
  color: z.nullable(z.string()),
  icon: z.nullable(z.string()),
  image: z.nullable(z.string()),
  leverage: z.number(),
});

/** A stored notification (docs/realtime.md#notifications); ids are strings because the client also makes local `temp-…` ones. */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  color: z.enum(['success', 'danger', 'warning', 'info']),
  read: z.boolean(),
  read_at: z.nullable(isoDateTime),
  created_at: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * Identity verification (KYC) as the original reads it (docs/accounts-and-ledger.md#the-user-object): the case the
 * customer's documents make, computed on the server (docs/customer-area.md#verification): 'unverified' until they send
 * one, 'pending' while one waits for review, 'rejected' when one was refused, 'approved' once staff approved their
 * identity and proof of address. Never approved without that review.
 */
export const verificationStatuses = ['unverified', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/**
 * The customer's trading record on the Live account (the account of the top-level `balance`), from the
 * ledger and the closed trades (docs/accounts-and-ledger.md#the-user-object): realized P/L, closed trades
 * won, lost and in all, deposits, and the share won in percent (0 with no closed trade).
 */
export const tradesSummarySchema = z.object({
  total_pnl: wireDecimal,
  total_wins: z.number(),
  total_losses: z.number(),
  trades_count: z.number(),
  total_deposit: wireDecimal,
  win_rate: wireDecimal,
});
export type TradesSummary = z.infer<typeof tradesSummarySchema>;

export const userSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.nullable(z.string()),
  email: z.string(),
  avatar: z.nullable(z.string()),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  /** Why staff deactivated the account (or sent it back to approval), as they wrote it; null while active. */
  status_reason: z._default(z.nullable(z.string()), null),
  is_online: z.boolean(),
  /** The Live account's figures, at the top level of the user object (docs/accounts-and-ledger.md#the-user-object). */
  balance: wireDecimal,
  credit_balance: wireDecimal,
  account_id: z.string(),
  currency: z.string(),
  accounts: z.array(tradingAccountSchema),
  account_type: z.nullable(accountTypeSchema),
  eas: z.array(z.number()),
  autotrader: z.boolean(),
  notifications: z.array(notificationSchema),
  /** False exactly when the API refuses this user's orders for who they are (`mayOpenTrades`). */
  can_open_trade: z.boolean(),
  /** Always true: closing a position is never taken away. */
  can_close_trade: z.boolean(),
  verification_status: z.enum(verificationStatuses),
  trades_summary: tradesSummarySchema,
  created_at: isoDateTime,
  /** Profile (docs/customer-area.md#personal-information). */
  phone: z.nullable(z.string()),
  country: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** `YYYY-MM-DD`. */
  birth_date: z.nullable(z.string()),
  /** Preferences (docs/customer-area.md#settings): figures' currency (null: the account's), language, sounds. */
  display_currency: z.nullable(z.string()),
  language: z.nullable(z.string()),
  sounds_enabled: z.boolean(),
  /** Trade-room preferences (docs/trade-room.md#one-click-trading, #market-watch). */
  one_click_trading: z.boolean(),
  watch_digits: z.enum(['fixed', 'instrument']),
  /** The trade room "Trade room" links open (docs/trade-room.md#terminals). */
  terminal: z.enum(['classic', 'light']),
  two_factor_enabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponse = resource(userSchema);

export const notificationColors = ['success', 'danger', 'warning', 'info'] as const;
/** Staff writing to a customer: `POST /admin/users/{id}/notifications`. */
export const notificationCreateRequest = z.strictObject({
  title: z._default(z.string().check(z.trim(), z.maxLength(120, 'The title may not be greater than 120 characters.')), 'Notification'),
  message: z.string('The message field is required.').check(z.trim(), z.minLength(1, 'The message field is required.'), z.maxLength(1000, 'The message may not be greater than 1000 characters.')),
  color: z._default(z.enum(notificationColors, 'The color must be success, danger, warning or info.'), 'info'),
});

export const heartbeatResponse = resource(z.object({ is_online: z.boolean(), last_seen_at: isoDateTime }));
