import * as ecc from '@bitcoinerlab/secp256k1';
import { address as bitcoinAddress, initEccLib, networks } from 'bitcoinjs-lib';
import bs58check from 'bs58check';
import { getAddress, ZeroAddress } from 'ethers';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { CryptoChannel } from '../../../../shared/funding/crypto-channels';
import { tronAddressPrefix } from './derive';
import type { BtcNetwork } from './keys';

/**
 * Where a customer asks us to pay a withdrawal: a crypto address checked for its network and checksum, or
 * a bank's IBAN and BIC. The messages are shown to the customer as they are.
 */

// bitcoinjs-lib checks a Taproot (bc1p…) address's key only with an elliptic-curve library set once for the process.
initEccLib(ecc);

export type AddressCheck = { ok: true; address: string } | { ok: false; message: string };

const anotherNetwork = 'This address is for another network.';

const names = { bitcoin: 'Bitcoin', ethereum: 'Ethereum', tron: 'Tron' } as const;
const notValid = (channel: CryptoChannel): AddressCheck => ({ ok: false, message: `This is not a valid ${names[channel.network]} address.` });
const typo = (channel: CryptoChannel): AddressCheck => ({ ok: false, message: `This is not a valid ${names[channel.network]} address: check it for a typing mistake, or copy it again.` });

const ethereumShaped = /^0x[0-9a-fA-F]{40}$/;
const tronShaped = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

function bitcoinScriptOf(address: string, network: BtcNetwork): Uint8Array | undefined {
  try {
    // Witness versions past Taproot are not spendable yet: a payment to one could be taken by anyone later.
    if (/^(bc|tb)1[^qp]/i.test(address)) return undefined;
    return bitcoinAddress.toOutputScript(address, network === 'mainnet' ? networks.bitcoin : networks.testnet);
  } catch {
    return undefined;
  }
}

function checkBitcoin(channel: CryptoChannel, address: string, network: BtcNetwork): AddressCheck {
  if (bitcoinScriptOf(address, network)) return { ok: true, address: /^(bc|tb)1/i.test(address) ? address.toLowerCase() : address };
  if (bitcoinScriptOf(address, network === 'mainnet' ? 'testnet' : 'mainnet') || ethereumShaped.test(address) || tronShaped.test(address)) return { ok: false, message: anotherNetwork };
  return notValid(channel);
}

function checkEthereum(channel: CryptoChannel, address: string): AddressCheck {
  if (!ethereumShaped.test(address)) return bitcoinScriptOf(address, 'mainnet') || tronShaped.test(address) ? { ok: false, message: anotherNetwork } : notValid(channel);
  let checksummed: string;
  try {
    // An all-lower or all-upper case address has no checksum; a mixed-case one must match its EIP-55 checksum.
    checksummed = getAddress(address);
  } catch {
    return typo(channel);
  }
  return unusable(channel, checksummed, ZeroAddress) ?? { ok: true, address: checksummed };
}

function checkTron(channel: CryptoChannel, address: string): AddressCheck {
  if (ethereumShaped.test(address) || bitcoinScriptOf(address, 'mainnet')) return { ok: false, message: anotherNetwork };
  let bytes: Uint8Array;
  try {
    bytes = bs58check.decode(address);
  } catch {
    return tronShaped.test(address) ? typo(channel) : notValid(channel);
  }
  if (bytes.length !== 21 || bytes[0] !== tronAddressPrefix) return notValid(channel);
  return unusable(channel, address, bs58check.encode(Uint8Array.of(tronAddressPrefix, ...new Uint8Array(20)))) ?? { ok: true, address };
}

/** Valid addresses a payment is lost to: the network's zero address (burnt) and the token's own contract. */
function unusable(channel: CryptoChannel, address: string, zeroAddress: string): AddressCheck | undefined {
  if (address === zeroAddress) return { ok: false, message: 'This address burns what is sent to it: enter your own wallet’s address.' };
  if (channel.tokenContract && address.toLowerCase() === channel.tokenContract.toLowerCase()) {
    return { ok: false, message: `This is the ${channel.asset} token’s contract, not a wallet: enter your own wallet’s address.` };
  }
  return undefined;
}

/** A withdrawal's destination for a coin and network: `address` is the form to keep (bech32 lower case, EIP-55 checksummed). */
export function checkCryptoAddress(channel: CryptoChannel, address: string, { btcNetwork }: { btcNetwork: BtcNetwork }): AddressCheck {
  const trimmed = address.trim();
  if (trimmed === '') return { ok: false, message: `Enter a ${names[channel.network]} address.` };
  switch (channel.network) {
    case 'bitcoin':
      return checkBitcoin(channel, trimmed, btcNetwork);
    case 'ethereum':
      return checkEthereum(channel, trimmed);
    case 'tron':
      return checkTron(channel, trimmed);
  }
}

/** An IBAN in any spacing and case; `iban` is its electronic form (`GB82WEST12345698765432`). */
export function checkIban(value: string): { ok: true; iban: string } | { ok: false; message: string } {
  const iban = electronicFormatIBAN(value);
  return iban && isValidIBAN(iban) ? { ok: true, iban } : { ok: false, message: 'Enter a valid IBAN.' };
}

/** A SWIFT/BIC code in any spacing and case; `bic` is upper case without spaces. */
export function checkBic(value: string): { ok: true; bic: string } | { ok: false; message: string } {
  const bic = value.replace(/\s+/g, '').toUpperCase();
  return isValidBIC(bic) ? { ok: true, bic } : { ok: false, message: 'Enter a valid SWIFT/BIC code (8 or 11 characters).' };
}
