import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ecc from '@bitcoinerlab/secp256k1';
import { BIP32Factory } from 'bip32';
import { networks } from 'bitcoinjs-lib';
import bs58check from 'bs58check';
import { getBytes, Mnemonic } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config';
import { deriveAddress } from '../../server/trading/funding/crypto/derive';
import { cryptoKeys, demoXpubs, parseXpub, type AccountKey } from '../../server/trading/funding/crypto/keys';
import { checkCryptoAddress } from '../../server/trading/funding/crypto/validate';
import { channelBySlug, type Chain, type CryptoChannel } from '../../shared/funding/crypto-channels';

const bip32 = BIP32Factory(ecc);
const seed = getBytes(Mnemonic.fromPhrase('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about').computeSeed());
const root = bip32.fromSeed(seed);
const accountXpub = (path: string): string => root.derivePath(path).neutered().toBase58();
/** The same key under other SLIP-132 version bytes (zpub, vpub, ypub…). */
const withVersion = (extendedKey: string, version: number): string => {
  const bytes = bs58check.decode(extendedKey);
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(0, version);
  return bs58check.encode(bytes);
};

// Published vectors (BIP84; Ethereum's and Tron's wallets) for the mnemonic above.
const bip84Zpub = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const bip84Zprv = 'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';

const channel = (slug: string): CryptoChannel => channelBySlug(slug) ?? expect.fail(`no channel ${slug}`);
const [btc, eth, usdtTron, usdtEthereum] = ['btc', 'eth', 'usdt-trc20', 'usdt-erc20'].map(channel) as [CryptoChannel, CryptoChannel, CryptoChannel, CryptoChannel];

const mainnetKeys: Record<Chain, AccountKey> = {
  btc: parseXpub('btc', accountXpub("m/84'/0'/0'")),
  eth: parseXpub('eth', accountXpub("m/44'/60'/0'")),
  trx: parseXpub('trx', accountXpub("m/44'/195'/0'")),
};

