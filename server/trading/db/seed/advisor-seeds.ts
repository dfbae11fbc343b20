import type { eaBillings, eaStrategies } from '../schema';

export interface AdvisorSeed {
  slug: string;
  name: string;
  description: string;
  author: string;
  strategy: (typeof eaStrategies)[number];
  category: string;
  price: string;
  billing: (typeof eaBillings)[number];
  features: string[];
  params: Record<string, number>;
  /** The cheapest plan that includes it (basic < pro < premium); null when only a purchase gives it. */
  includedFrom: 'basic' | 'pro' | 'premium' | null;
}

/**
 * The advisors a new site starts with: distinct, honestly described strategies, each with its own rules
 * and a hard limit on what it risks. Staff may change prices and descriptions later; the rules are code.
 */
export const advisorSeeds: readonly AdvisorSeed[] = [
  {
    slug: 'trend-rider',
    name: 'Trend Rider',
    description:
      'Follows the trend: buys when the 10-period moving average crosses above the 30-period one and sells on the opposite cross, one position at a time, each with a stop loss of 1.5 % and a take profit of 3 %.',
    author: 'Meridian Quant Desk',
    strategy: 'ma_trend',
    category: 'Expert Advisor',
    price: '0',
    billing: 'one_time',
    features: ['Moving-average crossover', 'One position at a time', 'Stop loss on every trade'],
    params: { fast: 10, slow: 30, stopLossPercent: 1.5, takeProfitPercent: 3, lots: 0.01 },
    includedFrom: 'basic',
  },
  {
    slug: 'rsi-reverter',
    name: 'RSI Reverter',
    description:
      'Trades back to the mean: buys when the 14-period RSI falls below 30 and sells when it rises above 70, closing at the middle band; a stop loss of 1 % on every trade. Works best in ranging markets and loses in strong trends.',
    author: 'Meridian Quant Desk',
    strategy: 'rsi_reversion',
    category: 'Expert Advisor',
    price: '49.00',
    billing: 'one_time',
    features: ['RSI 14 with 30/70 bands', 'Exits at the middle band', 'Stop loss on every trade'],
    params: { period: 14, oversold: 30, overbought: 70, stopLossPercent: 1, lots: 0.01 },
    includedFrom: 'pro',
  },
  {
    slug: 'range-breakout',
    name: 'Range Breakout',
    description:
      'Waits for the price to leave its last 20-candle range and trades the breakout in its direction, with the stop loss on the other side of the range. Few trades; false breakouts are its cost.',
    author: 'Meridian Quant Desk',
    strategy: 'breakout',
    category: 'Expert Advisor',
    price: '79.00',
    billing: 'one_time',
    features: ['20-candle range', 'Stop loss beyond the range', 'At most one trade per breakout'],
    params: { lookback: 20, takeProfitRatio: 2, lots: 0.01 },
    includedFrom: 'premium',
  },
  {
    slug: 'capped-grid',
    name: 'Capped Grid',
    description:
      'Places buy and sell levels every 0.5 % around the price and takes profit one level away, each trade with a stop loss 3 % away. Grids can pile up losses in a trend, so this one stops and closes everything once its open loss reaches 2 % of the balance.',
    author: 'Meridian Quant Desk',
    strategy: 'grid',
    category: 'Others',
    price: '29.00',
    billing: 'monthly',
    features: ['Levels every 0.5 %', 'At most 6 open trades', 'Hard stop at a 2 % loss'],
    params: { stepPercent: 0.5, maxTrades: 6, maxLossPercent: 2, lots: 0.01 },
    includedFrom: null,
  },
];

export const planOrder = ['basic', 'pro', 'premium'] as const;
