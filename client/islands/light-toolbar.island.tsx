import './light-toolbar.css';
import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type RefObject } from 'react';
import * as z from 'zod/mini';
import { lightSideId, lightTexts, lightTitle } from '../../shared/trading/light-terminal';
import { tradeTexts } from '../../shared/trading/texts';
import { ProfileMenuItems } from '../components/profile-menu-items';
import { OneClickSwitch } from '../components/one-click-switch';
import { TerminalDialogs } from '../components/terminal-dialogs';
import { TicketPopover } from '../components/ticket-popover';
import { NotificationBell } from './notification-bell.island';
import { useNewOrderKey, useTradingStart } from '../components/trade-sides';
import { listMove } from '../lib/keyboard';
import { useDismiss } from '../lib/use-dismiss';
import { defineIsland } from '../runtime/define-island';
import { activation, autotrader } from '../state/automation';
import { activeAsset } from '../state/market';
import { csrfToken } from '../state/session';
import { chartTimeframe, mobileWatchOpen, terminalDialog, ticketSide } from '../state/terminal';
import { selectedAccount } from '../state/trading';
import { showToast } from '../state/toasts';

const props = z.object({ siteName: z.string(), planId: z.nullable(z.number()), planTitle: z.nullable(z.string()), firstName: z.string(), unread: z.number() });

/**
 * Automated trading as it is (docs/trade-room.md#light-terminal): on while the AutoTrader is active or the activated EA
 * runs, pending while an AutoTrader request waits, off otherwise; unknown until either has been loaded.
 */
const autoTrading = computed((): { state: 'on' | 'pending' | 'off'; why: string } | null => {
  const status = autotrader.value;
  const ea = activation.value;
  if (status === undefined && ea === undefined) return null;
  if (status?.active) return { state: 'on', why: 'AutoTrader is active' };
  if (ea?.running) return { state: 'on', why: `${ea.expert_advisor.name} is running` };
  if (status?.latest_request?.status === 'pending') return { state: 'pending', why: 'AutoTrader request pending' };
  return { state: 'off', why: 'No AutoTrader or expert advisor is trading' };
});

/**
 * A toolbar menu: a button that shows or hides its list (a disclosure); Up/Down move through its items. Escape, or an
 * item chosen (`close`), closes it with focus back on the button; a press outside or Tab out of it closes it and leaves
 * focus where the reader put it.
 */
function ToolbarMenu({ className, label, buttonLabel, children }: { className: string; label: ReactNode; buttonLabel?: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);
  const hide = useCallback(() => setOpen(false), []);
  // Escape: both run (close's focus wins, hide moves none); a press outside: only hide, with `root`.
  useDismiss(open, null, close);
  useDismiss(open, root, hide);
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLElement>('.light-menu-list a, .light-menu-list button')?.focus();
  }, [open]);
  const onKeyDown = (event: ReactKeyboardEvent) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('.light-menu-list a, .light-menu-list button') ?? [])];
    const next = listMove(event.key, items.indexOf(document.activeElement as HTMLElement), items.length);
    if (next === null || !open) return;
    event.preventDefault();
    items[next]?.focus();
  };
  return (
    <div
      className={`light-menu ${className}`}
      ref={root}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) hide();
      }}
    >
      <button type="button" className="light-tool" ref={toggle} aria-expanded={open} aria-controls={listId} aria-label={buttonLabel} onClick={() => setOpen(!open)}>
        {label}
      </button>
      <ul className="light-menu-list" id={listId} hidden={!open}>
        {children(close)}
      </ul>
    </div>
  );
}

/**
 * The phone's Market Watch sheet covers the page, its toggle too: while it is open focus is in it (its search field),
 * and when it closes focus comes back to the toggle, unless the reader has already put it elsewhere. The sheet is
 * another island's, rendered on the same signal: found once it is there (a frame later at most).
 */
function useWatchSheetFocus(open: boolean, toggle: RefObject<HTMLButtonElement | null>) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      const focusSearch = () => {
        const search = document.querySelector<HTMLInputElement>('.market-watch[data-overlay] input[type=search]');
        search?.focus();
        return search !== null;
      };
      if (focusSearch()) return;
      const frame = requestAnimationFrame(focusSearch);
      return () => cancelAnimationFrame(frame);
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.closest('.market-watch, .light-side')) toggle.current?.focus();
  }, [open, toggle]);
}

