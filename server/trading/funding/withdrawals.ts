import { customerFundingTexts as texts, withdrawalRules, type WithdrawalRequest } from '../../../shared/api/customer-funding.schema';
import { fundingTexts, type WithdrawalDetails } from '../../../shared/api/funding.schema';
import { channelBySlug } from '../../../shared/funding/crypto-channels';
import { Money, moneyText } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import { identityAndAddressApproved } from '../db/verification.repo';
import { refundableCardDeposits } from '../db/customer-funding.repo';
import type { AppDb, Executor, Tx } from '../db/database';
import { findWithdrawal, insertWithdrawal, updateWithdrawal, type WithdrawalRecord } from '../db/funding.repo';
import { transition } from '../db/transition';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import type { AccountRow } from '../db/accounts.repo';
import { exposureFromTotals, lockAccount, openTotalsOf, accountOfUser } from '../engine/accounts';
import { fail, refusal } from '../errors';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import type { StaffActor } from '../users/staff-actor';
import type { CryptoKeys } from './crypto/keys';
import { checkBic, checkCryptoAddress, checkIban } from './crypto/validate';
import type { PaymentProvider } from './payments/provider';
import { ProviderError } from './payments/provider';
import { minorUnitDecimals } from './payments/minor-units';

/**
 * Withdrawals (docs/funding.md#withdrawals): the request holds the amount at once with a `withdrawal` entry
 * (so it can be neither traded away nor asked for twice), staff pay it out or reject it, the customer may
 * cancel it while pending; a rejection or a cancellation books the hold back with its own entry.
 */

/**
 * The one place that says whether a customer may withdraw (docs/customer-area.md#verification): an active
 * account whose identity and proof of address are approved (their documents, read afresh).
 */
export async function withdrawalsOpenTo(db: Executor, user: { id: number; status: string }): Promise<boolean> {
  if (user.status !== 'active') return false;
  return identityAndAddressApproved(db, user.id);
}

/** What may leave the account now: the balance, never so much that the free margin without the credit goes below zero. */
export async function withdrawableOf(db: Executor, market: Market, account: AccountRow): Promise<{ withdrawable: Money; equity: Money; freeMargin: Money }> {
  const { equity, freeMargin } = exposureFromTotals(market, account, (await openTotalsOf(db, [account.id])).get(account.id) ?? []);
  const withdrawable = Money.max(Money.min(new Money(account.balance), freeMargin.minus(account.credit)), 0);
  return { withdrawable, equity, freeMargin };
}

/** The destination as staff read it, and its parts; refused at the field when it is not a real one. */
async function destinationOf(
  tx: Tx,
  { userId, accountId, currency, request, keys }: { userId: number; accountId: number; currency: string; request: WithdrawalRequest; keys: CryptoKeys },
): Promise<{ destination: string; details: WithdrawalDetails; depositId: number | null }> {
  if (request.method === 'bank_transfer') {
    const iban = request.iban ? checkIban(request.iban) : null;
    if (iban && !iban.ok) fail(refusal.invalid(iban.message, 'iban'));
    const bic = request.bic ? checkBic(request.bic) : null;
    if (bic && !bic.ok) fail(refusal.invalid(bic.message, 'bic'));
    const details: WithdrawalDetails = {
      bank_name: request.bank_name,
      bank_address: request.bank_address,
      account_name: request.account_name,
      account_number: request.account_number,
      iban: iban?.ok ? iban.iban : null,
      bic: bic?.ok ? bic.bic : null,
    };
    const parts = [request.account_name, request.bank_name, details.iban ? `IBAN ${details.iban}` : `account ${request.account_number}`, details.bic ? `BIC ${details.bic}` : null];
    return { destination: parts.filter(Boolean).join(', '), details, depositId: null };
  }
  if (request.method === 'crypto') {
    const channel = channelBySlug(request.channel) ?? fail(refusal.invalid(texts.unknownChannel, 'channel'));
    const checked = checkCryptoAddress(channel, request.address, { btcNetwork: keys.btc.network });
    if (!checked.ok) fail(refusal.invalid(checked.message, 'address'));
    return {
      destination: `${channel.asset} on ${channel.networkLabel}: ${checked.address}`,
      details: { channel: channel.slug, asset: channel.asset, network: channel.network, address: checked.address },
      depositId: null,
    };
  }
  const [card] = await refundableCardDeposits(tx, { userId, accountId, depositId: request.deposit_id });
  if (!card) fail(refusal.invalid(texts.cardDepositRequired, 'deposit_id'));
  const left = new Money(card.amount).minus(card.refunded);
  if (new Money(request.amount).greaterThan(left)) fail(refusal.invalid(texts.cardOverRefundable(moneyText(Money.max(left, 0), currency)), 'amount'));
  return { destination: `Refund to the card that paid ${card.reference}`, details: { deposit_reference: card.reference }, depositId: card.id };
}

