import './algo-trader.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import type { Activation } from '../../shared/api/advisors.schema';
import { useTradingStart } from '../components/trade-sides';
import { signClass } from '../lib/format';
import { useBusy } from '../lib/use-busy';
import { defineIsland } from '../runtime/define-island';
import { activateEa, activation, deactivateEa, eaFloatingPnl, ownedEaIds, startEa, stopEa } from '../state/automation';
import { activeAsset, assetsById } from '../state/market';
import { advisorCatalogue, displayMoney, loadSiteData, siteDataFailed } from '../state/site-data';
import { mobileWatchOpen, sidebarOpen } from '../state/terminal';
import { accountNameOf, selectedAccount } from '../state/trading';

const props = z.object({ eas: z.array(z.number()) });

/** The activated EA (docs/advisors.md#ea-panel): the Running/Stopped toggle, where it trades, its live figures, and Deactivate. */
function EaPanel({ current }: { current: Activation }) {
  useSignals();
  const { busy, run } = useBusy();
  const { expert_advisor: ea, running, stats } = current;
  const account = selectedAccount.value;
  const asset = activeAsset.value;
  const currency = account?.currency ?? 'USD';
  const floating = eaFloatingPnl.value;
  const tradedSymbol = (current.asset_id !== null ? assetsById.value.get(current.asset_id)?.symbol_display : undefined) ?? current.asset_symbol ?? '—';
  const toggle = () => {
    if (running) return run('toggle', () => stopEa(ea.id));
    if (account && asset) run('toggle', () => startEa(ea.id, account.id, asset.id));
  };
  return (
    <section className="ea-panel" aria-label={`Expert advisor ${ea.name}`}>
      <header>
        <strong>{ea.name}</strong>
        <button
          type="button"
          role="switch"
          aria-label="Automated trading"
          aria-checked={running}
          className="ea-switch"
          disabled={busy !== null || (!running && !(account && asset))}
          aria-busy={busy === 'toggle' || undefined}
          onClick={toggle}
        >
          {running ? 'Running' : 'Stopped'}
        </button>
      </header>
      <p className="ea-where">{running ? `Trading ${tradedSymbol} on ${accountNameOf(current.account_id)}` : `Starts on ${asset?.symbol_display ?? '—'} · ${accountNameOf(account?.id)}`}</p>
      {current.stopped_reason && !running ? (
        <p className="ea-stopped" role="status">
          {current.stopped_reason}
        </p>
      ) : null}
      {current.account_id !== null && current.account_id !== account?.id ? <p className="ea-where">Figures for {accountNameOf(account?.id)}</p> : null}
      <dl className="ea-stats">
        <dt>Trades</dt>
        <dd>{stats.trades}</dd>
        <dt>Win rate</dt>
        <dd>{stats.win_rate}%</dd>
        <dt>Realised P/L</dt>
        <dd className={signClass(stats.realized_pnl)}>{displayMoney(stats.realized_pnl, currency)}</dd>
        <dt>Open positions</dt>
        <dd>{stats.open_positions}</dd>
        <dt>Floating P/L</dt>
        <dd className={signClass(floating)}>{displayMoney(floating, currency)}</dd>
      </dl>
      <button type="button" className="small outline" disabled={busy !== null} aria-busy={busy === 'deactivate' || undefined} onClick={() => run('deactivate', () => deactivateEa(ea.name))}>
        Deactivate
      </button>
    </section>
  );
}

/**
 * The Algo Trader half of the right sidebar (docs/advisors.md#ea-panel): the customer's own expert advisors as a
 * tree, each with Activate or the "Activated" badge, and the activated one's panel beneath.
 */
function AlgoTrader({ eas }: z.infer<typeof props>) {
  useSignals();
  const [open, setOpen] = useState(true);
  const { busy, run } = useBusy();
  useTradingStart();
  useEffect(() => void loadSiteData(), []);
  if (!sidebarOpen.value && !mobileWatchOpen.value) return null;

  const owned = ownedEaIds.value ?? eas;
  const catalogue = advisorCatalogue.value;
  const mine = (catalogue ?? []).filter((ea) => owned.includes(ea.id));
  const current = activation.value;
  return (
    <section className="algo-trader" aria-label="Algo Trader">
      <h2>
        <button type="button" className="algo-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          ALGO TRADER <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
      </h2>
      {open ? (
        <div className="algo-body">
          <details className="ea-tree" open>
            <summary>Expert Advisors ({mine.length})</summary>
            {catalogue === null ? (
              <p className="panel-empty">{siteDataFailed.value ? 'Could not load the Expert Advisors.' : 'Loading...'}</p>
            ) : mine.length === 0 ? (
              <p className="panel-empty">
                No Expert Advisors yet. <a href="/main/marketplace">Get one in the marketplace</a>.
              </p>
            ) : (
              <ul>
                {mine.map((ea) => (
                  <li key={ea.id} className="ea-row">
                    {ea.image ? <img src={ea.image} alt="" width={20} height={20} /> : <span className="ea-icon" aria-hidden="true" />}
                    <span className="ea-name">{ea.name}</span>
                    {current?.expert_advisor.id === ea.id ? (
                      <span className="ea-badge">Activated</span>
                    ) : (
                      <button
                        type="button"
                        className="small outline"
                        aria-label={`Activate ${ea.name}`}
                        disabled={busy !== null}
                        aria-busy={busy === String(ea.id) || undefined}
                        onClick={() => run(String(ea.id), () => activateEa(ea))}
                      >
                        Activate
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </details>
          {current ? <EaPanel current={current} /> : null}
        </div>
      ) : null}
    </section>
  );
}

export default defineIsland({ name: 'algo-trader', component: AlgoTrader, props });
