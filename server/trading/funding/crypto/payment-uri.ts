import type { CryptoChannel } from '../../../../shared/funding/crypto-channels';

/**
 * What a wallet app opens from a deposit's QR code: BIP21 for bitcoin, EIP-681 for Ethereum and its tokens.
 * Tron has no URI wallets agree on, so its code is the plain address.
 */

/** A positive decimal amount in the coin's smallest units, exactly: `"1.5"` with 18 decimals is 1500000000000000000n. */
export function toSmallestUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Not a decimal amount: "${amount}".`);
  const [, whole = '', fraction = ''] = match;
  const extra = fraction.slice(decimals);
  if (/[1-9]/.test(extra)) throw new RangeError(`"${amount}" has more than ${decimals} decimals.`);
  const units = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (units <= 0n) throw new RangeError(`Not a positive amount: "${amount}".`);
  return units;
}

/** Smallest units back to a decimal string without trailing zeros: 150000000n with 8 decimals is `"1.5"`. */
function fromSmallestUnits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The URI a deposit's QR code carries, asking for `amount` (a decimal string in the coin) when one is given. */
export function paymentUri(channel: CryptoChannel, address: string, amount?: string): string {
  const units = amount === undefined ? undefined : toSmallestUnits(amount, channel.decimals);
  switch (channel.chain) {
    case 'btc':
      return units === undefined ? `bitcoin:${address}` : `bitcoin:${address}?amount=${fromSmallestUnits(units, channel.decimals)}`;
    case 'eth':
      if (channel.tokenContract) return `ethereum:${channel.tokenContract}/transfer?address=${address}${units === undefined ? '' : `&uint256=${units}`}`;
      return units === undefined ? `ethereum:${address}` : `ethereum:${address}?value=${units}`;
    case 'trx':
      return address;
  }
}
