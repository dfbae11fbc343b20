// @vitest-environment happy-dom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { useSignals } from '@preact/signals-react/runtime';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineIsland } from '../../client/runtime/define-island';
import { hydrateIsland } from '../../client/runtime/island-element';
import { readDeviceChoices } from '../../client/lib/device-choices';
import { activeAsset, assets, assetsState, clock, isStale, openPairs, quoteOf } from '../../client/state/market';
import { accounts, selectedAccount } from '../../client/state/trading';
import { currencies } from '../../client/state/site-data';
import { currentUser } from '../../client/state/session';
import { seedFromPageState } from '../../client/state/seed';
import TradeSplash from '../../client/islands/trade-splash.island';
import { leverageKeys } from '../../shared/constants';
import type { PageState } from '../../shared/page-state.schema';
import type { PageAssets } from '../../views/assets';
import { renderDocument } from '../../views/document';
import { Island } from '../../views/island';
import { wireAsset } from '../support/api-shapes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const account = (id: number, balance: number) => ({
  id,
  number: `500000${id}`,
  type: 'live',
  title: `Account ${id}`,
  currency: 'USD',
  open_trades: 0,
  balance,
  credit: 0,
  equity: balance,
  margin: 0,
  freeMargin: balance,
  marginLevel: '∞',
  pnl: 0,
  lifetimePnl: 0,
});

const renderedAt = Date.now();
const ago = (ms: number) => renderedAt - ms;
/** BTC priced 5 s before the render, ETH 10 min before; both open around the clock (crypto), so staleness applies whatever day the test runs. */
const btc = wireAsset({ id: 1, symbol: 'BTCUSD', bid: 67000.5, ask: 67010.25, updatedAt: ago(5_000) });
const eth = wireAsset({ id: 2, symbol: 'ETHUSD', bid: 3000.1, ask: 3001.2, updatedAt: ago(10 * 60_000) });
const pageState: PageState = {
  csrfToken: 't',
  siteName: 'Site',
  user: { id: 7, first_name: 'Ada', last_name: 'L', email: 'ada@example.test', role: 'customer', status: 'active' },
  realtimeKey: null,
  renderedAt,
  data: {
    assets: { data: [btc, eth] },
    accounts: { data: [account(10, 100), account(11, 2500)] },
    siteData: {
      data: {
        leverage: Object.fromEntries(leverageKeys.map((key) => [key, 10])),
        currencies: [{ code: 'USD', name: 'Dollar', symbol: '$', icon: null, display: true, rate: 1, decimals: 2 }],
        plans: [],
        plan_features: [],
        expert_advisors: [],
        wallets: [],
        crypto_networks: [],
        withdrawal_methods: [],
        deposit_config: { card: { enabled: false, estimated_time: '' }, crypto: { enabled: false, estimated_time: '', wallets: [] } },
      },
    },
    // This device's cookies: ETH open and active, BTC beside it, the second account.
    device: { 'asset-storage': { activeAssetId: 2, pairs: [1, 2] }, 'selected-account': 11 },
  },
};

/** What the trade room's islands read first: the active pair's quote, every row's staleness, the account's balance. */
function Probe() {
  useSignals();
  const asset = activeAsset.value;
  const quote = asset ? quoteOf(asset.id).value : null;
  return (
    <p>
      active {asset?.symbol ?? 'none'} sell {quote?.bid ?? '—'} buy {quote?.ask ?? '—'} · pairs {openPairs.value.join(',')} · stale{' '}
      {assets.value.filter((a) => isStale(a, quoteOf(a.id).value, clock.value)).map((a) => a.symbol)} · {selectedAccount.value?.title ?? 'no account'} {selectedAccount.value?.balance ?? '—'} ·{' '}
      {currencies.value.length} currencies · {currentUser.value?.first_name ?? 'nobody'}
    </p>
  );
}
const probe = defineIsland({ name: 'probe', component: Probe, props: z.object({}) });

const pageAssets: PageAssets = { links: () => ({ styles: [], preloads: [], scripts: [] }) };
const page = (state: PageState, body: React.ReactElement) => renderDocument({ title: 'x', siteName: 'S', favicon: null, nonce: 'n', assets: pageAssets, pageState: state, body });
/** The page's text as read, without React's text separators. */
const shown = (html: string) => html.replaceAll('<!-- -->', '');
const bodyOf = (html: string) => /<body>(.*?)<script/s.exec(html)?.[1] ?? /<body>(.*?)<\/body>/s.exec(html)![1]!;

afterEach(() => vi.restoreAllMocks());

describe('first paint of the trade room', () => {
  it('when the page carries the catalogue, the accounts and the device choices, then the server HTML shows their prices and figures, the old price stale', () => {
    const html = shown(page(pageState, <Island island={probe} client="load" props={{}} />));
    expect(html).toContain('active ETHUSD sell 3000.1 buy 3001.2 · pairs 1,2 · stale ETHUSD · Account 11 2500 · 1 currencies · Ada');
  });

  it('when a page has rendered, then no signal keeps its values for the next request', () => {
    page(pageState, <Island island={probe} client="load" props={{}} />);
    expect(assets.value).toEqual([]);
    expect(assetsState.value.state).toBe('loading');
    expect(openPairs.value).toEqual([]);
    expect(quoteOf(1).value).toBeNull();
    expect(accounts.value).toEqual([]);
    expect(currencies.value).toEqual([]);
    expect(currentUser.value).toBeNull();
    const other = page({ ...pageState, user: null, data: {} }, <Island island={probe} client="load" props={{}} />);
    expect(shown(other)).toContain('active none sell — buy — · pairs  · stale  · no account — · 0 currencies · nobody');
  });

  it('when the page has prices, then there is no splash; without them the splash shows while they load', () => {
    expect(bodyOf(page(pageState, <Island island={TradeSplash} client="load" props={{ siteName: 'S' }} />))).not.toContain('class="trade-splash"');
    const without = page({ ...pageState, data: { ...pageState.data, assets: undefined } }, <Island island={TradeSplash} client="load" props={{ siteName: 'S' }} />);
    expect(without).toContain('class="trade-splash"');
    expect(without).toContain('role="progressbar" aria-label="Loading market data..."');
  });

  it('when the browser seeds from the same page state, then the island hydrates against the server HTML without a mismatch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    document.body.innerHTML = bodyOf(page(pageState, <Island island={probe} client="load" props={{}} />));
    const element = document.querySelector('app-island') as HTMLElement;
    const serverHtml = element.innerHTML;
    seedFromPageState(JSON.parse(JSON.stringify(pageState)) as PageState);
    await act(() => hydrateIsland(element, { probe: async () => ({ default: probe as never }) }));
    expect(element.hasAttribute('hydrated')).toBe(true);
    expect(element.innerHTML).toBe(serverHtml);
    expect(warnings).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(shown(renderToString(<Probe />))).toContain('active ETHUSD sell 3000.1 buy 3001.2 · pairs 1,2 · stale ETHUSD · Account 11 2500 · 1 currencies · Ada');
  });

  it('reads only the choices it wrote from the Cookie header, and nothing unreadable', () => {
    const header = 'session=secret; asset-storage=%7B%22activeAssetId%22%3A3%2C%22pairs%22%3A%5B3%5D%7D; selected-account=not-json{; other=1';
    expect(readDeviceChoices(header)).toEqual({ 'asset-storage': { activeAssetId: 3, pairs: [3] } });
    expect(readDeviceChoices(undefined)).toEqual({});
  });
});
