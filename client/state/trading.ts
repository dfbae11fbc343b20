import { computed, signal } from '@preact/signals-react';
import { accountName } from '../../shared/api/user.schema';
import { accountSummaryList, pendingOrderPage, tradePage, type AccountSummaryView, type PendingOrderView, type TradeView } from '../../shared/api/trades.schema';
import { accountSummary, pnlOf } from '../../shared/trading/account-maths';
import { conversionRate } from '../../shared/trading/conversion';
import { closingPrice } from '../../shared/trading/prices';
import { feedTiming, positionTexts } from '../../shared/trading/terminal';
import { realtimeEvents } from '../../shared/realtime';
import { realtime } from '../realtime/connection';
import { connection } from './realtime';
import { requestJson } from '../lib/api';
import { readStored, writeStored } from '../lib/storage';
import { assetsById, forexMid, quoteOf } from './market';

export const accounts = signal<readonly AccountSummaryView[]>([]);
export const selectedAccountId = signal<number | null>(readStored<number | null>('selected-account', null));
export const selectedAccount = computed(() => accounts.value.find((a) => a.id === selectedAccountId.value) ?? accounts.value[0]);

/** One of the customer's accounts by id, as every screen names it ("Demo Account #1002"). */
export function accountNameOf(id: number | null | undefined): string {
  const account = accounts.value.find((a) => a.id === id);
  return account ? accountName(account) : '—';
}

export interface TradeList {
  items: readonly TradeView[];
  next: string | null;
  state: 'idle' | 'loading' | 'error';
  error: string | null;
}
/** Lists start as loading, so nothing says "none" before the first answer. */
const emptyList: TradeList = { items: [], next: null, state: 'loading', error: null };
export const openTrades = signal<TradeList>(emptyList);
export const closedTrades = signal<TradeList>(emptyList);

export function selectAccount(id: number): void {
  selectedAccountId.value = id;
  writeStored('selected-account', id);
  openTrades.value = emptyList;
  closedTrades.value = emptyList;
  pendingOrders.value = { items: [], state: 'loading' };
  void loadTrades('open', 1);
  void loadTrades('closed', 1);
  void loadPendingOrders();
}

export async function loadAccounts(): Promise<void> {
  const result = await requestJson<unknown>('/api/v1/accounts').catch(() => undefined);
  const parsed = accountSummaryList.safeParse(result?.body);
  if (!result?.ok || !parsed.success) return;
  accounts.value = parsed.data.data;
  if (!parsed.data.data.some((a) => a.id === selectedAccountId.value)) selectedAccountId.value = parsed.data.data[0]?.id ?? null;
}

/** Client-spec §4: page 1 replaces the list, later pages append; more only while `links.next`. */
const latestRequest = { open: 0, closed: 0, pending: 0 };

export async function loadTrades(status: 'open' | 'closed', page: number): Promise<void> {
  const list = status === 'open' ? openTrades : closedTrades;
  const account = selectedAccountId.value;
  // Loads overlap (events, polling, dialogs): only the latest one's answer is used.
  const request = ++latestRequest[status];
  list.value = { ...list.value, state: 'loading' };
  const query = `page=${page}${account ? `&account_id=${account}` : ''}`;
  const result = await requestJson<unknown>(`/api/v1/${status}/trades?${query}`).catch(() => undefined);
  const parsed = tradePage.safeParse(result?.body);
  if (account !== selectedAccountId.value || request !== latestRequest[status]) return;
  if (!result?.ok || !parsed.success) {
    list.value = { ...list.value, state: 'error', error: status === 'open' ? positionTexts.openFailed : positionTexts.closedFailed };
    return;
  }
  const items = page === 1 ? parsed.data.data : [...list.value.items, ...parsed.data.data.filter((t) => !list.value.items.some((known) => known.id === t.id))];
  list.value = { items, next: parsed.data.links.next, state: 'idle', error: null };
}

export function loadMore(status: 'open' | 'closed'): void {
  const list = status === 'open' ? openTrades.value : closedTrades.value;
  if (!list.next || list.state === 'loading') return;
  const page = Number(new URL(list.next, window.location.origin).searchParams.get('page'));
  if (page > 1) void loadTrades(status, page);
}

