import { networks, payments } from 'bitcoinjs-lib';
import bs58check from 'bs58check';
import { computeAddress, getBytes, hexlify } from 'ethers';
import type { Chain, CryptoChannel } from '../../../../shared/funding/crypto-channels';
import type { AccountKey } from './keys';

/** Tron's mainnet address prefix: the byte before the 20-byte Ethereum-style address. */
export const tronAddressPrefix = 0x41;

/** Tron's address of an Ethereum one (the same key hash): 0x41 and the 20 bytes, in base58check (T…). */
export const tronAddressOf = (ethereumAddress: string): string => bs58check.encode(Uint8Array.of(tronAddressPrefix, ...getBytes(ethereumAddress)));

/**
 * A customer's deposit address: the account key's external-chain child 0/index. ETH and USDT on Ethereum
 * share an address for one index (a token is paid to an Ethereum address).
 */
export function deriveAddress(keys: Readonly<Record<Chain, AccountKey>>, channel: CryptoChannel, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError(`A deposit address index is an integer from 0 to 2^31 - 1 (got ${index}).`);
  const key = keys[channel.chain];
  const publicKey = key.node.derive(0).derive(index).publicKey;
  switch (channel.chain) {
    case 'btc': {
      const { address } = payments.p2wpkh({ pubkey: publicKey, network: key.network === 'mainnet' ? networks.bitcoin : networks.testnet });
      if (!address) throw new Error('bitcoinjs-lib made no P2WPKH address');
      return address;
    }
    case 'eth':
      return computeAddress(hexlify(publicKey));
    case 'trx':
      return tronAddressOf(computeAddress(hexlify(publicKey)));
  }
}
