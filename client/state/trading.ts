import { accountName } from '../../shared/api/user.schema';
import { tradingApi } from '../../shared/api/endpoints/trading';
import type { AccountSummaryView, PendingOrderView, TradeView } from '../../shared/api/trades.schema';
import { accountSummary, pnlOf } from '../../shared/trading/account-maths';
import { conversionRate } from '../../shared/trading/conversion';
import { closingPrice } from '../../shared/trading/prices';
import { feedTiming, positionTexts } from '../../shared/trading/terminal';
import { tradingEvents } from '../../shared/realtime-events/trading';
import { userEvents } from '../../shared/realtime-events/user';
import { call } from '../lib/call';
import { realtime } from '../realtime/connection';
import { listen, whenSubscribed } from '../realtime/events';
import { connection } from './realtime';
import { accountShown, deviceChoices, takeLegacyChoice, writeDeviceChoice } from '../lib/device-choices';
import { afterHydration } from '../runtime/hydration';
import { assetsById, forexMid, quoteOf } from './market';
import { deviceChoiceOf, pageAnswer, seedFromPage, type PageSeed } from './page-data';
import { pageComputed, pageLocal, pageSignal } from './page-scope';

export const accounts = pageSignal<readonly AccountSummaryView[]>([]);
/** The account the room shows, kept on the device as the `selected-account` cookie (docs/trade-room.md#kept-on-the-device). */
export const selectedAccountId = pageSignal<number | null>(null);
export const selectedAccount = pageComputed(() => accounts.value.find((a) => a.id === selectedAccountId.value) ?? accounts.value[0]);

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
export const openTrades = pageSignal<TradeList>(emptyList);
export const closedTrades = pageSignal<TradeList>(emptyList);
/** The selected account's pending orders (the ACTIVE ORDERS panel); the first 20, newest first. */
export const pendingOrders = pageSignal<{ items: readonly PendingOrderView[]; state: 'idle' | 'loading' | 'error' }>({ items: [], state: 'loading' });

export function selectAccount(id: number): void {
  selectedAccountId.value = id;
  writeDeviceChoice(deviceChoices.account, id);
  openTrades.value = emptyList;
  closedTrades.value = emptyList;
  pendingOrders.value = { items: [], state: 'loading' };
  void loadTrades('open', 1);
  void loadTrades('closed', 1);
  void loadPendingOrders();
}

/** The accounts and the chosen one: the device's choice while it is one of them, else the first. */
function applyAccounts(list: readonly AccountSummaryView[]): void {
  accounts.value = list;
  selectedAccountId.value = accountShown(
    list.map((a) => a.id),
    selectedAccountId.value,
  );
}

const fromThePage = pageLocal(() => ({
  /** True while the accounts in the signals are the ones the page came with and no fetch has replaced them. */
  accounts: false,
  /** The account whose lists the page came with, if it did. */
  listsOf: null as number | null,
  /** Whether the page's request carried this device's `selected-account` cookie. */
  choice: false,
}));

/** The accounts the page came with (the server fetched them) and the one this device chose: the account bar's first figures. */
seedFromPage((page) => {
  const chosen = deviceChoiceOf(page, deviceChoices.account);
  selectedAccountId.value = Number.isInteger(chosen) ? (chosen as number) : null;
  const answer = pageAnswer(page, 'accounts', tradingApi.accounts);
  if (answer) applyAccounts(answer.data);
  Object.assign(fromThePage(), { accounts: answer !== undefined, choice: chosen !== undefined, listsOf: seedLists(page) });
});

/** The selected account's lists as the page came with them; answers the account, or null when it came without (or for another). */
function seedLists(page: PageSeed): number | null {
  const open = pageAnswer(page, 'openTrades', tradingApi.openTrades);
  const closed = pageAnswer(page, 'closedTrades', tradingApi.closedTrades);
  const pending = pageAnswer(page, 'pendingOrders', tradingApi.pendingOrders);
  const account = page.data.tradesAccount;
  if (!open || !closed || !pending || account === undefined || account !== selectedAccountId.value) return null;
  openTrades.value = { items: open.data, next: open.links.next, state: 'idle', error: null };
  closedTrades.value = { items: closed.data, next: closed.links.next, state: 'idle', error: null };
  pendingOrders.value = { items: pending.data, state: 'idle' };
  return account;
}

/**
 * The account this device chose before the choice moved to a cookie (localStorage `selected-account`): taken once
 * when the page came without the cookie, kept as the cookie while it is one of the accounts (or none is known yet).
 */
function adoptLegacyAccount(): void {
  const legacy = takeLegacyChoice(deviceChoices.account);
  const pageHadAccount = fromThePage().choice;
  // Written again where both terminals read it: a cookie kept while only /mt4 read it would leave /mt4-light on another account.
  if (pageHadAccount && selectedAccountId.value !== null) writeDeviceChoice(deviceChoices.account, selectedAccountId.value);
  if (pageHadAccount || !Number.isInteger(legacy)) return;
  const id = legacy as number;
  if (accounts.value.length > 0 && !accounts.value.some((a) => a.id === id)) return;
  selectedAccountId.value = id;
  writeDeviceChoice(deviceChoices.account, id);
}

