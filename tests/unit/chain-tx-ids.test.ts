import { describe, expect, it } from 'vitest';
import { canonicalTxId } from '../../shared/funding/chain-tx-id';

/** A chain transaction id in its chain's one spelling (docs/funding.md#money-from-outside). */
describe('canonicalTxId', () => {
  const hex = '106b66' + 'a'.repeat(26) + 'F'.repeat(32);
  const lower = hex.toLowerCase();

  it('when an id is written in any case, with or without 0x, then Bitcoin and Tron keep 64 lower-case hex digits', () => {
    for (const network of ['bitcoin', 'tron'] as const) {
      for (const spelling of [hex, lower, hex.toUpperCase(), `0x${hex}`, `0X${lower}`, ` ${hex} `]) expect(canonicalTxId(network, spelling), spelling).toBe(lower);
    }
  });

  it('when an Ethereum id is written in any case, with or without 0x, then it is 0x and 64 lower-case hex digits', () => {
    for (const spelling of [hex, `0x${hex}`, `0X${hex.toUpperCase()}`]) expect(canonicalTxId('ethereum', spelling), spelling).toBe(`0x${lower}`);
  });

  it('when an id is not 64 hex digits, then it is none', () => {
    for (const bad of ['', lower.slice(1), `${lower}0`, `0x0x${lower}`, `x${lower}`, lower.replace('a', 'g'), `${lower.slice(0, 63)}\u0000`, `${lower.slice(0, 63)}\ud800`, 'a'.repeat(10_000)]) {
      expect(canonicalTxId('bitcoin', bad), bad.slice(0, 70)).toBeUndefined();
      expect(canonicalTxId('ethereum', bad), bad.slice(0, 70)).toBeUndefined();
    }
  });
});
