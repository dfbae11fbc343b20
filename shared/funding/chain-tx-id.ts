import type { CryptoChannel } from './crypto-channels';

/**
 * A chain transaction id in its chain's one spelling (docs/funding.md#money-from-outside): Bitcoin's and
 * Tron's 64 lower-case hex digits, Ethereum's `0x` and 64 lower-case hex digits. Hex is case-blind and
 * watchers differ on the `0x`, so one transaction reaches us in several spellings: payments, their lock
 * and their row are keyed on this one. Only `canonicalTxId` makes one.
 */
export type ChainTxId = string & { readonly __brand: 'ChainTxId' };

const hex64 = /^(?:0[xX])?([0-9a-fA-F]{64})$/;

/** The id in its chain's spelling, or undefined when it is no transaction id of that chain. */
export function canonicalTxId(network: CryptoChannel['network'], raw: string): ChainTxId | undefined {
  const digits = hex64.exec(raw.trim())?.[1]?.toLowerCase();
  if (digits === undefined) return undefined;
  return (network === 'ethereum' ? `0x${digits}` : digits) as ChainTxId;
}

/** How a network's ids are written, for the refusal of one that is not. */
export const txIdShape = (network: CryptoChannel['network']): string =>
  network === 'ethereum' ? 'An Ethereum transaction id is 0x and 64 hexadecimal digits.' : `A ${network === 'bitcoin' ? 'Bitcoin' : 'Tron'} transaction id is 64 hexadecimal digits.`;