/** The selected account's pending orders (the ACTIVE ORDERS panel); the first 20, newest first. */
export const pendingOrders = signal<{ items: readonly PendingOrderView[]; state: 'idle' | 'loading' | 'error' }>({ items: [], state: 'loading' });

export async function loadPendingOrders(): Promise<void> {
  const account = selectedAccountId.value;
  const request = ++latestRequest.pending;
  pendingOrders.value = { ...pendingOrders.value, state: 'loading' };
  const result = await requestJson<unknown>(`/api/v1/orders/pending${account ? `?account_id=${account}` : ''}`).catch(() => undefined);
  const parsed = pendingOrderPage.safeParse(result?.body);
  if (account !== selectedAccountId.value || request !== latestRequest.pending) return;
  pendingOrders.value = result?.ok && parsed.success ? { items: parsed.data.data, state: 'idle' } : { ...pendingOrders.value, state: 'error' };
}

/** Everything a trade change touches: the open list, the history, the pending orders, the account figures. */
export function refreshTrading(): Promise<unknown> {
  return Promise.all([loadAccounts(), loadTrades('open', 1), loadTrades('closed', 1), loadPendingOrders()]);
}

/** An open trade with its P/L at the live price (the server's figure until the first tick). */
export interface LiveTrade extends TradeView {
  livePnl: string;
  livePrice: string | null;
}

export const liveOpenTrades = computed<readonly LiveTrade[]>(() => {
  const currency = selectedAccount.value?.currency ?? 'USD';
  return openTrades.value.items.map((trade) => {
    const asset = assetsById.value.get(trade.asset_id);
    const quote = quoteOf(trade.asset_id).value;
    if (!asset || !quote) return { ...trade, livePnl: trade.pnl, livePrice: trade.closing_price };
    const price = closingPrice({ side: trade.trade_type, quote });
    const conversion = conversionRate(asset.quote_currency, currency, forexMid);
    if (!conversion) return { ...trade, livePnl: trade.pnl, livePrice: price };
    return { ...trade, livePrice: price, livePnl: pnlOf({ side: trade.trade_type, units: trade.volume, opening: trade.opening_price, closing: price, conversion }).toFixed(2) };
  });
});

/**
 * The selected account's figures at live prices: the server's summary, with the open P/L of the trades
 * loaded here replaced by their live P/L (all of them when every open trade is loaded).
 */
export const liveSummary = computed(() => {
  const account = selectedAccount.value;
  if (!account) return undefined;
  const live = liveOpenTrades.value;
  if (openTrades.value.next !== null || live.length !== account.open_trades) return account;
  return { ...account, ...accountSummary({ balance: account.balance, credit: account.credit, positions: live.map((t) => ({ pnl: t.livePnl, margin: t.margin })), lifetimePnl: account.lifetimePnl }) };
});

let following: Promise<void> | undefined;

/**
 * Loads the accounts and trade lists once per page and keeps them current: `.trade.updated` and
 * `.user.updated` on the customer's channels refresh them, and while the live channel is down they are
 * polled every 30 s (client-spec §9).
 */
export function startTrading(userId: number, realtimeKey: string | null): Promise<void> {
  following ??= (async () => {
    await loadAccounts();
    await Promise.all([loadTrades('open', 1), loadTrades('closed', 1), loadPendingOrders()]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refreshTrading(), 150);
    };
    setInterval(() => {
      if (connection.value.status !== 'connected') void refreshTrading();
    }, feedTiming.tradePollMs);
    if (!realtimeKey) return;
    const echo = await realtime(realtimeKey).catch(() => undefined);
    echo?.private(`trade.${userId}`).listen(`.${realtimeEvents.tradeUpdated}`, soon);
    echo?.private(`trade.${userId}`).listen(`.${realtimeEvents.orderUpdated}`, soon);
    echo?.private(`user.${userId}`).listen(`.${realtimeEvents.userUpdated}`, soon);
  })();
  return following;
}
