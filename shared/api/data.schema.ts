import * as z from 'zod/mini';
import { leverageKeys } from '../constants';
import { advisorSummarySchema } from './advisors.schema';
import { resource } from './common.schema';
import { wireDecimal } from './wire';

export const currencySchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** The issuer's flag on this site, or null. */
  icon: z.nullable(z.string()),
  /** Offered as a display currency (the site's `display_currencies`); every currency stays here for formatting. */
  display: z.boolean(),
  /** Units of this currency per 1 USD. */
  rate: wireDecimal,
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
  /** Customers on this plan may ask for AutoTrader. */
  autotrader: z.boolean(),
  /** What moving to this plan costs, once, from the Live balance; null: the move needs staff approval (docs/customer-area.md#plans). */
  price: z.nullable(wireDecimal),
  /** One value per `plan_features` row label, in the same order. */
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * The leverage this customer gets, per asset class (the original client's keys: cryptos, stocks, …) and per asset
 * category (`Forex`, `ETFs`, …: the original client looks up `leverage[asset.category]`).
 */
const leverageMapSchema = z.record(z.string(), z.number()).check(z.refine((map) => leverageKeys.every((key) => typeof map[key] === 'number'), 'Every asset class has its leverage'));

export const siteDataSchema = z.object({
  leverage: leverageMapSchema,
  currencies: z.array(currencySchema),
  plans: z.array(planSchema),
  plan_features: z.array(z.string()),
  expert_advisors: z.array(advisorSummarySchema),
  /**
   * The original client's funding data (docs/funding.md#the-original-clients-calls): the customer's own deposit addresses
   * (derived per customer, never shared), the networks, the withdrawal methods with their minimums and fees,
   * and the deposit tiles. Its card tile is off: that form posts card details to us, and cards are paid on
   * the provider's page (docs/funding.md#card-deposits). Staff get empty lists.
   */
  wallets: z.array(z.object({ id: z.number(), crypto: z.string(), crypto_network: z.string(), address: z.string(), barcode: z.nullable(z.string()), type: z.literal('address') })),
  crypto_networks: z.array(z.string()),
  withdrawal_methods: z.array(z.object({ method: z.string(), label: z.string(), min: wireDecimal, fee: wireDecimal })),
  deposit_config: z.object({
    card: z.object({ enabled: z.boolean(), estimated_time: z.string() }),
    crypto: z.object({
      enabled: z.boolean(),
      estimated_time: z.string(),
      wallets: z.array(
        z.object({
          name: z.string(),
          code: z.string(),
          default: z.boolean(),
          networks: z.array(z.object({ name: z.string(), wallets: z.array(z.object({ id: z.number(), address: z.string(), qrcode: z.nullable(z.string()) })) })),
        }),
      ),
    }),
  }),
});
export type SiteData = z.infer<typeof siteDataSchema>;

export const siteDataResponse = resource(siteDataSchema);
