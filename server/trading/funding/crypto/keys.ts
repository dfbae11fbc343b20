import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ecc from '@bitcoinerlab/secp256k1';
import { BIP32Factory, type BIP32Interface } from 'bip32';
import { networks } from 'bitcoinjs-lib';
import bs58check from 'bs58check';
import { chains, type Chain } from '../../../../shared/funding/crypto-channels';
import { ConfigError, type Config } from '../../../config';

/**
 * The broker's watch-only account keys (docs/funding.md#crypto-deposits): one extended PUBLIC key per chain,
 * from which every customer's deposit address is derived. No private key is ever on our servers: a private
 * extended key is refused, and the demo keys keep only their public half.
 */

const bip32 = BIP32Factory(ecc);

export type BtcNetwork = 'mainnet' | 'testnet';

export interface AccountKey {
  readonly chain: Chain;
  /** The account-level public node: m/84'/0'/0' (bitcoin), m/44'/60'/0' (Ethereum), m/44'/195'/0' (Tron). */
  readonly node: BIP32Interface;
  /** Bitcoin's network the key is for; Ethereum's and Tron's keys are mainnet. */
  readonly network: BtcNetwork;
}

export class InvalidExtendedKey extends Error {
  override name = 'InvalidExtendedKey';
}

/**
 * The SLIP-132 version bytes a wallet may export. bip32 reads only xpub/tpub's, so the others are rewritten
 * to those before parsing; the key itself is the same.
 */
const versions = new Map<number, { prefix: string; network: BtcNetwork; kind: 'public' | 'private' | 'wrapped' | 'multisig' }>([
  [0x0488b21e, { prefix: 'xpub', network: 'mainnet', kind: 'public' }],
  [0x04b24746, { prefix: 'zpub', network: 'mainnet', kind: 'public' }],
  [0x043587cf, { prefix: 'tpub', network: 'testnet', kind: 'public' }],
  [0x045f1cf6, { prefix: 'vpub', network: 'testnet', kind: 'public' }],
  [0x049d7cb2, { prefix: 'ypub', network: 'mainnet', kind: 'wrapped' }],
  [0x044a5262, { prefix: 'upub', network: 'testnet', kind: 'wrapped' }],
  [0x0295b43f, { prefix: 'Ypub', network: 'mainnet', kind: 'multisig' }],
  [0x02aa7ed3, { prefix: 'Zpub', network: 'mainnet', kind: 'multisig' }],
  [0x024289ef, { prefix: 'Upub', network: 'testnet', kind: 'multisig' }],
  [0x02575483, { prefix: 'Vpub', network: 'testnet', kind: 'multisig' }],
  [0x0488ade4, { prefix: 'xprv', network: 'mainnet', kind: 'private' }],
  [0x049d7878, { prefix: 'yprv', network: 'mainnet', kind: 'private' }],
  [0x04b2430c, { prefix: 'zprv', network: 'mainnet', kind: 'private' }],
  [0x04358394, { prefix: 'tprv', network: 'testnet', kind: 'private' }],
  [0x044a4e28, { prefix: 'uprv', network: 'testnet', kind: 'private' }],
  [0x045f18bc, { prefix: 'vprv', network: 'testnet', kind: 'private' }],
  [0x0295b005, { prefix: 'Yprv', network: 'mainnet', kind: 'private' }],
  [0x02aa7a99, { prefix: 'Zprv', network: 'mainnet', kind: 'private' }],
  [0x024285b5, { prefix: 'Uprv', network: 'testnet', kind: 'private' }],
  [0x02575048, { prefix: 'Vprv', network: 'testnet', kind: 'private' }],
]);

const accountPaths: Record<Chain, { mainnet: string; testnet: string }> = {
  btc: { mainnet: "m/84'/0'/0'", testnet: "m/84'/1'/0'" },
  eth: { mainnet: "m/44'/60'/0'", testnet: "m/44'/60'/0'" },
  trx: { mainnet: "m/44'/195'/0'", testnet: "m/44'/195'/0'" },
};

const withVersion = (bytes: Uint8Array, version: number): Uint8Array => {
  const copy = Uint8Array.from(bytes);
  new DataView(copy.buffer).setUint32(0, version);
  return copy;
};