/** Loads overlap (events, polling, dialogs): only the latest one's answer of each kind is used. */
const latestRequest = { accounts: 0, open: 0, closed: 0, pending: 0 };

/** The accounts with their figures: the first time those the page came with, then `GET /accounts`. */
export async function loadAccounts(): Promise<void> {
  const page = fromThePage();
  if (page.accounts) {
    page.accounts = false;
    return;
  }
  const request = ++latestRequest.accounts;
  const result = await call(tradingApi.accounts);
  if (result.ok && request === latestRequest.accounts) applyAccounts(result.data.data);
}

/** Page 1 replaces the list, later pages append; more only while `links.next` (docs/trade-room.md#positions). */
export async function loadTrades(status: 'open' | 'closed', page: number): Promise<void> {
  const list = status === 'open' ? openTrades : closedTrades;
  const account = selectedAccountId.value;
  const request = ++latestRequest[status];
  const since = eventSeq;
  list.value = { ...list.value, state: 'loading' };
  const result = await call(status === 'open' ? tradingApi.openTrades : tradingApi.closedTrades, { query: { page, account_id: account ?? undefined } });
  if (account !== selectedAccountId.value || request !== latestRequest[status]) return;
  if (!result.ok) {
    list.value = { ...list.value, state: 'error', error: status === 'open' ? positionTexts.openFailed : positionTexts.closedFailed };
    return;
  }
  const { data, links } = result.data;
  const items = page === 1 ? data : [...list.value.items, ...data.filter((t) => !list.value.items.some((known) => known.id === t.id))];
  list.value = { items, next: links.next, state: 'idle', error: null };
  replayEventsSince(since, 'trade');
}

export function loadMore(status: 'open' | 'closed'): void {
  const list = status === 'open' ? openTrades.value : closedTrades.value;
  if (!list.next || list.state === 'loading') return;
  const page = Number(new URL(list.next, window.location.origin).searchParams.get('page'));
  if (page > 1) void loadTrades(status, page);
}

export async function loadPendingOrders(): Promise<void> {
  const account = selectedAccountId.value;
  const request = ++latestRequest.pending;
  const since = eventSeq;
  pendingOrders.value = { ...pendingOrders.value, state: 'loading' };
  const result = await call(tradingApi.pendingOrders, { query: { account_id: account ?? undefined } });
  if (account !== selectedAccountId.value || request !== latestRequest.pending) return;
  if (!result.ok) {
    pendingOrders.value = { ...pendingOrders.value, state: 'error' };
    return;
  }
  pendingOrders.value = { items: result.data.data, state: 'idle' };
  replayEventsSince(since, 'order');
}

/** A changed item goes where it now belongs: replaced where it is, else first (lists are newest first). */
function upsert<T extends { id: number }>(items: readonly T[], item: T): readonly T[] {
  return items.some((known) => known.id === item.id) ? items.map((known) => (known.id === item.id ? item : known)) : [item, ...items];
}
const without = <T extends { id: number }>(items: readonly T[], id: number) => items.filter((known) => known.id !== id);

/**
 * The events applied lately, in the order they came: a list's load answers with what the server read at some moment
 * while it was on its way, possibly before an event that arrived meanwhile (a fill while the list was loading), so
 * the events applied since the load started are applied again over its answer. Every later change has an event of
 * its own, so replaying them in order ends at the newest state (docs/trade-room.md#keeping-current).
 */
const recentEvents: { seq: number; kind: 'trade' | 'order'; apply: () => void }[] = [];
let eventSeq = 0;
/** Far more than can arrive while one list loads. */
const keptEvents = 200;

function applyEvent(kind: 'trade' | 'order', apply: () => void): void {
  recentEvents.push({ seq: ++eventSeq, kind, apply });
  if (recentEvents.length > keptEvents) recentEvents.shift();
  apply();
}

function replayEventsSince(seq: number, kind: 'trade' | 'order'): void {
  for (const event of recentEvents) if (event.seq > seq && event.kind === kind) event.apply();
}

/** A trade from a `.trade.updated` event, straight into the selected account's lists: open, or closed into the history. */
export function applyTrade(accountId: number, trade: TradeView): void {
  applyEvent('trade', () => {
    if (accountId !== selectedAccountId.value) return;
    if (trade.status === 'open') {
      openTrades.value = { ...openTrades.value, items: upsert(openTrades.value.items, trade) };
      return;
    }
    openTrades.value = { ...openTrades.value, items: without(openTrades.value.items, trade.id) };
    closedTrades.value = { ...closedTrades.value, items: upsert(closedTrades.value.items, trade) };
  });
}

