import { customerFundingTexts } from '../../../shared/api/customer-funding.schema';
import { minorUnitDecimals } from '../funding/payments/minor-units';
import { accountsTexts as texts, type AccountsOverview, type TransferView, type WalletView } from '../../../shared/api/accounts.schema';
import { accountName, accountTitles } from '../../../shared/api/user.schema';
import { accountLimits } from '../../../shared/constants';
import { Money, moneyText } from '../../../shared/money';
import { accountsOfUser, findCustomerAccount, lockAccountOpenings, lockCustomerAccounts, openAdditionalAccount, type AccountRow } from '../db/accounts.repo';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Executor } from '../db/database';
import { insertTransfer, type TransferListRow, type TransferRow } from '../db/transfers.repo';
import type { UserRow } from '../db/users.repo';
import { summarise } from '../engine/account-actions';
import { advertisedLeverage } from '../engine/orders';
import { fail, refusal } from '../errors';
import { withdrawableOf } from '../funding/withdrawals';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import type { ReferenceData } from '../reference-data';

/**
 * A customer's accounts (docs/customer-area.md#accounts): opening more up to `accountLimits`, and moving
 * cash between two of their own Live accounts of one currency. A transfer is one database transaction:
 * both accounts locked (in id order, so two transfers the other way round never deadlock), the amount
 * checked against what may leave the source (`withdrawableOf`: cash only, never so much that its free
 * margin without the credit goes below zero), a row in `account_transfers` and two `transfer` ledger
 * entries referenced `transfer:{id}`, one debit and one credit of the balance bucket. Credit never moves.
 */

const nameOf = (account: Pick<AccountRow, 'type' | 'number'>) => accountName({ title: accountTitles[account.type], number: account.number });

/** What may leave an account by a transfer now: a Live account's `withdrawableOf`; nothing from a Demo one. */
async function transferableOf(db: Executor, market: Market, account: AccountRow): Promise<Money> {
  return account.type === 'live' ? (await withdrawableOf(db, market, account)).withdrawable : new Money(0);
}

export interface TransferDone {
  view: TransferView;
  fromAccountId: number;
  toAccountId: number;
}

export async function transferFunds(
  db: AppDb,
  market: Market,
  { userId, fromAccountId, toAccountId, amount, ip }: { userId: number; fromAccountId: number; toAccountId: number; amount: string; ip: string | null },
): Promise<TransferDone> {
  if (fromAccountId === toAccountId) fail(refusal.invalid(texts.sameAccount, 'to_account_id'));
  return db.transaction(async (tx) => {
    const [from, to] = await lockCustomerAccounts(tx, [
      { userId, accountId: fromAccountId },
      { userId, accountId: toAccountId },
    ]);
    // Someone else's account is as unknown as one that does not exist.
    if (!from || !to) fail(refusal.notFound(texts.accountNotFound));
    const [source, target] = [from.account, to.account];
    if (source.type !== 'live') fail(refusal.invalid(texts.demoNeverMoves, 'from_account_id'));
    if (target.type !== 'live') fail(refusal.invalid(texts.demoNeverMoves, 'to_account_id'));
    if (source.currency !== target.currency) fail(refusal.invalid(texts.currencyDiffers(source.currency, target.currency), 'to_account_id'));
    const wanted = new Money(amount);
    // A currency without cents (JPY) moves in whole units only, as withdrawals do.
    if (wanted.decimalPlaces() > minorUnitDecimals(source.currency)) fail(refusal.invalid(customerFundingTexts.amountNumber, 'amount'));
    const transferable = await transferableOf(tx, market, source);
    if (wanted.greaterThan(transferable)) fail(refusal.invalid(texts.overTransferable(moneyText(transferable, source.currency)), 'amount'));
    const row = await insertTransfer(tx, { userId, fromAccountId: source.id, toAccountId: target.id, amount: wanted.toFixed(2) });
    const reference = `transfer:${row.id}`;
    await postEntry(tx, { accountId: source.id, kind: 'transfer', amount: wanted.negated().toFixed(2), reference, memo: `Transfer to ${nameOf(target)}`, createdBy: userId });
    await postEntry(tx, { accountId: target.id, kind: 'transfer', amount: wanted.toFixed(2), reference, memo: `Transfer from ${nameOf(source)}`, createdBy: userId });
    await recordAudit(tx, {
      actorId: userId,
      action: 'account.transfer',
      subjectType: 'user',
      subjectId: userId,
      details: { transfer_id: row.id, from_account_id: source.id, to_account_id: target.id, amount: row.amount, currency: source.currency },
      ip,
    });
    return { view: presentTransfer({ transfer: row, from: source, to: target }), fromAccountId: source.id, toAccountId: target.id };
  });
}

/** A transfer as the list shows it. */
export function presentTransfer({ transfer, from, to }: { transfer: TransferRow; from: TransferListRow['from']; to: TransferListRow['to'] }): TransferView {
  const side = (account: { id: number; number: string; type: 'live' | 'demo' }) => ({ id: account.id, number: account.number, title: accountTitles[account.type] });
  return { id: transfer.id, from: side(from), to: side(to), amount: new Money(transfer.amount).toFixed(2), currency: from.currency, created_at: transfer.createdAt.toISOString() };
}

/** One account for the Accounts page: its figures at the current quotes, whether it is a sign-up account, what may leave it. */
async function walletOf(db: Executor, market: Market, account: AccountRow): Promise<WalletView> {
  const [summary, transferable] = await Promise.all([summarise(db, market, account), transferableOf(db, market, account)]);
  return { ...summary, primary: account.isPrimary, transferable: transferable.toFixed(2) };
}

export async function accountsOverview(db: AppDb, market: Market, user: UserRow, { leverage: classLeverage, plans }: Pick<ReferenceData, 'leverage' | 'plans'>): Promise<AccountsOverview> {
  const accounts = await accountsOfUser(db, user.id);
  const held = (type: AccountRow['type']) => accounts.filter((a) => a.type === type).length;
  return {
    accounts: await Promise.all(accounts.map((account) => walletOf(db, market, account))),
    limits: { live: { held: held('live'), max: accountLimits.live }, demo: { held: held('demo'), max: accountLimits.demo } },
    leverage: advertisedLeverage(user, { instruments: market.instruments, classLeverage, plans }),
  };
}

/**
 * Opens another Live or Demo account in the currency of the customer's sign-up Live account, up to
 * `accountLimits` of that type (the sign-up one counted). Openings of one customer run one at a time, so
 * two at once cannot pass the limit together.
 */
export async function openAccount(db: AppDb, market: Market, { userId, type, ip }: { userId: number; type: AccountRow['type']; ip: string | null }): Promise<{ wallet: WalletView; message: string }> {
  const account = await db.transaction(async (tx) => {
    await lockAccountOpenings(tx, userId);
    const accounts = await accountsOfUser(tx, userId);
    if (accounts.filter((a) => a.type === type).length >= accountLimits[type]) fail(refusal.invalid(texts.limitReached(accountTitles[type], accountLimits[type]), 'type'));
    const main = (await findCustomerAccount(tx, userId)) ?? accounts[0];
    if (!main) fail(refusal.notFound(texts.accountNotFound));
    const opened = await openAdditionalAccount(tx, { userId, type, currency: main.currency });
    await recordAudit(tx, { actorId: userId, action: 'account.opened', subjectType: 'user', subjectId: userId, details: { account_id: opened.id, number: opened.number, type }, ip });
    return opened;
  });
  return { wallet: await walletOf(db, market, account), message: texts.opened(nameOf(account)) };
}
