import * as z from 'zod/mini';
import { accountLimits } from '../constants';
import { tradeTexts } from '../trading/texts';
import { isoDateTime, positiveInt } from './common.schema';
import { amountPattern, moneyAmount } from './customer-funding.schema';
import { accountSummarySchema, paged } from './trades.schema';
import { accountTypes } from './user.schema';
import { wireDecimal } from './wire';

/**
 * The customer's accounts, opening more, and transfers between their own real-money accounts
 * (docs/customer-area.md#accounts). The page, the API and the original client's `POST /account/convert`
 * share these texts and schemas.
 */

export const accountsTexts = {
  title: 'Accounts',
  subtitle: 'View your wallets and move funds between them',
  noWallets: 'No wallets yet',
  transferTitle: 'Transfer Between Wallets',
  transferNote: 'Move funds between your wallets instantly. Transfers are free and settle immediately — no fees, no waiting.',
  transferred: 'Transfer completed successfully',
  transferFailed: 'Transfer failed',
  fromRequired: 'Choose the account to transfer from.',
  toRequired: 'Choose the account to transfer to.',
  sameAccount: 'Choose two different accounts.',
  amountPositive: 'Amount must be greater than 0',
  accountNotFound: tradeTexts.accountNotFound,
  demoNeverMoves: 'Demo accounts hold virtual money: nothing moves between a Demo account and another account.',
  currencyDiffers: (from: string, to: string) => `Both accounts must be in the same currency: this one is ${from}, the other ${to}.`,
  overTransferable: (max: string) => `The account cannot transfer this: at most ${max} is free to transfer (cash only, keeping the margin of open trades).`,
  creditStays: 'Bonus credit cannot be transferred: it is released only under its bonus terms. Only cash moves between your accounts.',
  typeRequired: 'Choose Live or Demo.',
  limitReached: (title: string, max: number) => `You already hold ${max} ${title}s, the most one customer may open.`,
  opened: (name: string) => `${name} is open.`,
  openFailed: 'The account could not be opened',
  legacyWallet: 'Choose one of your accounts by its number.',
} as const;

/** POST /accounts/transfers: from one of my accounts to another, an amount of cash (≤ 2 decimals, more than 0). */
export const transferRequest = z.strictObject({
  from_account_id: positiveInt(accountsTexts.fromRequired),
  to_account_id: positiveInt(accountsTexts.toRequired),
  amount: moneyAmount.check(z.refine((value) => !amountPattern.test(value) || /[1-9]/.test(value), accountsTexts.amountPositive)),
});
export type TransferRequest = z.infer<typeof transferRequest>;

const transferSide = z.object({ id: z.number(), number: z.string(), title: z.string() });

/** A transfer as the customer's list shows it. */
export const transferSchema = z.object({
  id: z.number(),
  from: transferSide,
  to: transferSide,
  amount: wireDecimal,
  currency: z.string(),
  created_at: isoDateTime,
});
export type TransferView = z.infer<typeof transferSchema>;
export const transferPage = paged(transferSchema);
export const transferQuery = z.object({ page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1) });

/** POST /accounts: another account of this type, up to `accountLimits`. */
export const openAccountRequest = z.strictObject({ type: z.enum(accountTypes, accountsTexts.typeRequired) });

/** One of my accounts with its figures at the current quotes, whether it is the sign-up one, and what may leave it by a transfer. */
export const walletSchema = z.extend(accountSummarySchema, {
  primary: z.boolean(),
  /** Cash that may leave now: the balance, never so much that free margin without the credit goes below zero; 0 on Demo. */
  transferable: wireDecimal,
});
export type WalletView = z.infer<typeof walletSchema>;

const limitSchema = z.object({ held: z.number(), max: z.number() });

/** GET /accounts/overview: what the Accounts page draws. */
export const accountsOverviewSchema = z.object({
  accounts: z.array(walletSchema),
  limits: z.object({ live: limitSchema, demo: limitSchema }),
  /** The plan's leverage (1:n), or null without a plan. */
  leverage: z.nullable(z.number()),
});
export type AccountsOverview = z.infer<typeof accountsOverviewSchema>;

/**
 * POST /account/convert (the original's form, multipart): `from_account` / `to_account` name an account by
 * its number, or as the original's `{type}_wallet` (docs/compatibility.md#accounts-and-transfers).
 */
const walletName = (message: string) => z.optional(z.string(message).check(z.trim(), z.maxLength(40, message)));
export const legacyConvertRequest = z.object({
  from_account: walletName(accountsTexts.fromRequired),
  to_account: walletName(accountsTexts.toRequired),
  amount: z.optional(z.union([z.string(), z.number()])),
});

export { accountLimits };