/** A pending order from an `.order.updated` event: listed while it waits, gone once filled, cancelled or rejected. */
export function applyOrder(accountId: number, order: PendingOrderView): void {
  applyEvent('order', () => {
    if (accountId !== selectedAccountId.value) return;
    const items = order.status === 'pending' ? upsert(pendingOrders.value.items, order) : without(pendingOrders.value.items, order.id);
    pendingOrders.value = { ...pendingOrders.value, items };
  });
}

/** Fields of an open trade that the account's figures do not depend on (the live P/L is worked out here, at live prices). */
const levelFields = new Set<keyof TradeView>(['stop_loss', 'take_profit', 'trailing_stop', 'pnl', 'closing_price']);

/**
 * True when an event's trade is an open one already listed whose only change is its levels (a trailing stop's move,
 * a new TP or SL): the account's figures are unchanged, so they are not fetched again (docs/trade-room.md#keeping-current).
 */
export function onlyLevelsMoved(before: TradeView | undefined, after: TradeView): boolean {
  if (!before || before.status !== 'open' || after.status !== 'open') return false;
  return (Object.keys(after) as (keyof TradeView)[]).every((key) => levelFields.has(key) || before[key] === after[key]);
}

/** Everything a trade change touches: the open list, the history, the pending orders, the account figures. */
export function refreshTrading(): Promise<unknown> {
  return Promise.all([loadAccounts(), loadTrades('open', 1), loadTrades('closed', 1), loadPendingOrders()]);
}

/** The open and pending lists read again; `changed` runs when either differs from what the page held (a missed event). */
async function catchUp(changed: () => void): Promise<void> {
  const ids = () => [...openTrades.peek().items.map((trade) => `t${trade.id}`), ...pendingOrders.peek().items.map((order) => `o${order.id}`)].join(',');
  const before = ids();
  await Promise.all([loadTrades('open', 1), loadTrades('closed', 1), loadPendingOrders()]);
  if (ids() !== before) changed();
}

/** An open trade with its P/L at the live price (the server's figure until the first tick). */
export interface LiveTrade extends TradeView {
  livePnl: string;
  livePrice: string | null;
}

export const liveOpenTrades = pageComputed<readonly LiveTrade[]>(() => {
  const currency = selectedAccount.value?.currency ?? 'USD';
  return openTrades.value.items.map((trade) => {
    const asset = assetsById.value.get(trade.instrument_id);
    const quote = quoteOf(trade.instrument_id).value;
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
export const liveSummary = pageComputed(() => {
  const account = selectedAccount.value;
  if (!account) return undefined;
  const live = liveOpenTrades.value;
  if (openTrades.value.next !== null || live.length !== account.open_trades) return account;
  return { ...account, ...accountSummary({ balance: account.balance, credit: account.credit, positions: live.map((t) => ({ pnl: t.livePnl, margin: t.margin })), lifetimePnl: account.lifetimePnl }) };
});

let following: Promise<void> | undefined;

/**
 * Loads the accounts and trade lists once per page and keeps them current: a `.trade.updated` or
 * `.order.updated` event carries the trade or order, which goes straight into its list, and only the
 * account figures it changed are fetched again (as on `.user.updated`); while the live channel is down
 * everything is polled every 30 s (docs/realtime.md#polling-fallback).
 */
export function startTrading(userId: number, realtimeKey: string | null): Promise<void> {
  following ??= (async () => {
    // Lists and figures change only once every island hydrated against what the page came with.
    await afterHydration();
    adoptLegacyAccount();
    await loadAccounts();
    // The page's lists stand until the channel's subscription reads them again (below), unless another account is shown now.
    if (fromThePage().listsOf !== selectedAccountId.value) await Promise.all([loadTrades('open', 1), loadTrades('closed', 1), loadPendingOrders()]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Several events come together (a close-all, a stop-out): one fetch of the figures after them.
    const figuresSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void loadAccounts(), 150);
    };
    setInterval(() => {
      if (connection.value.status !== 'connected') void refreshTrading();
    }, feedTiming.tradePollMs);
    if (!realtimeKey) return;
    const echo = await realtime(realtimeKey).catch(() => undefined);
    if (!echo) return;
    listen(echo, tradingEvents.tradeUpdated, userId, ({ account_id, trade }) => {
      const before = openTrades.peek().items.find((known) => known.id === trade.id);
      applyTrade(account_id, trade);
      // A trailing stop moves with the price: each move would otherwise fetch GET /accounts again.
      if (!onlyLevelsMoved(before, trade)) figuresSoon();
    });
    listen(echo, tradingEvents.orderUpdated, userId, ({ account_id, order }) => {
      applyOrder(account_id, order);
      figuresSoon();
    });
    listen(echo, userEvents.userUpdated, userId, figuresSoon);
    // A fill or close booked before the channel's subscription was confirmed (at load, or while it came back after a
    // drop) sent its event to no one: each (re)subscription reads the lists again, and the figures if they changed.
    whenSubscribed(echo, tradingEvents.tradeUpdated, userId, () => void catchUp(figuresSoon));
  })();
  return following;
}
