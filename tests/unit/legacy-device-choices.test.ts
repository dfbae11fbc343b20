// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceChoices, takeLegacyChoice } from '../../client/lib/device-choices';
import { holdPageData } from '../../client/state/page-data';
import { activeAssetId, openPairs, retryAssets, startMarket } from '../../client/state/market';
import { selectedAccountId, startTrading } from '../../client/state/trading';
import type { PageData } from '../../shared/page-state.schema';
import { wireAsset } from '../support/api-shapes';

/**
 * Before the trade room's first paint, the open pairs and the selected account were kept in localStorage under the
 * names the cookies now have (docs/trade-room.md#kept-on-the-device): a returning trader keeps them once, as cookies.
 */

const writeDeviceChoice = vi.hoisted(() => vi.fn());
vi.mock('../../client/lib/device-choices', async (original) => ({ ...(await original<object>()), writeDeviceChoice }));
// Nothing here talks to a server: the lists' fetches fail, the feed never connects.
vi.mock('../../client/lib/call', () => ({ call: vi.fn(async () => ({ ok: false, message: 'offline' })) }));
vi.mock('socket.io-client', () => ({ io: () => ({ on: () => undefined, emit: () => undefined }) }));

const account = (id: number) => ({
  ...{ id, number: `500000${id}`, type: 'live', title: `Account ${id}`, currency: 'USD', open_trades: 0, balance: 100, credit: 0 },
  ...{ equity: 100, margin: 0, freeMargin: 100, marginLevel: '∞', pnl: 0, lifetimePnl: 0 },
});
const catalogue = { data: ['BTCUSD', 'ETHUSD', 'SOLUSD'].map((symbol, i) => wireAsset({ id: i + 1, symbol, updatedAt: Date.now() })) };
const twoAccounts = { data: [account(10), account(11)] };
const hold = (data: object) => holdPageData(data as PageData, Date.now());

afterEach(() => {
  localStorage.clear();
  writeDeviceChoice.mockClear();
});

describe('an old localStorage choice', () => {
  it('is read once and removed', () => {
    localStorage.setItem(deviceChoices.account, '11');
    expect(takeLegacyChoice(deviceChoices.account)).toBe(11);
    expect(localStorage.getItem(deviceChoices.account)).toBeNull();
    expect(takeLegacyChoice(deviceChoices.account)).toBeUndefined();
    localStorage.setItem(deviceChoices.account, 'not-json{');
    expect(takeLegacyChoice(deviceChoices.account)).toBeUndefined();
  });

  it('when the page came without the pairs cookie, then the old pairs open (gone instruments dropped) and become the cookie', async () => {
    localStorage.setItem(deviceChoices.pairs, JSON.stringify({ activeAssetId: 3, pairs: [3, 2, 99] }));
    hold({ assets: catalogue, device: {} });
    // The server rendered the default pair; hydration sees the same.
    expect(openPairs.value).toEqual([1]);
    await startMarket();
    expect(openPairs.value).toEqual([3, 2]);
    expect(activeAssetId.value).toBe(3);
    expect(writeDeviceChoice).toHaveBeenLastCalledWith(deviceChoices.pairs, { activeAssetId: 3, pairs: [3, 2] });
    expect(localStorage.getItem(deviceChoices.pairs)).toBeNull();
  });

  it('when the page came with the pairs cookie, then the cookie wins and the old key is only removed', async () => {
    localStorage.setItem(deviceChoices.pairs, JSON.stringify({ activeAssetId: 3, pairs: [3] }));
    hold({ assets: catalogue, device: { [deviceChoices.pairs]: { activeAssetId: 2, pairs: [1, 2] } } });
    writeDeviceChoice.mockClear();
    await retryAssets();
    expect(openPairs.value).toEqual([1, 2]);
    expect(activeAssetId.value).toBe(2);
    expect(writeDeviceChoice).not.toHaveBeenCalled();
    expect(localStorage.getItem(deviceChoices.pairs)).toBeNull();
  });

  it('when the page came without the account cookie, then the old account is selected and becomes the cookie', async () => {
    localStorage.setItem(deviceChoices.account, '11');
    hold({ accounts: twoAccounts, device: {} });
    expect(selectedAccountId.value).toBe(10);
    await startTrading(7, null);
    expect(selectedAccountId.value).toBe(11);
    expect(writeDeviceChoice).toHaveBeenCalledWith(deviceChoices.account, 11);
    expect(localStorage.getItem(deviceChoices.account)).toBeNull();
  });
});

describe('a cookie written while only /mt4 read it', () => {
  it('when the page came with the account cookie, then it is written again where both terminals read it', async () => {
    // A page of its own: the trading state starts once per page.
    vi.resetModules();
    const pageData = await import('../../client/state/page-data');
    const trading = await import('../../client/state/trading');
    pageData.holdPageData({ accounts: twoAccounts, device: { [deviceChoices.account]: 11 } } as unknown as PageData, Date.now());
    expect(trading.selectedAccountId.value).toBe(11);
    await trading.startTrading(7, null);
    expect(trading.selectedAccountId.value).toBe(11);
    expect(writeDeviceChoice).toHaveBeenCalledWith(deviceChoices.account, 11);
  });
});