export async function requestWithdrawal(
  db: AppDb,
  market: Market,
  keys: CryptoKeys,
  { user, request, ip }: { user: { id: number; status: string }; request: WithdrawalRequest; ip: string | null },
): Promise<{ row: WithdrawalRecord; notice: NotificationRow }> {
  if (!(await withdrawalsOpenTo(db, user))) fail(refusal.forbidden(texts.notVerified));
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, (await accountOfUser(tx, user.id)).id);
    if (account.type !== 'live') fail(refusal.invalid('Withdrawals come from a Live account.', 'account_id'));
    const rule = withdrawalRules[request.method];
    // A currency without cents (JPY) is paid in whole units only.
    if (new Money(request.amount).decimalPlaces() > minorUnitDecimals(account.currency)) fail(refusal.invalid(texts.amountNumber, 'amount'));
    if (new Money(request.amount).lessThan(rule.min)) fail(refusal.invalid(texts.belowMinimum(moneyText(rule.min, account.currency)), 'amount'));
    const { withdrawable } = await withdrawableOf(tx, market, account);
    if (new Money(request.amount).greaterThan(withdrawable))
      fail(refusal.invalid(`The account cannot pay this out: at most ${moneyText(withdrawable, account.currency)} is free to withdraw.`, 'amount'));
    const { destination, details, depositId } = await destinationOf(tx, { userId: user.id, accountId: account.id, currency: account.currency, request, keys });
    const row = await insertWithdrawal(tx, {
      userId: user.id,
      accountId: account.id,
      method: request.method,
      destination,
      details,
      depositId,
      currency: account.currency,
      amount: request.amount,
      fee: rule.fee,
    });
    const hold = await postEntry(tx, {
      accountId: account.id,
      kind: 'withdrawal',
      amount: new Money(request.amount).negated().toFixed(2),
      reference: `withdrawal:${row.id}`,
      memo: 'Withdrawal requested',
    });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'withdrawal.requested',
      subjectType: 'user',
      subjectId: user.id,
      details: { withdrawal_id: row.id, amount: request.amount, method: request.method },
      ip,
    });
    const notice = await addNotification(tx, {
      userId: user.id,
      title: 'Withdrawal requested',
      message: `Your withdrawal of ${moneyText(request.amount, account.currency)} (${rule.label.toLowerCase()}) is waiting for review. The amount is held from your balance until then.`,
      color: 'info',
    });
    return { row: await updateWithdrawal(tx, row.id, { holdEntryId: hold.id }), notice };
  });
}

/** Books a held withdrawal's amount back (a rejection or a cancellation: only one of them can happen to a withdrawal). */
export async function releaseHold(tx: Tx, row: WithdrawalRecord, memo: string, createdBy: number | null): Promise<void> {
  await lockAccount(tx, row.accountId);
  await postEntry(tx, { accountId: row.accountId, kind: 'withdrawal_reversal', amount: row.amount, reference: `withdrawal:${row.id}`, memo, createdBy: createdBy ?? undefined });
}

/** The customer takes a pending request back (`pending` → `cancelled`, once); the hold is released by its own entry. */
export async function cancelWithdrawal(db: AppDb, { userId, id, ip }: { userId: number; id: number; ip: string | null }): Promise<{ row: WithdrawalRecord; notice: NotificationRow }> {
  return db.transaction(async (tx) => {
    const before = await findWithdrawal(tx, id);
    if (!before || before.userId !== userId) fail(refusal.notFound(texts.withdrawalNotFound));
    const row = await transition(tx, 'withdrawal', id, { from: ['pending'], set: { status: 'cancelled', decidedAt: new Date() }, decided: texts.cannotCancel });
    await releaseHold(tx, before, 'Withdrawal cancelled by the customer', userId);
    await recordAudit(tx, {
      actorId: userId,
      action: 'withdrawal.cancelled',
      subjectType: 'user',
      subjectId: userId,
      details: { withdrawal_id: id, from: 'pending', to: 'cancelled', amount: before.amount },
      ip,
    });
    const notice = await addNotification(tx, {
      userId,
      title: 'Withdrawal cancelled',
      message: `Your withdrawal of ${moneyText(before.amount, before.currency)} was cancelled and the amount is back in your balance.`,
      color: 'info',
    });
    return { row, notice };
  });
}

/**
 * How long a refund's claim holds: longer than a provider takes to answer (its timeouts and retries). A
 * claim older than this was left by a process that stopped mid-call; another may take it over.
 */
export const refundClaimMs = 5 * 60_000;

/**
 * A refund's claim (step 1 of `refundCardWithdrawal`): `pending` → `processing` stamped `claimedAt`, or a
 * `processing` row whose claim was released or abandoned; refused as decided while another's claim holds.
 * Answers the row as read and the card payment it refunds.
 */