const folders: string[] = [];
const dataDir = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'crypto-keys-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('deposit addresses from watch-only account keys', () => {
  it('derives the published first address of each chain', () => {
    expect(mainnetKeys.btc.network).toBe('mainnet');
    expect(deriveAddress(mainnetKeys, btc, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveAddress(mainnetKeys, btc, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(deriveAddress(mainnetKeys, eth, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(deriveAddress(mainnetKeys, usdtTron, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('reads BIP84’s zpub as the same account as the xpub', () => {
    expect(withVersion(accountXpub("m/84'/0'/0'"), 0x04b24746)).toBe(bip84Zpub);
    const zpub = parseXpub('btc', bip84Zpub);
    expect(zpub.network).toBe('mainnet');
    expect(deriveAddress({ ...mainnetKeys, btc: zpub }, btc, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('derives testnet addresses from a tpub or vpub', () => {
    const testnetRoot = bip32.fromSeed(seed, networks.testnet);
    const tpub = testnetRoot.derivePath("m/84'/1'/0'").neutered().toBase58();
    expect(tpub.startsWith('tpub')).toBe(true);
    const vpub = withVersion(tpub, 0x045f1cf6);
    expect(vpub).toMatch(/^vpub/);
    for (const key of [parseXpub('btc', tpub), parseXpub('btc', vpub)]) {
      expect(key.network).toBe('testnet');
      expect(deriveAddress({ ...mainnetKeys, btc: key }, btc, 0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    }
  });

  it('gives ETH and USDT on Ethereum one address per index, stable, distinct across indices, each a valid destination', () => {
    expect(deriveAddress(mainnetKeys, usdtEthereum, 7)).toBe(deriveAddress(mainnetKeys, eth, 7));
    for (const each of [btc, eth, usdtTron, usdtEthereum]) {
      const addresses = [0, 1, 2, 1000, 2 ** 31 - 1].map((index) => deriveAddress(mainnetKeys, each, index));
      expect(new Set(addresses).size).toBe(addresses.length);
      expect([0, 1, 2, 1000, 2 ** 31 - 1].map((index) => deriveAddress(mainnetKeys, each, index))).toEqual(addresses);
      for (const address of addresses) expect(checkCryptoAddress(each, address, { btcNetwork: 'mainnet' })).toEqual({ ok: true, address });
    }
  });

  it('refuses an index that is not an integer from 0 to 2^31 - 1', () => {
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN]) expect(() => deriveAddress(mainnetKeys, btc, index)).toThrow(RangeError);
  });
});

describe('reading an extended key', () => {
  it('refuses a private key, whatever its version bytes', () => {
    expect(() => parseXpub('btc', bip84Zprv)).toThrow(/PRIVATE extended key \(zprv…\)/);
    expect(() => parseXpub('eth', root.derivePath("m/44'/60'/0'").toBase58())).toThrow(/PRIVATE extended key \(xprv…\)/);
    expect(() => parseXpub('btc', bip32.fromSeed(seed, networks.testnet).derivePath("m/84'/1'/0'").toBase58())).toThrow(/PRIVATE extended key \(tprv…\)/);
  });

  it('refuses malformed keys, a key at another depth and, for Ethereum and Tron, anything but an xpub', () => {
    expect(() => parseXpub('btc', 'not a key')).toThrow(/not an extended public key/);
    expect(() => parseXpub('btc', `${bip84Zpub.slice(0, -1)}t`)).toThrow(/checksum/);
    expect(() => parseXpub('btc', root.neutered().toBase58())).toThrow(/depth 0, not 3/);
    expect(() => parseXpub('eth', accountXpub("m/44'/60'/0'/0"))).toThrow(/depth 4, not 3/);
    expect(() => parseXpub('eth', bip84Zpub)).toThrow(/Ethereum account key is an xpub/);
  });

  it('refuses a ypub: its wallet watches wrapped SegWit addresses, not the native ones we would make', () => {
    const ypub = withVersion(accountXpub("m/49'/0'/0'"), 0x049d7cb2);
    expect(ypub).toMatch(/^ypub/);
    expect(() => parseXpub('btc', ypub)).toThrow(/wrapped SegWit/);
  });
});

describe('demo keys', () => {
  it('are made once, public keys only, in a file only the owner reads', () => {
    const folder = dataDir();
    const keys = demoXpubs(folder);
    const file = join(folder, 'crypto-demo-xpubs.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    // Only the three public keys: no private key (…prv…), no words of a mnemonic. A key is base58, so "prv" may occur
    // inside one by chance (a random demo key held "…HPRvdB…"): each value is checked whole instead.
    expect(JSON.parse(text)).toEqual(keys);
    for (const key of Object.values(keys)) expect(key).toMatch(/^[xtvyzu]pub[1-9A-HJ-NP-Za-km-z]{100,}$/);
    expect(text).not.toMatch(/\b(abandon|mnemonic|seed)\b/i);
    expect(Object.keys(keys).sort()).toEqual(['btc', 'eth', 'trx']);
    expect(keys.btc).toMatch(/^vpub/);
    expect(keys.eth).toMatch(/^xpub/);
    expect(keys.trx).toMatch(/^xpub/);
    expect(demoXpubs(folder)).toEqual(keys);
    expect(demoXpubs(dataDir())).not.toEqual(keys);
  });

  it('are not replaced when their file is damaged: the addresses given out would change', () => {
    const folder = dataDir();
    writeFileSync(join(folder, 'crypto-demo-xpubs.json'), '{"btc": "vpub');
    expect(() => demoXpubs(folder)).toThrow(/is damaged: delete it/);
  });

  it('stand in for each chain left unconfigured, bitcoin on testnet', () => {
    const folder = dataDir();
    const keys = cryptoKeys({ dataDir: folder, crypto: { xpubs: { btc: undefined, eth: accountXpub("m/44'/60'/0'"), trx: undefined } } });
    expect([keys.btc.demo, keys.eth.demo, keys.trx.demo]).toEqual([true, false, true]);
    expect(keys.btc.network).toBe('testnet');
    expect(deriveAddress(keys, btc, 0)).toMatch(/^tb1q/);
    expect(deriveAddress(keys, eth, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(deriveAddress(keys, usdtTron, 0)).toMatch(/^T/);
    expect(checkCryptoAddress(btc, deriveAddress(keys, btc, 3), { btcNetwork: 'testnet' }).ok).toBe(true);
    expect(cryptoKeys({ dataDir: folder, crypto: { xpubs: { btc: undefined, eth: undefined, trx: undefined } } }).btc.node.publicKey).toEqual(keys.btc.node.publicKey);
  });

  it('are not made when every chain is configured', () => {
    const folder = dataDir();
    const keys = cryptoKeys({ dataDir: folder, crypto: { xpubs: { btc: bip84Zpub, eth: accountXpub("m/44'/60'/0'"), trx: accountXpub("m/44'/195'/0'") } } });
    expect([keys.btc.demo, keys.eth.demo, keys.trx.demo]).toEqual([false, false, false]);
    expect(existsSync(join(folder, 'crypto-demo-xpubs.json'))).toBe(false);
  });

  it('a bad configured key stops the start, naming its variable', () => {
    const config = { dataDir: dataDir(), crypto: { xpubs: { btc: bip84Zpub, eth: root.derivePath("m/44'/60'/0'").toBase58(), trx: accountXpub("m/44'/195'/0'") } } };
    expect(() => cryptoKeys(config)).toThrow(ConfigError);
    expect(() => cryptoKeys(config)).toThrow(/CRYPTO_XPUB_ETH: This is a PRIVATE extended key/);
  });
});
