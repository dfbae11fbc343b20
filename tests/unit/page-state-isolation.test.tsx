import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, use } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { activeAsset, assets, quoteOf } from '../../client/state/market';
import { csrfToken, currentUser } from '../../client/state/session';
import { displayMoney } from '../../client/state/site-data';
import { accounts, liveSummary, selectedAccount } from '../../client/state/trading';
import { leverageKeys } from '../../shared/constants';
import type { PageState } from '../../shared/page-state.schema';
import { renderWithPageState } from '../../views/page-scope';
import { wireAsset } from '../support/api-shapes';

/**
 * Each page's render seeds its own state (docs/front-end.md#islands-only-for-interaction): two customers' renders that
 * overlap (one waits halfway, or streams) each show only their own person, accounts and CSRF token.
 */

const account = (id: number, title: string, balance: number) => ({
  ...{ id, number: `900000${id}`, type: 'live', title, currency: 'USD', open_trades: 0, balance, credit: 0 },
  ...{ equity: balance, margin: 0, freeMargin: balance, marginLevel: '∞', pnl: 0, lifetimePnl: 0 },
});
/** An instrument open around the clock, priced `bid` / `bid` + 2 just now. */
const asset = (id: number, symbol: string, bid: number) => wireAsset({ id, symbol, bid, ask: bid + 2, updatedAt: Date.now() });
const currency = (code: string, rate: number) => ({ code, name: code, symbol: code, icon: null, display: true, rate, decimals: 2 });
const siteData = (currencies: ReturnType<typeof currency>[]) => ({
  data: {
    ...{ leverage: Object.fromEntries(leverageKeys.map((key) => [key, 10])), currencies, plans: [], plan_features: [], expert_advisors: [] },
    ...{ wallets: [], crypto_networks: [], withdrawal_methods: [] },
    deposit_config: { card: { enabled: false, estimated_time: '' }, crypto: { enabled: false, estimated_time: '', wallets: [] } },
  },
});

/** A customer's page: their name, token, accounts (the second chosen on this device), prices and display currency. */
function pageOf(name: string, token: string, ids: [number, number], shown: { currency: string; bid: number }): PageState {
  return {
    csrfToken: token,
    siteName: 'Site',
    user: { id: ids[0], first_name: name, last_name: 'Customer', email: `${name}@example.test`, role: 'customer', status: 'active', display_currency: shown.currency },
    realtimeKey: null,
    renderedAt: Date.now(),
    data: {
      accounts: { data: [account(ids[0], `${name} first`, 100), account(ids[1], `${name} second`, 2500)] },
      assets: { data: [asset(ids[0], `${name.toUpperCase()}USD`, shown.bid)] },
      siteData: siteData([currency('USD', 1), currency('EUR', 0.5), currency('GBP', 0.25)]),
      device: { 'selected-account': ids[1] },
    },
  };
}
const ada = pageOf('Ada', 'csrf-of-ada', [11, 12], { currency: 'EUR', bid: 100 });
const bob = pageOf('Bob', 'csrf-of-bob', [21, 22], { currency: 'GBP', bid: 200 });

/** What islands read first: the person and token, the chosen account at live prices in the display currency, the active pair's price. */
function Probe() {
  useSignals();
  const pair = activeAsset.value;
  return (
    <p>
      {currentUser.value?.first_name ?? 'nobody'} · {csrfToken.value || 'no token'} · {accounts.value.map((a) => a.title).join(', ')} · {selectedAccount.value?.title ?? 'no account'}{' '}
      {displayMoney(liveSummary.value?.balance, 'USD')} · {pair?.symbol ?? 'no pair'} {pair ? quoteOf(pair.id).value?.bid : '—'}
    </p>
  );
}
const adaSees = 'Ada · csrf-of-ada · Ada first, Ada second · Ada second ≈ 1,250.00 EUR · ADAUSD 100';
const bobSees = 'Bob · csrf-of-bob · Bob first, Bob second · Bob second ≈ 625.00 GBP · BOBUSD 200';

const shown = (html: string) => html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, '');

/** Something a render waits for, let go by the test. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** `<Probe />` streamed once `waitFor` settles (React's Suspense), as a server streaming the page would. */
function streamed(state: PageState, waitFor: Promise<void>): Promise<string> {
  function Later() {
    use(waitFor);
    return <Probe />;
  }
  return renderWithPageState(
    state,
    () =>
      new Promise<string>((resolve, reject) => {
        let html = '';
        const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => ((html += chunk.toString()), done()) });
        sink.on('finish', () => resolve(html));
        const stream = renderToPipeableStream(
          <Suspense fallback="…">
            <Later />
          </Suspense>,
          { onAllReady: () => stream.pipe(sink), onError: reject },
        );
      }),
  );
}

describe('two customers rendered at once', () => {
  it('when one render waits halfway and the other renders meanwhile, then each page shows only its own person, accounts and token', async () => {
    const adaMayGo = gate();
    const adaPage = renderWithPageState(ada, async () => {
      await adaMayGo.opened;
      return renderToStaticMarkup(<Probe />);
    });
    const bobPage = renderWithPageState(bob, async () => renderToStaticMarkup(<Probe />));
    const bobHtml = shown(await bobPage);
    adaMayGo.open();
    const adaHtml = shown(await adaPage);
    expect(adaHtml).toBe(adaSees);
    expect(bobHtml).toBe(bobSees);
  });

  it('when two pages stream and the first finishes last, then each stream shows only its own person, accounts and token', async () => {
    const adaMayGo = gate();
    const bobMayGo = gate();
    const adaPage = streamed(ada, adaMayGo.opened);
    const bobPage = streamed(bob, bobMayGo.opened);
    bobMayGo.open();
    const bobHtml = await bobPage;
    adaMayGo.open();
    const adaHtml = await adaPage;
    expect(shown(adaHtml)).toContain(adaSees);
    expect(shown(bobHtml)).toContain(bobSees);
    for (const other of ['Bob', 'csrf-of-bob', 'BOBUSD']) expect(adaHtml).not.toContain(other);
    for (const other of ['Ada', 'csrf-of-ada', 'ADAUSD']) expect(bobHtml).not.toContain(other);
  });

  it('when a render changes its page state halfway, then a render running beside it does not see the change', async () => {
    const changed = gate();
    const adaMayGo = gate();
    const adaPage = renderWithPageState(ada, async () => {
      await adaMayGo.opened;
      return renderToStaticMarkup(<Probe />);
    });
    const bobPage = renderWithPageState(bob, async () => {
      currentUser.value = { ...bob.user!, first_name: 'Robert' };
      changed.open();
      await adaPage;
      return renderToStaticMarkup(<Probe />);
    });
    await changed.opened;
    adaMayGo.open();
    expect(shown(await adaPage)).toBe(adaSees);
    expect(shown(await bobPage)).toBe(bobSees.replace('Bob ·', 'Robert ·'));
  });

  it('when renders have run, then a read outside any render gets each signal as it started, never a render’s', async () => {
    await renderWithPageState(ada, async () => renderToStaticMarkup(<Probe />));
    expect(shown(renderToStaticMarkup(<Probe />))).toBe('nobody · no token ·  · no account — · no pair —');
    expect([currentUser.value, csrfToken.value, accounts.value, assets.value]).toEqual([null, '', [], []]);
  });
});
