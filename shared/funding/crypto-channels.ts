/**
 * The coins and networks customers may deposit and withdraw (docs/funding.md#crypto-deposits): the
 * original's list (BTC, ETH, USDT on TRC-20 and ERC-20). One table for the server (derivation, validation,
 * confirmations, pricing) and the pages (names, warnings).
 */

export const chains = ['btc', 'eth', 'trx'] as const;
/** Which extended public key derives a channel's addresses: bitcoin's, Ethereum's (ETH and ERC-20 tokens share an address), Tron's. */
export type Chain = (typeof chains)[number];

export interface CryptoChannel {
  /** The route's `{crypto}` and our id: `btc`, `eth`, `usdt-trc20`, `usdt-erc20`. */
  readonly slug: string;
  readonly asset: 'BTC' | 'ETH' | 'USDT';
  readonly assetName: string;
  /** The network's id and how it is shown. */
  readonly network: 'bitcoin' | 'ethereum' | 'tron';
  readonly networkLabel: string;
  readonly chain: Chain;
  /** Confirmations before a payment is credited. */
  readonly confirmations: number;
  /** The coin's smallest unit: amounts are kept with this many decimals. */
  readonly decimals: number;
  /** The instrument whose bid prices the coin in USD when credited; none for a dollar stablecoin, credited at 1 USD. */
  readonly priceSymbol: string | null;
  /** The token's contract on its network (a payment URI names it); none for the chain's own coin. */
  readonly tokenContract: string | null;
  /** The smallest deposit credited (smaller payments are recorded and shown, not credited). */
  readonly minDeposit: string;
}

export const cryptoChannels: readonly CryptoChannel[] = [
  {
    slug: 'btc',
    asset: 'BTC',
    assetName: 'Bitcoin',
    network: 'bitcoin',
    networkLabel: 'Bitcoin (Native SegWit)',
    chain: 'btc',
    confirmations: 2,
    decimals: 8,
    priceSymbol: 'BTCUSD',
    tokenContract: null,
    minDeposit: '0.0001',
  },
  {
    slug: 'eth',
    asset: 'ETH',
    assetName: 'Ethereum',
    network: 'ethereum',
    networkLabel: 'Ethereum (ERC-20)',
    chain: 'eth',
    confirmations: 12,
    decimals: 18,
    priceSymbol: 'ETHUSD',
    tokenContract: null,
    minDeposit: '0.001',
  },
  {
    slug: 'usdt-trc20',
    asset: 'USDT',
    assetName: 'Tether',
    network: 'tron',
    networkLabel: 'Tron (TRC-20)',
    chain: 'trx',
    confirmations: 20,
    decimals: 6,
    priceSymbol: null,
    tokenContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    minDeposit: '5',
  },
  {
    slug: 'usdt-erc20',
    asset: 'USDT',
    assetName: 'Tether',
    network: 'ethereum',
    networkLabel: 'Ethereum (ERC-20)',
    chain: 'eth',
    confirmations: 12,
    decimals: 6,
    priceSymbol: null,
    tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    minDeposit: '5',
  },
];

export const channelBySlug = (slug: string): CryptoChannel | undefined => cryptoChannels.find((channel) => channel.slug === slug.toLowerCase());

/** The warning the wallet page shows: sending another coin or on another network loses it. */
export const networkWarning = (channel: CryptoChannel): string =>
  `Only send ${channel.asset} via ${channel.networkLabel}. Sending any other coin, or using another network, can lose the payment for good. Minimum: ${channel.minDeposit} ${channel.asset}.`;
