import { describe, expect, it } from 'vitest';
import { paymentUri, toSmallestUnits } from '../../server/trading/funding/crypto/payment-uri';
import { qrDataUrl, qrSvg } from '../../server/trading/funding/crypto/qr';
import { channelBySlug, type CryptoChannel } from '../../shared/funding/crypto-channels';

const channel = (slug: string): CryptoChannel => channelBySlug(slug) ?? expect.fail(`no channel ${slug}`);
const [btc, eth, usdtTron, usdtEthereum] = ['btc', 'eth', 'usdt-trc20', 'usdt-erc20'].map(channel) as [CryptoChannel, CryptoChannel, CryptoChannel, CryptoChannel];
const bitcoinAddress = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const ethereumAddress = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const tronAddress = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

describe('payment URIs', () => {
  it('asks for bitcoin by BIP21, the amount in BTC', () => {
    expect(paymentUri(btc, bitcoinAddress)).toBe(`bitcoin:${bitcoinAddress}`);
    expect(paymentUri(btc, bitcoinAddress, '0.0015')).toBe(`bitcoin:${bitcoinAddress}?amount=0.0015`);
    expect(paymentUri(btc, bitcoinAddress, '01.50000000')).toBe(`bitcoin:${bitcoinAddress}?amount=1.5`);
    expect(paymentUri(btc, bitcoinAddress, '0.00000001')).toBe(`bitcoin:${bitcoinAddress}?amount=0.00000001`);
  });

  it('asks for ether by EIP-681, the value in wei exactly', () => {
    expect(paymentUri(eth, ethereumAddress)).toBe(`ethereum:${ethereumAddress}`);
    expect(paymentUri(eth, ethereumAddress, '1.5')).toBe(`ethereum:${ethereumAddress}?value=1500000000000000000`);
    expect(paymentUri(eth, ethereumAddress, '123456789.123456789123456789')).toBe(`ethereum:${ethereumAddress}?value=123456789123456789123456789`);
    expect(paymentUri(eth, ethereumAddress, '0.000000000000000001')).toBe(`ethereum:${ethereumAddress}?value=1`);
  });

  it('asks for USDT on Ethereum as a transfer call on its contract, in 6-decimal units', () => {
    expect(paymentUri(usdtEthereum, ethereumAddress)).toBe(`ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7/transfer?address=${ethereumAddress}`);
    expect(paymentUri(usdtEthereum, ethereumAddress, '25.5')).toBe(`ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7/transfer?address=${ethereumAddress}&uint256=25500000`);
  });

  it('gives Tron’s plain address', () => {
    expect(paymentUri(usdtTron, tronAddress)).toBe(tronAddress);
    expect(paymentUri(usdtTron, tronAddress, '10')).toBe(tronAddress);
  });

  it('refuses an amount that is not a positive decimal the coin can hold', () => {
    for (const amount of ['0', '0.000', '-1', '1e3', '1,5', '.5', 'abc', '0.000000001']) expect(() => paymentUri(btc, bitcoinAddress, amount)).toThrow(RangeError);
    expect(() => paymentUri(usdtEthereum, ethereumAddress, '1.0000001')).toThrow(RangeError);
    expect(toSmallestUnits('1.0000000000', 6)).toBe(1_000_000n);
  });
});

describe('QR codes', () => {
  it('draws an SVG, the same for the same text', async () => {
    const svg = await qrSvg(`bitcoin:${bitcoinAddress}?amount=0.0015`);
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toMatch(/<path[^>]* d="M[^"]+"/);
    expect(svg).toContain('#000000');
    expect(svg).toContain('#ffffff');
    expect(await qrSvg(`bitcoin:${bitcoinAddress}?amount=0.0015`)).toBe(svg);
    expect(await qrSvg(`bitcoin:${bitcoinAddress}`)).not.toBe(svg);
  });

  it('gives the same SVG as a data URL', async () => {
    const url = await qrDataUrl(tronAddress);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8')).toBe(await qrSvg(tronAddress));
  });
});
