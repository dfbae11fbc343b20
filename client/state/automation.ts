import { effect, signal } from '@preact/signals-react';
import { eaTexts, type Activation } from '../../shared/api/advisors.schema';
import { autotraderTexts, type AutotraderLevel, type AutotraderStatus } from '../../shared/api/autotrader.schema';
import { automationApi } from '../../shared/api/endpoints/automation';
import { siteApi } from '../../shared/api/endpoints/site';
import { Money } from '../../shared/money';
import { tradingEvents } from '../../shared/realtime-events/trading';
import { userEvents } from '../../shared/realtime-events/user';
import { feedTiming } from '../../shared/trading/terminal';
import { call, type CallResult } from '../lib/call';
import { realtime } from '../realtime/connection';
import { listen } from '../realtime/events';
import { afterHydration } from '../runtime/hydration';
import { pageComputed } from './page-scope';
import { connection } from './realtime';
import { showToast } from './toasts';
import { liveOpenTrades, openTrades, selectedAccount } from './trading';

/**
 * Automated trading (docs/advisors.md): the customer's EAs, the one
 * activated (with its figures on the selected account) and AutoTrader's status, kept current by the
 * trade and user events, and by polling while the live channel is down.
 */

/** `user.eas` as last fetched here; null until then (the page's own copy stands in). */
export const ownedEaIds = signal<readonly number[] | null>(null);
/** The activated EA, null when none; undefined until the first answer. */
export const activation = signal<Activation | null | undefined>(undefined);
export const autotrader = signal<AutotraderStatus | undefined>(undefined);

const selectedAccountId = pageComputed(() => selectedAccount.value?.id ?? null);
const fallback = 'Something went wrong. Please try again.';

/** Answers to loads that a newer load or an action overtook are dropped. */
let activationRequest = 0;

export async function loadActivation(account = selectedAccountId.peek()): Promise<void> {
  const request = ++activationRequest;
  const result = await call(automationApi.activeAdvisor, { query: { account_id: account ?? undefined } });
  if (request === activationRequest && result.ok) activation.value = result.data.data;
}

async function loadOwned(): Promise<void> {
  const result = await call(siteApi.user);
  if (result.ok) ownedEaIds.value = result.data.data.eas;
}

export async function loadAutotrader(): Promise<void> {
  const result = await call(automationApi.autotrader);
  if (result.ok) autotrader.value = result.data.data;
}

/** The activated EA's open P/L at live prices, while every one of its open positions is loaded here; else the server's figure. */
export const eaFloatingPnl = pageComputed(() => {
  const current = activation.value;
  if (!current) return null;
  const mine = liveOpenTrades.value.filter((trade) => trade.expert_advisor_id === current.expert_advisor.id);
  if (openTrades.value.next !== null || mine.length !== current.stats.open_positions) return current.stats.floating_pnl;
  return mine.reduce((sum, trade) => sum.plus(trade.livePnl), new Money(0)).toFixed(2);
});

/**
 * One EA action (activate, deactivate, start, stop; docs/advisors.md#ea-panel): its success text as a toast and the figures
 * refetched for the selected account; the server's message otherwise, as information when the EA has
 * to be activated first, else as an error.
 */
async function eaAction(answer: Promise<CallResult<typeof automationApi.activateAdvisor> | CallResult<typeof automationApi.deactivateAdvisor>>, success: string): Promise<void> {
  const result = await answer;
  if (result.ok) {
    activationRequest++;
    activation.value = result.data.data;
    showToast({ kind: 'success', title: success });
    void loadActivation();
    return;
  }
  const message = result.message ?? fallback;
  showToast({ kind: message === eaTexts.activateFirst ? 'default' : 'error', title: message });
}

export const activateEa = (ea: { id: number; name: string }) => eaAction(call(automationApi.activateAdvisor, { params: { id: ea.id } }), eaTexts.activated(ea.name));
export const deactivateEa = (name: string) => eaAction(call(automationApi.deactivateAdvisor), eaTexts.deactivated(name));
export const startEa = (id: number, accountId: number, assetId: number) =>
  eaAction(call(automationApi.startAdvisor, { params: { id }, body: { account_id: accountId, asset_id: assetId } }), eaTexts.started);
export const stopEa = (id: number) => eaAction(call(automationApi.stopAdvisor, { params: { id } }), eaTexts.stopped);

/** Asks for AutoTrader at a level on the selected account (docs/advisors.md#autotrader-dialog). */
export async function requestAutotrader(level: AutotraderLevel): Promise<void> {
  const account = selectedAccountId.value;
  const result = await call(automationApi.requestAutotrader, { body: { autotrader_type: level, ...(account ? { account_id: account } : {}) } });
  if (result.ok) showToast({ kind: 'success', title: autotraderTexts.saved });
  else if (result.message?.includes('pending auto trader request')) showToast({ kind: 'warning', title: autotraderTexts.pendingShown });
  else showToast({ kind: 'error', title: autotraderTexts.failed, description: result.message ?? undefined });
  await loadAutotrader();
}

export async function turnOffAutotrader(): Promise<void> {
  const result = await call(automationApi.autotraderOff);
  if (result.ok) showToast({ kind: 'success', title: result.data.message || autotraderTexts.turnedOff });
  else showToast({ kind: 'error', title: result.message ?? fallback });
  await loadAutotrader();
}

let following = false;

/** Loads all of it once per page and keeps it current (the islands that show it each call this). */
export function startAutomation(userId: number, realtimeKey: string | null): void {
  if (following) return;
  following = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void loadActivation(), 150);
  };
  const userChanged = () => {
    soon();
    void loadOwned();
    void loadAutotrader();
  };
  setInterval(() => {
    if (connection.value.status !== 'connected') userChanged();
  }, feedTiming.tradePollMs);
  // First fetches and the connection once no island is hydrating (docs/front-end.md#islands-only-for-interaction): the
  // light terminal's Auto Trading state and traffic figure would otherwise hydrate against answers their HTML did not have.
  void afterHydration().then(() => {
    void loadAutotrader();
    // The figures are the selected account's: loaded now and again whenever another account is chosen.
    effect(() => void loadActivation(selectedAccountId.value));
    if (!realtimeKey) return;
    void realtime(realtimeKey)
      .then((echo) => {
        listen(echo, tradingEvents.tradeUpdated, userId, soon);
        listen(echo, userEvents.userUpdated, userId, userChanged);
      })
      .catch(() => undefined);
  });
}