async function claimRefund(db: AppDb, provider: PaymentProvider, actor: StaffActor, id: number, claimedAt: Date): Promise<{ before: WithdrawalRecord; paymentId: string }> {
  return db.transaction(async (tx) => {
    const before = (await findWithdrawal(tx, id)) ?? fail(refusal.notFound(texts.withdrawalNotFound));
    if (before.method !== 'card') fail(refusal.invalid('Only a card withdrawal is refunded through the provider; pay the others with their payout reference.'));
    if (before.status !== 'pending' && before.status !== 'processing') fail(refusal.conflict(fundingTexts.decided));
    // A click that finds another's claim still holding is refused as decided: that click is deciding it.
    const abandoned = before.decidedAt === null || claimedAt.getTime() - before.decidedAt.getTime() > refundClaimMs;
    if (before.status === 'processing' && !abandoned) fail(refusal.conflict(fundingTexts.decided));
    const [card] = await refundableCardDeposits(tx, { userId: before.userId, accountId: before.accountId, depositId: before.depositId! });
    if (!card?.paymentId || card.provider !== provider.name) {
      fail(refusal.conflict('The card payment this refunds was not taken by the provider configured now: refund it in that provider’s dashboard, then pay this withdrawal with its reference.'));
    }
    await transition(tx, 'withdrawal', id, {
      from: [before.status],
      match: before.status === 'processing' ? { decidedAt: before.decidedAt } : {},
      set: { status: 'processing', decidedBy: actor.id, decidedAt: claimedAt },
      decided: fundingTexts.decided,
    });
    return { before, paymentId: card.paymentId };
  });
}

/**
 * Staff approve a card withdrawal: the provider refunds the card (docs/funding.md#withdrawals). Three steps,
 * each a compare-and-set (docs/back-office.md#decisions-happen-once):
 * 1. the claim: `pending` → `processing` (or a `processing` row whose last attempt ended without an answer,
 *    or whose claim is older than `refundClaimMs`), stamped with the claim's time in `decided_at`. Only the
 *    click that wins it goes on; any other is refused while the claim holds, so one caller asks the provider;
 * 2. the provider is asked outside any transaction, with the withdrawal as its idempotency key;
 * 3. `processing` → `paid`, only while the claim is still this one's: the one 200.
 * When the provider refused outright the row is `pending` again (staff may reject it); when the outcome is
 * unknown (no answer, its own error) it stays `processing` with the claim released (`decided_at` empty) and
 * staff retry: the same key never refunds twice, and nothing can release a hold the provider may have paid.
 */
export async function refundCardWithdrawal(db: AppDb, provider: PaymentProvider, actor: StaffActor, id: number): Promise<{ row: WithdrawalRecord; notice: NotificationRow }> {
  const claimedAt = new Date();
  const claimed = await claimRefund(db, provider, actor, id, claimedAt);
  const ours = { from: ['processing'] as const, match: { decidedAt: claimedAt }, decided: fundingTexts.decided };
  let refundId: string;
  try {
    ({ refundId } = await provider.refund({ paymentId: claimed.paymentId, amount: claimed.before.amount, currency: claimed.before.currency, idempotencyKey: `withdrawal-${id}` }));
  } catch (error) {
    const refused = error instanceof ProviderError && error.definite;
    const message = error instanceof ProviderError ? error.message.replace(/\.+$/, '') : 'the provider could not be reached';
    if (!refused) {
      await db.transaction((tx) => transition(tx, 'withdrawal', id, { ...ours, set: { decidedAt: null } }));
      fail(refusal.busy(`The provider did not confirm the refund (${message}). It may still go through: the withdrawal stays processing; try Refund to card again, which never refunds twice.`));
    }
    await db.transaction((tx) => transition(tx, 'withdrawal', id, { ...ours, set: { status: 'pending', decidedBy: null, decidedAt: null } }));
    fail(refusal.busy(`The provider refused the refund: ${message}. The withdrawal is pending again; reject it, or try later.`));
  }
  return db.transaction(async (tx) => {
    const row = await transition(tx, 'withdrawal', id, { ...ours, set: { status: 'paid', payoutReference: refundId, details: { ...claimed.before.details, refund_id: refundId } } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'withdrawal.paid',
      subjectType: 'user',
      subjectId: row.userId,
      details: { withdrawal_id: id, from: 'pending', to: 'paid', amount: row.amount, payout_reference: refundId, method: 'card' },
      ip: actor.ip,
    });
    const notice = await addNotification(tx, {
      userId: row.userId,
      title: 'Withdrawal paid',
      message: `Your withdrawal of ${moneyText(row.amount, row.currency)} was refunded to your card (reference ${refundId}). Your bank shows it within 5–10 days.`,
      color: 'success',
    });
    return { row, notice };
  });
}
