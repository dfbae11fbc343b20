import './mobile-menu.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { bellTexts } from '../../shared/texts';
import { oneClickTexts } from '../../shared/trading/one-click';
import { TerminalSwitch } from '../components/terminal-switch';
import { OneClickSwitch } from '../components/one-click-switch';
import { useDismiss } from '../lib/use-dismiss';
import { displayMoney } from '../state/site-data';
import { defineIsland } from '../runtime/define-island';
import { assetsById, closePair, openPair, openPairs } from '../state/market';
import { bellOpen, unreadCount } from '../state/notifications';
import { csrfToken } from '../state/session';
import { mobileWatchOpen, openPanel, terminalDialog, type RailPanel } from '../state/terminal';
import { liveSummary, selectedAccount } from '../state/trading';

const props = z.object({ planTitle: z.nullable(z.string()) });

const shortcuts: { id: RailPanel; label: string }[] = [
  { id: 'market-watch', label: 'Market watch' },
  { id: 'active-orders', label: 'Active orders' },
  { id: 'history', label: 'Trading history' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'news', label: 'Market news' },
];

/**
 * The phone menu (docs/trade-room.md#mobile-menu): balances, panel shortcuts, AutoTrader, Deposit, the plan badge, the
 * one-click trading switch (while on, the lots field sits between SELL and BUY at the top), the open pairs with Add
 * Pair, the notification bell's list, the light terminal (docs/trade-room.md#terminals) and Logout. Escape closes it, focus back on the menu button.
 */
function MobileMenu({ planTitle }: z.infer<typeof props>) {
  useSignals();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);
  useDismiss(open, null, close);
  const summary = liveSummary.value;
  const unread = unreadCount.value ?? 0;
  const currency = selectedAccount.value?.currency ?? '';
  const go = (id: RailPanel) => {
    setOpen(false);
    if (id === 'market-watch') mobileWatchOpen.value = true;
    else openPanel.value = id;
  };
  return (
    <>
      <button type="button" className="hamburger" ref={toggle} aria-expanded={open} aria-label="Menu" onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      {open ? (
        <>
          <div className="panel-backdrop mobile-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
          <nav className="mobile-menu" aria-label="Menu">
            <section className="mobile-balances">
              {planTitle ? (
                <button type="button" className="plan-badge plan-button" onClick={() => ((terminalDialog.value = { kind: 'plans' }), setOpen(false))}>
                  {planTitle} · Account Plans
                </button>
              ) : null}
              <dl>
                <dt>Balance</dt>
                <dd>{summary ? displayMoney(summary.balance, currency) : '—'}</dd>
                <dt>Equity</dt>
                <dd>{summary ? displayMoney(summary.equity, currency) : '—'}</dd>
                <dt>Free margin</dt>
                <dd>{summary ? displayMoney(summary.freeMargin, currency) : '—'}</dd>
              </dl>
              <a className="button-link deposit" href="/main/deposit">
                Deposit
              </a>
            </section>
            <OneClickSwitch className="menu-one-click" label={oneClickTexts.setting} hint={oneClickTexts.settingHint} />
            <ul className="mobile-shortcuts">
              {shortcuts.map((s) => (
                <li key={s.id}>
                  <button type="button" onClick={() => go(s.id)}>
                    {s.label}
                  </button>
                </li>
              ))}
              <li>
                <button type="button" onClick={() => ((terminalDialog.value = { kind: 'autotrader' }), setOpen(false))}>
                  AutoTrader
                </button>
              </li>
              <li>
                {/* The header's bell has no room on a phone: its list opens from here (docs/realtime.md#the-bell). */}
                <button type="button" onClick={() => ((bellOpen.value = true), setOpen(false))}>
                  {bellTexts.title}
                  {unread > 0 ? <span className="count-badge menu-count">{unread}</span> : null}
                </button>
              </li>
            </ul>
            <section>
              <h2>Pairs</h2>
              <ul className="mobile-pairs">
                {openPairs.value.map((id) => {
                  const asset = assetsById.value.get(id);
                  if (!asset) return null;
                  return (
                    <li key={id}>
                      <button type="button" onClick={() => (openPair(id), setOpen(false))}>
                        {asset.symbol_display}
                      </button>
                      {openPairs.value.length > 1 ? (
                        <button type="button" className="pair-remove" aria-label={`Remove ${asset.symbol_display}`} onClick={() => closePair(id)}>
                          ×
                        </button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              <button type="button" className="outline small" onClick={() => ((terminalDialog.value = { kind: 'add-pair' }), setOpen(false))}>
                Add Pair
              </button>
            </section>
            <TerminalSwitch to="light" csrfToken={csrfToken.value} className="outline small" />
            <form method="post" action="/session/logout">
              <input type="hidden" name="_csrf" value={csrfToken.value} />
              <button type="submit" className="secondary">
                Logout
              </button>
            </form>
          </nav>
        </>
      ) : null}
    </>
  );
}

export default defineIsland({ name: 'mobile-menu', component: MobileMenu, props });