/** Reads a watch-only account key for a chain: bitcoin's xpub/zpub (mainnet) or tpub/vpub (testnet), Ethereum's and Tron's xpub. */
export function parseXpub(chain: Chain, extendedKey: string): AccountKey {
  let bytes: Uint8Array;
  try {
    bytes = bs58check.decode(extendedKey.trim());
  } catch {
    throw new InvalidExtendedKey('This is not an extended public key (its characters or checksum are wrong).');
  }
  if (bytes.length !== 78) throw new InvalidExtendedKey('This is not an extended public key (wrong length).');
  const version = versions.get(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0));
  if (!version) throw new InvalidExtendedKey('This is not an extended public key (unknown version).');
  if (version.kind === 'private') {
    throw new InvalidExtendedKey(`This is a PRIVATE extended key (${version.prefix}…): it can spend the funds and must never be on the server. Export the account's watch-only public key instead.`);
  }
  if (version.kind === 'multisig') throw new InvalidExtendedKey(`A ${version.prefix} is one cosigner's key of a multisig wallet; addresses need the single-signature account key.`);
  // A ypub's wallet watches wrapped SegWit (3…/2…) addresses: native SegWit ones made from it would never show there.
  if (version.kind === 'wrapped') throw new InvalidExtendedKey(`A ${version.prefix} is for wrapped SegWit (BIP49) addresses; export the BIP84 account key (zpub, or vpub on testnet).`);
  if (chain !== 'btc' && version.prefix !== 'xpub') throw new InvalidExtendedKey(`${chain === 'eth' ? 'An Ethereum' : 'A Tron'} account key is an xpub (${accountPaths[chain].mainnet}).`);
  if (bytes[4] !== 3) {
    throw new InvalidExtendedKey(`This is not an account-level key (depth ${bytes[4]}, not 3): export the key of the account ${accountPaths[chain][version.network]}.`);
  }
  const network = version.network === 'mainnet' ? networks.bitcoin : networks.testnet;
  let node: BIP32Interface;
  try {
    node = bip32.fromBase58(bs58check.encode(withVersion(bytes, network.bip32.public)), network);
  } catch {
    throw new InvalidExtendedKey('This is not an extended public key (its public key is not a valid point).');
  }
  return { chain, node, network: version.network };
}

/** Bitcoin's testnet account key in the SLIP-132 form wallets show for BIP84 (vpub). */
const asVpub = (tpub: string): string => bs58check.encode(withVersion(bs58check.decode(tpub), 0x045f1cf6));

const demoFile = 'crypto-demo-xpubs.json';

function readDemoXpubs(file: string): Record<Chain, string> {
  let stored: Partial<Record<Chain, unknown>> | null = null;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<Chain, unknown>> | null;
  } catch {
    // Reported below with the other ways the file can be damaged.
  }
  if (!chains.every((chain) => typeof stored?.[chain] === 'string')) {
    throw new ConfigError(`${file} is damaged: delete it to make new demo keys (the demo addresses given so far will change).`);
  }
  return Object.fromEntries(chains.map((chain) => [chain, stored?.[chain]])) as Record<Chain, string>;
}

/**
 * The embedded demo's account keys, made once from a random seed that is then forgotten, so the demo
 * addresses can never be spent from: bitcoin on testnet (tb1q… addresses no one pays real coins to),
 * Ethereum and Tron on their one network. Only the public keys are kept, in the data folder (mode 0600).
 */
export function demoXpubs(dataDir: string): Record<Chain, string> {
  const file = join(dataDir, demoFile);
  if (existsSync(file)) return readDemoXpubs(file);
  const seed = randomBytes(64);
  const testnetRoot = bip32.fromSeed(seed, networks.testnet);
  const root = bip32.fromSeed(seed, networks.bitcoin);
  const keys: Record<Chain, string> = {
    btc: asVpub(testnetRoot.derivePath(accountPaths.btc.testnet).neutered().toBase58()),
    eth: root.derivePath(accountPaths.eth.mainnet).neutered().toBase58(),
    trx: root.derivePath(accountPaths.trx.mainnet).neutered().toBase58(),
  };
  seed.fill(0);
  mkdirSync(dataDir, { recursive: true });
  // Written whole under another name and linked into place: two processes starting together keep one set.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(draft, 0o600);
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readDemoXpubs(file);
}

export interface ChainKey extends AccountKey {
  /** Made for the embedded demo because no key was configured: nothing paid to its addresses can be spent. */
  readonly demo: boolean;
}

export type CryptoKeys = Readonly<Record<Chain, ChainKey>>;

const variables: Record<Chain, string> = { btc: 'CRYPTO_XPUB_BTC', eth: 'CRYPTO_XPUB_ETH', trx: 'CRYPTO_XPUB_TRX' };

/** The configured account key of each chain, or the demo one for a chain left unset. A bad configured key stops the start. */
export function cryptoKeys(config: Pick<Config, 'crypto' | 'dataDir'>): CryptoKeys {
  const configured = config.crypto.xpubs;
  // The demo file is made only when a chain needs it: a fully configured broker never has one.
  let demo: Record<Chain, string> | undefined;
  const keyOf = (chain: Chain): ChainKey => {
    const extendedKey = configured[chain];
    if (!extendedKey) {
      demo ??= demoXpubs(config.dataDir);
      return { ...parseXpub(chain, demo[chain]), demo: true };
    }
    try {
      return { ...parseXpub(chain, extendedKey), demo: false };
    } catch (error) {
      if (error instanceof InvalidExtendedKey) throw new ConfigError(`Invalid configuration:\n  ${variables[chain]}: ${error.message}`);
      throw error;
    }
  };
  return Object.freeze({ btc: keyOf('btc'), eth: keyOf('eth'), trx: keyOf('trx') });
}
