import * as z from 'zod/mini';
import { tradeTexts } from '../trading/texts';
import { assetClasses } from '../constants';
import { isoDateTime, positiveInt } from './common.schema';
import { accountTypes } from './user.schema';
import { wireDecimal } from './wire';

/**
 * The dashboard's own figures (docs/customer-area.md#dashboard): what the user object and `GET /accounts`
 * do not already carry. Money is the account currency's, JSON numbers on the wire.
 */

/** The Trading Results tabs and the days each covers, today (UTC) included. At most a year: every series is bounded. */
export const performanceRanges = ['1W', '1M', '3M', '1Y'] as const;
export type PerformanceRange = (typeof performanceRanges)[number];
export const rangeDays: Record<PerformanceRange, number> = { '1W': 7, '1M': 30, '3M': 90, '1Y': 365 };

export const dashboardTexts = {
  range: 'The range must be 1W, 1M, 3M or 1Y.',
  noTrading: 'No trading data available',
  startTrading: 'Start trading to see your performance chart',
  chartFailed: 'The chart could not be loaded. Choose a range to try again.',
} as const;

export const performanceQuery = z.object({
  range: z._default(z.enum(performanceRanges, dashboardTexts.range), '1M'),
  account_id: z.optional(positiveInt(tradeTexts.accountNotFound)),
});
export type PerformanceQuery = z.infer<typeof performanceQuery>;

const accountRef = z.object({ id: z.number(), number: z.string(), type: z.enum(accountTypes), title: z.string(), currency: z.string() });

/** `YYYY-MM-DD`, a day in UTC. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/**
 * One account's Trading Results over a range of whole UTC days: the realised P/L booked each day (days
 * with a close only), and the balance at each day's end (every day from the range's first, or the
 * account's first entry, to today). Historical open P/L is not recorded, so the line is the balance (the
 * `balance` bucket's running total), not equity.
 */
export const performanceSchema = z.object({
  account: accountRef,
  range: z.enum(performanceRanges),
  from: day,
  to: day,
  pnl: z.array(z.object({ day, amount: wireDecimal, closes: z.number() })),
  balance: z.array(z.object({ day, balance: wireDecimal })),
  /** Closed trades in the range (a partial close's closed part counts as one). */
  closes: z.number(),
  /** Σ realised P/L in the range. */
  total: wireDecimal,
});
export type Performance = z.infer<typeof performanceSchema>;
export const performanceResponse = z.object({ data: performanceSchema });

/** Open positions' margin by asset class across the customer's Live accounts, in the first Live account's currency. */
export const allocationSchema = z.object({
  /** What the shares are of: the margin held (not the notional). */
  basis: z.literal('margin'),
  currency: z.string(),
  total: wireDecimal,
  positions: z.number(),
  classes: z.array(z.object({ asset_class: z.enum(assetClasses), label: z.string(), margin: wireDecimal, positions: z.number(), share: wireDecimal })),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** The ledger's movements as the customer reads them (their Live accounts only: demo play money is not a transaction). */
export const movementLabels: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  realized_pnl: 'Trade result',
  ea_purchase: 'Expert advisor',
  bonus_credit: 'Bonus credit',
  negative_balance_correction: 'Negative balance correction',
  correction: 'Correction',
  fee_refund: 'Fee refund',
  chargeback: 'Chargeback',
  withdrawal_reversal: 'Withdrawal returned',
  transfer: 'Transfer',
  savings: 'Savings',
  savings_interest: 'Savings interest',
  plan_fee: 'Plan fee',
  demo_funding: 'Demo funding',
  demo_reset: 'Demo reset',
};
export const movementLabel = (kind: string) => movementLabels[kind] ?? kind.replace(/_/g, ' ');

export const movementSchema = z.object({
  id: z.number(),
  account_number: z.string(),
  kind: z.string(),
  label: z.string(),
  /** `balance` or `credit` (bonus money, not withdrawable). */
  bucket: z.enum(['balance', 'credit']),
  amount: wireDecimal,
  currency: z.string(),
  memo: z.nullable(z.string()),
  created_at: isoDateTime,
});
export type Movement = z.infer<typeof movementSchema>;

/** A tile of the market strip: our instrument's last price and its change against the previous daily close (UTC) from our candles. */
export const marketTileSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  symbol_display: z.string(),
  name: z.string(),
  price: wireDecimal,
  digits: z.number(),
  /** The last recorded (not synthetic) daily close before today, or null when there is none. */
  previous_close: z.nullable(wireDecimal),
  /**
   * What `change` is against: the previous daily close; else, until one is recorded, our first recorded price of
   * today (UTC), `basis_price` at `basis_at`; null: neither exists (docs/customer-area.md#dashboard).
   */
  change_basis: z.nullable(z.enum(['previous_close', 'first_today'])),
  basis_price: z.nullable(wireDecimal),
  basis_at: z.nullable(isoDateTime),
  change: z.nullable(wireDecimal),
  change_percent: z.nullable(wireDecimal),
  /** When the price was made. */
  at: isoDateTime,
  market_open: z.boolean(),
  /** The market is open but the price has not moved for a while. */
  stale: z.boolean(),
});
export type MarketTile = z.infer<typeof marketTileSchema>;

export const dashboardSchema = z.object({
  /** The most leverage any instrument takes for this customer (their plan's within the regulatory caps); null without a plan. */
  max_leverage: z.nullable(z.number()),
  allocation: allocationSchema,
  recent: z.array(movementSchema),
  market: z.array(marketTileSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponse = z.object({ data: dashboardSchema });

/** The market strip: the original's seven tiles (EUR/USD, GBP/USD, BTC/USD, Nasdaq, Dow, S&P 500, Nike) as the instruments we list. */
export const marketStripSymbols = ['EURUSD', 'GBPUSD', 'BTCUSD', 'US100', 'US30', 'US500', 'NKE'] as const;

/** How many ledger movements "Recent transactions" lists. */
export const recentMovements = 6;
