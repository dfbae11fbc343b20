import { isMainLiveRow } from '../db/accounts.repo';
import { accountTitles, type AccountStatus, type TradesSummary, type TradingAccount, type User } from '../../../shared/api/user.schema';
import { isOnline } from '../../../shared/constants';
import { Money } from '../../../shared/money';
import type { Executor } from '../db/database';
import type { TradeRecord } from '../db/trade-record.repo';
import { loadProfile, type UserProfile, type UserRow } from '../db/users.repo';
import { presentNotification } from '../db/notifications.repo';
import { mayOpenTrades, standingOf, type Standing } from '../engine/standing';

export { presentNotification };

/** The user object (docs/accounts-and-ledger.md#the-user-object), read afresh in one statement (the row passed in may be seconds old). */
export async function presentUser(db: Executor, user: UserRow, now = new Date()): Promise<User> {
  return presentProfile(
    (await loadProfile(db, user.id)) ?? { user, accounts: [], plan: undefined, unread: [], advisorIds: [], record: undefined, mustVerifyAccount: true, verification: 'unverified' },
    now,
  );
}

/** An account's status follows its owner's standing: the original's Active / Inactive / Suspended (docs/accounts-and-ledger.md#the-user-object). */
const accountStatusOf: Record<Standing, AccountStatus> = { good: 'active', awaiting_approval: 'inactive', deactivated: 'suspended' };

/**
 * The side of the original's wallet transfer form an account is offered on (docs/accounts-and-ledger.md#the-user-object):
 * the sign-up Live account receives ('to', the original's default `balance_wallet`), each additional Live
 * account is a source ('from'), Demo none.
 */
const transferTypeOf = (account: UserProfile['accounts'][number]): TradingAccount['transfer_type'] => (account.type !== 'live' ? null : isMainLiveRow(account) ? 'to' : 'from');

/** `trades_summary` from the Live account's record; the win rate is the share of closed trades won, in percent to 2 decimals (half-up), 0 with none. */
export function tradesSummaryOf(record: TradeRecord | undefined): TradesSummary {
  const { pnl, deposits, count, wins, losses } = record ?? { pnl: '0.00', deposits: '0.00', count: 0, wins: 0, losses: 0 };
  const winRate = count === 0 ? '0.00' : new Money(wins).times(100).dividedBy(count).toFixed(2);
  return { total_pnl: pnl, total_wins: wins, total_losses: losses, trades_count: count, total_deposit: deposits, win_rate: winRate };
}

/** The user object in the API's shape; the top-level balance is the Live account's. */
export async function presentProfile({ user, accounts, plan, unread, advisorIds, record, mustVerifyAccount, verification }: UserProfile, now = new Date()): Promise<User> {
  const live = accounts.find(isMainLiveRow) ?? accounts[0];
  const standing = await standingOf(user.status, () => mustVerifyAccount);
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    status: user.status,
    status_reason: user.status === 'active' ? null : user.statusReason,
    is_online: isOnline(user.lastSeenAt, now.getTime()),
    balance: live?.balance ?? '0.00',
    credit_balance: live?.credit ?? '0.00',
    account_id: live?.number ?? '',
    currency: live?.currency ?? 'USD',
    accounts: accounts.map((a) => ({
      id: a.id,
      number: a.number,
      type: a.type,
      title: accountTitles[a.type],
      currency: a.currency,
      balance: a.balance,
      credit_balance: a.credit,
      status: accountStatusOf[standing],
      transfer_type: transferTypeOf(a),
    })),
    account_type: plan ? { id: plan.id, title: plan.title, color: plan.color, icon: plan.icon, image: plan.image, leverage: plan.leverage } : null,
    eas: advisorIds,
    autotrader: user.autotrader,
    notifications: unread.map(presentNotification),
    can_open_trade: mayOpenTrades(standing),
    can_close_trade: true,
    verification_status: verification,
    trades_summary: tradesSummaryOf(live && isMainLiveRow(live) ? record : undefined),
    created_at: user.createdAt.toISOString(),
    phone: user.phone,
    country: user.country,
    address: user.address,
    birth_date: user.birthDate,
    display_currency: user.displayCurrency,
    language: user.language,
    sounds_enabled: user.soundsEnabled,
    one_click_trading: user.oneClickTradingAt !== null,
    watch_digits: user.watchDigits,
    terminal: user.terminal,
    two_factor_enabled: user.totpEnabledAt !== null,
  };
}
