import { describe, expect, it } from 'vitest';
import { checkBic, checkCryptoAddress, checkIban } from '../../server/trading/funding/crypto/validate';
import { channelBySlug, type CryptoChannel } from '../../shared/funding/crypto-channels';

const channel = (slug: string): CryptoChannel => channelBySlug(slug) ?? expect.fail(`no channel ${slug}`);
const [btc, eth, usdtTron, usdtEthereum] = ['btc', 'eth', 'usdt-trc20', 'usdt-erc20'].map(channel) as [CryptoChannel, CryptoChannel, CryptoChannel, CryptoChannel];
const mainnet = { btcNetwork: 'mainnet' } as const;
const testnet = { btcNetwork: 'testnet' } as const;

const refused = (message: string) => ({ ok: false, message });
const accepted = (address: string) => ({ ok: true, address });

describe('withdrawal destinations: crypto addresses', () => {
  it('accepts every kind of bitcoin address of the network, native SegWit in lower case', () => {
    for (const address of [
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ]) {
      expect(checkCryptoAddress(btc, address, mainnet)).toEqual(accepted(address));
    }
    expect(checkCryptoAddress(btc, '  BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU ', mainnet)).toEqual(accepted('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'));
    expect(checkCryptoAddress(btc, 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', testnet)).toEqual(accepted('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl'));
  });

  it('refuses a bitcoin address with a changed character, garbage, or one of another network', () => {
    expect(checkCryptoAddress(btc, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', mainnet)).toEqual(refused('This is not a valid Bitcoin address.'));
    expect(checkCryptoAddress(btc, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', mainnet)).toEqual(refused('This is not a valid Bitcoin address.'));
    expect(checkCryptoAddress(btc, 'hello', mainnet)).toEqual(refused('This is not a valid Bitcoin address.'));
    expect(checkCryptoAddress(btc, '', mainnet)).toEqual(refused('Enter a Bitcoin address.'));
    expect(checkCryptoAddress(btc, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', testnet)).toEqual(refused('This address is for another network.'));
    expect(checkCryptoAddress(btc, 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', mainnet)).toEqual(refused('This address is for another network.'));
    expect(checkCryptoAddress(btc, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', mainnet)).toEqual(refused('This address is for another network.'));
  });

  it('refuses a bitcoin address of a witness version not spendable yet', () => {
    // BIP350's valid version-2 address: anyone could take a payment to it once that version is defined.
    expect(checkCryptoAddress(btc, 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', mainnet)).toEqual(refused('This is not a valid Bitcoin address.'));
  });

  it('accepts an Ethereum address with a good checksum or none, and keeps its checksummed form', () => {
    const checksummed = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    for (const each of [eth, usdtEthereum]) {
      expect(checkCryptoAddress(each, checksummed, mainnet)).toEqual(accepted(checksummed));
      expect(checkCryptoAddress(each, checksummed.toLowerCase(), mainnet)).toEqual(accepted(checksummed));
      expect(checkCryptoAddress(each, `0x${checksummed.slice(2).toUpperCase()}`, mainnet)).toEqual(accepted(checksummed));
    }
  });

  it('refuses a mis-cased Ethereum address, a short one, one of another network, the zero address and the token’s contract', () => {
    const typo = refused('This is not a valid Ethereum address: check it for a typing mistake, or copy it again.');
    expect(checkCryptoAddress(eth, '0x9858efFD232B4033E47d90003D41EC34EcaEda94', mainnet)).toEqual(typo);
    expect(checkCryptoAddress(eth, '0x9858EfFD232B4033E47d90003D41EC34EcaEda9', mainnet)).toEqual(refused('This is not a valid Ethereum address.'));
    expect(checkCryptoAddress(eth, 'XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS', mainnet)).toEqual(refused('This is not a valid Ethereum address.'));
    expect(checkCryptoAddress(eth, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', mainnet)).toEqual(refused('This address is for another network.'));
    expect(checkCryptoAddress(usdtEthereum, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', mainnet)).toEqual(refused('This address is for another network.'));
    expect(checkCryptoAddress(eth, `0x${'0'.repeat(40)}`, mainnet)).toEqual(refused('This address burns what is sent to it: enter your own wallet’s address.'));
    expect(checkCryptoAddress(usdtEthereum, '0xdac17f958d2ee523a2206206994597c13d831ec7', mainnet)).toEqual(
      refused('This is the USDT token’s contract, not a wallet: enter your own wallet’s address.'),
    );
  });

  it('accepts a Tron address and refuses one with a changed character, of another network, or the token’s contract', () => {
    expect(checkCryptoAddress(usdtTron, ' TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH ', mainnet)).toEqual(accepted('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'));
    expect(checkCryptoAddress(usdtTron, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdJ', mainnet)).toEqual(refused('This is not a valid Tron address: check it for a typing mistake, or copy it again.'));
    expect(checkCryptoAddress(usdtTron, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWY', mainnet)).toEqual(refused('This is not a valid Tron address.'));
    // A valid base58check payload that is not a Tron one (a bitcoin P2PKH address).
    expect(checkCryptoAddress(usdtTron, '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', mainnet)).toEqual(refused('This address is for another network.'));
    expect(checkCryptoAddress(usdtTron, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', mainnet)).toEqual(refused('This address is for another network.'));
    expect(checkCryptoAddress(usdtTron, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', mainnet)).toEqual(refused('This is the USDT token’s contract, not a wallet: enter your own wallet’s address.'));
    expect(checkCryptoAddress(usdtTron, 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', mainnet)).toEqual(refused('This address burns what is sent to it: enter your own wallet’s address.'));
  });
});

describe('withdrawal destinations: bank details', () => {
  it('accepts valid IBANs in any spacing and case, in their electronic form', () => {
    expect(checkIban('GB82 WEST 1234 5698 7654 32')).toEqual({ ok: true, iban: 'GB82WEST12345698765432' });
    expect(checkIban('de89 3704 0044 0532 0130 00')).toEqual({ ok: true, iban: 'DE89370400440532013000' });
  });

  it('refuses an IBAN with a wrong check digit, length or country', () => {
    for (const value of ['GB82 WEST 1234 5698 7654 33', 'DE89 3704 0044 0532 0130', 'XX82 WEST 1234 5698 7654 32', '', 'not an iban']) {
      expect(checkIban(value)).toEqual({ ok: false, message: 'Enter a valid IBAN.' });
    }
  });

  it('accepts 8- and 11-character BICs and refuses others', () => {
    expect(checkBic('DEUTDEFF')).toEqual({ ok: true, bic: 'DEUTDEFF' });
    expect(checkBic(' deut de ff 500 ')).toEqual({ ok: true, bic: 'DEUTDEFF500' });
    for (const value of ['DEUTDEF', 'DEUTDEFF50', 'DEUT1EFF', 'DEUTXXFF', '']) {
      expect(checkBic(value)).toEqual({ ok: false, message: 'Enter a valid SWIFT/BIC code (8 or 11 characters).' });
    }
  });
});
