import { computed, effect, signal } from '@preact/signals-react';
import { activationAnswer, eaTexts, type Activation } from '../../shared/api/advisors.schema';
import { autotraderStatusSchema, autotraderTexts, type AutotraderLevel, type AutotraderStatus } from '../../shared/api/autotrader.schema';
import { messageOf, resource } from '../../shared/api/common.schema';
import { userResponse } from '../../shared/api/user.schema';
import { Money } from '../../shared/money';
import { realtimeEvents } from '../../shared/realtime';
import { feedTiming } from '../../shared/trading/terminal';
import { requestJson } from '../lib/api';
import { realtime } from '../realtime/connection';
import { connection } from './realtime';
import { showToast } from './toasts';
import { liveOpenTrades, openTrades, selectedAccount } from './trading';

/**
 * Automated trading (client-spec §4/§5 "Expert advisor" and "AutoTrader"): the customer's EAs, the one
 * activated (with its figures on the selected account) and AutoTrader's status, kept current by the
 * trade and user events, and by polling while the live channel is down.
 */

/** `user.eas` as last fetched here; null until then (the page's own copy stands in). */
export const ownedEaIds = signal<readonly number[] | null>(null);
/** The activated EA, null when none; undefined until the first answer. */
export const activation = signal<Activation | null | undefined>(undefined);
export const autotrader = signal<AutotraderStatus | undefined>(undefined);

const statusAnswer = resource(autotraderStatusSchema);
const selectedAccountId = computed(() => selectedAccount.value?.id ?? null);
const fallback = 'Something went wrong. Please try again.';

/** Answers to loads that a newer load or an action overtook are dropped. */
let activationRequest = 0;

export async function loadActivation(account = selectedAccountId.peek()): Promise<void> {
  const request = ++activationRequest;
  const result = await requestJson<unknown>(`/api/v1/expert_advisors/active${account ? `?account_id=${account}` : ''}`).catch(() => undefined);
  const parsed = activationAnswer.safeParse(result?.body);
  if (request === activationRequest && result?.ok && parsed.success) activation.value = parsed.data.data;
}

async function loadOwned(): Promise<void> {
  const result = await requestJson<unknown>('/api/v1/user').catch(() => undefined);
  const parsed = userResponse.safeParse(result?.body);
  if (result?.ok && parsed.success) ownedEaIds.value = parsed.data.data.eas;
}

export async function loadAutotrader(): Promise<void> {
  const result = await requestJson<unknown>('/api/v1/autotrader').catch(() => undefined);
  const parsed = statusAnswer.safeParse(result?.body);
  if (result?.ok && parsed.success) autotrader.value = parsed.data.data;
}

/** The activated EA's open P/L at live prices, while every one of its open positions is loaded here; else the server's figure. */
export const eaFloatingPnl = computed(() => {
  const current = activation.value;
  if (!current) return null;
  const mine = liveOpenTrades.value.filter((trade) => trade.expert_advisor_id === current.expert_advisor.id);
  if (openTrades.value.next !== null || mine.length !== current.stats.open_positions) return current.stats.floating_pnl;
  return mine.reduce((sum, trade) => sum.plus(trade.livePnl), new Money(0)).toFixed(2);
});

/**
 * One EA action (activate, deactivate, start, stop): the spec's toast on success and the figures
 * refetched for the selected account; the server's message otherwise, as information when the EA has
 * to be activated first (client-spec §5), else as an error.
 */
async function eaAction(path: string, success: string, body?: object): Promise<void> {
  const result = await requestJson<unknown>(`/api/v1/expert_advisors/${path}`, { method: 'POST', body }).catch(() => undefined);
  const parsed = activationAnswer.safeParse(result?.body);
  if (result?.ok && parsed.success) {
    activationRequest++;
    activation.value = parsed.data.data;
    showToast({ kind: 'success', title: success });
    void loadActivation();
    return;
  }
  const message = messageOf(result?.body, fallback);
  showToast({ kind: message === eaTexts.activateFirst ? 'default' : 'error', title: message });
}

export const activateEa = (ea: { id: number; name: string }) => eaAction(`${ea.id}/activate`, eaTexts.activated(ea.name));
export const deactivateEa = (name: string) => eaAction('deactivate', eaTexts.deactivated(name));
export const startEa = (id: number, accountId: number, assetId: number) => eaAction(`${id}/start`, eaTexts.started, { account_id: accountId, asset_id: assetId });
export const stopEa = (id: number) => eaAction(`${id}/stop`, eaTexts.stopped);

/** Client-spec §4/§8: asks for AutoTrader at a level on the selected account. */
export async function requestAutotrader(level: AutotraderLevel): Promise<void> {
  const account = selectedAccountId.value;
  const result = await requestJson<unknown>('/api/v1/update/autotrader', { method: 'POST', body: { autotrader_type: level, ...(account ? { account_id: account } : {}) } }).catch(() => undefined);
  if (result?.ok) showToast({ kind: 'success', title: autotraderTexts.saved });
  else if (messageOf(result?.body, '').includes('pending auto trader request')) showToast({ kind: 'warning', title: autotraderTexts.pendingShown });
  else showToast({ kind: 'error', title: autotraderTexts.failed, description: messageOf(result?.body, '') || undefined });
  await loadAutotrader();
}

export async function turnOffAutotrader(): Promise<void> {
  const result = await requestJson<unknown>('/api/v1/autotrader/off', { method: 'POST' }).catch(() => undefined);
  if (result?.ok) showToast({ kind: 'success', title: messageOf(result.body, autotraderTexts.turnedOff) });
  else showToast({ kind: 'error', title: messageOf(result?.body, fallback) });
  await loadAutotrader();
}

let following = false;

/** Loads all of it once per page and keeps it current (the islands that show it each call this). */
export function startAutomation(userId: number, realtimeKey: string | null): void {
  if (following) return;
  following = true;
  void loadAutotrader();
  // The figures are the selected account's: loaded now and again whenever another account is chosen.
  effect(() => void loadActivation(selectedAccountId.value));
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
  if (!realtimeKey) return;
  void realtime(realtimeKey)
    .then((echo) => {
      echo.private(`trade.${userId}`).listen(`.${realtimeEvents.tradeUpdated}`, soon);
      echo.private(`user.${userId}`).listen(`.${realtimeEvents.userUpdated}`, userChanged);
    })
    .catch(() => undefined);
}