/**
 * The light terminal's title bar and toolbar (docs/trade-room.md#light-terminal): MT4's window title for the selected
 * account, the active pair and the chart's timeframe, with a close button to the dashboard; New Order (a market or a
 * pending order in the shared ticket), the Auto Trading state, the one-click switch, Market Watch on phones, Deposit and
 * the avatar with the unread notifications (the card's own list) and the profile menu. F9 and the ticket and terminal
 * dialogs of the page are this island's, as they are the header's on /mt4.
 */
function LightToolbar({ siteName, planId, planTitle, firstName, unread }: z.infer<typeof props>) {
  useSignals();
  useTradingStart();
  useNewOrderKey();
  // Pending order: the ticket with its price first, until the ticket closes.
  const [priceFirst, setPriceFirst] = useState(false);
  const ticketOpen = ticketSide.value !== null;
  useEffect(() => {
    if (!ticketOpen) setPriceFirst(false);
  }, [ticketOpen]);

  const watchToggle = useRef<HTMLButtonElement>(null);
  useWatchSheetFocus(mobileWatchOpen.value, watchToggle);

  const asset = activeAsset.value;
  const account = selectedAccount.value;
  const title = lightTitle({ account, siteName, symbol: asset?.symbol_display, timeframe: chartTimeframe.value });
  const auto = autoTrading.value;

  const openTicket = (pending: boolean, close: () => void) => {
    // Focus on New Order first, so the ticket gives it back there when it closes.
    close();
    if (!activeAsset.peek()) return showToast({ kind: 'error', title: tradeTexts.noAsset });
    setPriceFirst(pending);
    ticketSide.value = 'buy';
  };

  return (
    <div className="light-top">
      <header className="light-titlebar">
        <h1 className="light-title" title={title}>
          {title}
        </h1>
        <a className="light-close" href="/main/dashboard" aria-label={lightTexts.closeTerminal} title={lightTexts.closeTerminal}>
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        </a>
      </header>
      <nav className="light-toolbar" aria-label={lightTexts.toolbar}>
        <ToolbarMenu
          className="light-new-order"
          label={
            <>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M3 1.5h7l3 3v10H3z" fill="#fff" stroke="currentColor" />
                <path d="M8 6.5v5M5.5 9h5" stroke="#1b7a3a" strokeWidth="1.6" />
              </svg>
              {lightTexts.newOrder}
            </>
          }
        >
          {(close) => (
            <>
              <li>
                <button type="button" onClick={() => openTicket(false, close)}>
                  {lightTexts.marketOrder}
                </button>
              </li>
              <li>
                <button type="button" onClick={() => openTicket(true, close)}>
                  {lightTexts.pendingOrder}
                </button>
              </li>
            </>
          )}
        </ToolbarMenu>
        <button type="button" className="light-tool light-auto" data-state={auto?.state} title={auto?.why} onClick={() => (terminalDialog.value = { kind: 'autotrader' })}>
          <span className="light-auto-dot" aria-hidden="true" />
          {lightTexts.autoTrading}
          {auto ? <span className="light-auto-state">{auto.state === 'on' ? 'On' : auto.state === 'pending' ? 'Pending' : 'Off'}</span> : null}
        </button>
        <OneClickSwitch className="light-one-click" />
        <button
          type="button"
          className="light-tool light-watch-toggle"
          ref={watchToggle}
          aria-controls={lightSideId}
          aria-expanded={mobileWatchOpen.value}
          onClick={() => (mobileWatchOpen.value = !mobileWatchOpen.value)}
        >
          {lightTexts.marketWatch}
        </button>
        {planTitle ? (
          <button type="button" className="light-tool light-plan" title="Account Plans" onClick={() => (terminalDialog.value = { kind: 'plans' })}>
            {planTitle}
          </button>
        ) : null}
        <span className="light-toolbar-gap" />
        <a className="light-tool light-deposit" href="/main/deposit">
          {lightTexts.deposit}
        </a>
        <NotificationBell unread={unread} />
        <ToolbarMenu
          className="light-profile"
          buttonLabel={lightTexts.profileMenu}
          label={
            <span className="light-avatar" aria-hidden="true">
              {(firstName[0] ?? '?').toUpperCase()}
            </span>
          }
        >
          {() => <ProfileMenuItems csrfToken={csrfToken.value} otherTerminal="classic" buttonClassName="light-menu-item" />}
        </ToolbarMenu>
      </nav>
      <TicketPopover priceFirst={priceFirst} />
      <TerminalDialogs planId={planId} />
    </div>
  );
}

export default defineIsland({ name: 'light-toolbar', component: LightToolbar, props });
