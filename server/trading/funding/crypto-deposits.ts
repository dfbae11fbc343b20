import { channelBySlug, cryptoChannels, networkWarning, type CryptoChannel } from '../../../shared/funding/crypto-channels';
import { Money, moneyText } from '../../../shared/money';
import { customerFundingTexts, fundingLimits, type WalletView } from '../../../shared/api/customer-funding.schema';
import { fundingTexts, type DepositDetails } from '../../../shared/api/funding.schema';
import { canonicalTxId, txIdShape } from '../../../shared/funding/chain-tx-id';
import { recordAudit } from '../db/audit.repo';
import {
  insertChainPayment,
  insertWallets,
  lockChainPayment,
  lockChainTransaction,
  lockChainPaymentById,
  lockChainPaymentOfDeposit,
  paymentsOfWallet,
  updateChainPayment,
  walletByAddress,
  walletById,
  walletOfUser,
  walletsOfUser,
  type CryptoPaymentRow,
  type CryptoWalletRow,
} from '../db/customer-funding.repo';
import type { AppDb, Executor, Tx } from '../db/database';
import { insertDeposit, lockDeposit, updateDeposit } from '../db/funding.repo';
import { transition } from '../db/transition';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { accountOfUser } from '../engine/accounts';
import { fail, refusal } from '../errors';
import type { Market } from '../market/market';
import { creditDeposit, fundingReference } from './deposit-credit';
import { holdDeposit } from './deposit-hold';
import type { CryptoKeys } from './crypto/keys';
import { deriveAddress } from './crypto/derive';
import { paymentUri } from './crypto/payment-uri';
import { qrSvg } from './crypto/qr';

/**
 * Crypto deposits (docs/funding.md#crypto-deposits): each customer has one address per coin and network,
 * derived from the broker's watch-only key at the customer's id (so it never changes and two customers never
 * share one). A chain watcher reports payments to those addresses with their confirmations; a payment is
 * credited once, when it has the network's confirmations, at our feed's price at that moment.
 */

/** The customer's wallets, one per channel, made on first read (the unique index settles two first reads racing). */
export async function walletsFor(db: Executor, keys: CryptoKeys, userId: number): Promise<CryptoWalletRow[]> {
  const have = await walletsOfUser(db, userId);
  const missing = cryptoChannels.filter((channel) => !have.some((wallet) => wallet.channel === channel.slug));
  if (missing.length === 0) return have;
  await insertWallets(
    db,
    missing.map((channel) => ({ userId, channel: channel.slug, derivationIndex: userId, address: deriveAddress(keys, channel, userId) })),
  );
  return walletsOfUser(db, userId);
}

const channelOf = (wallet: CryptoWalletRow): CryptoChannel => channelBySlug(wallet.channel) ?? fail(refusal.notFound(customerFundingTexts.walletNotFound));

export async function walletView(db: Executor, keys: CryptoKeys, userId: number, id: number): Promise<WalletView> {
  const wallet = (await walletOfUser(db, userId, id)) ?? fail(refusal.notFound(customerFundingTexts.walletNotFound));
  const channel = channelOf(wallet);
  const uri = paymentUri(channel, wallet.address);
  const payments = await paymentsOfWallet(db, wallet.id);
  return {
    id: wallet.id,
    channel: channelSummary(channel, wallet),
    address: wallet.address,
    payment_uri: uri,
    qr_svg: await qrSvg(uri),
    warning: networkWarning(channel),
    demo: keys[channel.chain].demo,
    payments: payments.map(({ payment, credited }) => ({
      id: payment.id,
      tx_id: payment.txId,
      amount: new Money(payment.amount).toFixed(),
      confirmations: payment.confirmations,
      required: channel.confirmations,
      status: payment.status,
      credited: payment.status === 'credited' ? credited : null,
      seen_at: payment.seenAt.toISOString(),
    })),
  };
}

export function channelSummary(channel: CryptoChannel, wallet: CryptoWalletRow) {
  return {
    slug: channel.slug,
    asset: channel.asset,
    asset_name: channel.assetName,
    network: channel.network,
    network_label: channel.networkLabel,
    confirmations: channel.confirmations,
    min_deposit: channel.minDeposit,
    wallet_id: wallet.id,
    address: wallet.address,
  };
}

/** Account currency per coin now: the instrument's bid (what the coin fetches), or 1 USD for a dollar stablecoin, then USD to the account's currency. */
export function coinRate(market: Market, channel: CryptoChannel, currency: string): Money {
  let usd = new Money(1);
  if (channel.priceSymbol) {
    const instrument = market.instruments.find((candidate) => candidate.symbol === channel.priceSymbol);
    const quote = instrument ? market.quotes.get(instrument.id) : undefined;
    if (!quote) fail(refusal.busy(`No ${channel.asset} price to credit at: the payment is credited when the price returns.`));
    usd = new Money(quote.bid);
  }
  return currency === 'USD' ? usd : usd.times(market.conversion('USD', currency).toString());
}

export interface ChainReport {
  channel: string;
  address: string;
  txId: string;
  /** In the coin. */
  amount: string;
  confirmations: number;
}

export type ChainOutcome = { payment: CryptoPaymentRow; userId: number; accountId: number; credited: boolean; notice: NotificationRow | undefined };

/** Who reported a payment by hand (staff on the sandbox chain): audited with the report, in its transaction. */
export type Reporter = { actorId: number; ip: string | null } | null;

/** Whether staff may report payments on this channel by hand: only on a sandbox chain (a demo key, whose coins are never real). */
export const isSandboxChannel = (keys: CryptoKeys, channel: CryptoChannel): boolean => keys[channel.chain].demo;

/**
 * What the chain watcher reports about a payment to one of our addresses: the first report records it (and
 * shows it to the customer as a pending deposit), later ones raise its confirmations (never lower them); the
 * report that brings it to the network's confirmations credits it, once.
 */
export async function recordChainPayment(db: AppDb, market: Market, report: ChainReport, reporter: Reporter = null): Promise<ChainOutcome> {
  const channel = channelBySlug(report.channel) ?? fail(refusal.invalid(customerFundingTexts.unknownChannel, 'channel'));
  // One transaction reaches us in several spellings (case, 0x): every lookup, lock and row uses its chain's one (docs/funding.md#money-from-outside).
  const txId = canonicalTxId(channel.network, report.txId) ?? fail(refusal.invalid(txIdShape(channel.network), 'tx_id'));
  const wallet =
    (await walletByAddress(db, channel.slug, report.address, { caseSensitive: channel.network === 'tron' })) ??
    fail(refusal.invalid('No customer wallet has this address on this network.', 'address'));
  return db.transaction(async (tx) => {
    // Two first reports of one transaction would both find no row to lock: serialise them on the pair.
    await lockChainTransaction(tx, wallet.id, txId);
    let payment = await lockChainPayment(tx, { walletId: wallet.id, txId });
    const seenBefore = payment !== undefined;
    if (!payment) {
      const account = await accountOfUser(tx, wallet.userId);
      const deposit = await insertDeposit(tx, {
        userId: wallet.userId,
        accountId: account.id,
        method: 'crypto',
        reference: fundingReference('CRY'),
        currency: account.currency,
        details: {
          channel: channel.slug,
          asset: channel.asset,
          network: channel.network,
          tx_id: txId,
          address: wallet.address,
          crypto_amount: report.amount,
          confirmations: 0,
          required_confirmations: channel.confirmations,
        },
      });
      payment = await insertChainPayment(tx, { walletId: wallet.id, txId, amount: report.amount, confirmations: 0, depositId: deposit.id });
    }
    await audited(tx, reporter, wallet, { action: 'sandbox_chain.payment', channel: channel.slug, tx_id: txId, amount: report.amount, confirmations: report.confirmations });
    // The same transaction reported with another amount: the watcher or the chain is wrong, and staff look before anything is credited.
    if (seenBefore && payment.status === 'seen' && !new Money(report.amount).equals(payment.amount)) {
      return holdPayment(
        tx,
        { payment, wallet, channel, confirmations: report.confirmations },
        {
          reported: { amount: new Money(report.amount).toFixed(), currency: channel.asset },
          reason: `Reported as ${new Money(payment.amount).toFixed()} ${channel.asset}, then as ${new Money(report.amount).toFixed()} ${channel.asset}: held for staff.`,
        },
      );
    }
    return advance(tx, market, { payment, wallet, channel, confirmations: report.confirmations });
  });
}

/** Staff raise a sandbox payment's confirmations (the sandbox chain's blocks). */
export async function confirmChainPayment(db: AppDb, market: Market, keys: CryptoKeys, id: number, confirmations: number, reporter: Reporter = null): Promise<ChainOutcome> {
  return db.transaction(async (tx) => {
    const payment = (await lockChainPaymentById(tx, id)) ?? fail(refusal.notFound('Payment not found.'));
    const wallet = (await walletById(tx, payment.walletId))!;
    const channel = channelOf(wallet);
    if (reporter && !isSandboxChannel(keys, channel)) fail(refusal.notFound('Payment not found.'));
    await audited(tx, reporter, wallet, { action: 'sandbox_chain.confirmations', payment_id: id, tx_id: payment.txId, confirmations });
    return advance(tx, market, { payment, wallet, channel, confirmations });
  });
}

async function audited(tx: Tx, reporter: Reporter, wallet: CryptoWalletRow, { action, ...details }: { action: string } & Record<string, unknown>): Promise<void> {
  if (reporter) await recordAudit(tx, { actorId: reporter.actorId, action, subjectType: 'user', subjectId: wallet.userId, details, ip: reporter.ip });
}

type Step = { payment: CryptoPaymentRow; wallet: CryptoWalletRow; channel: CryptoChannel; confirmations: number };

/** A payment staff must look at before it is credited (docs/funding.md#money-from-outside): its deposit held, the payment held, so no later report credits it. */
async function holdPayment(
  tx: Tx,
  { payment, wallet, channel, confirmations }: Step,
  hold: { reported: { amount: string; currency: string }; reason: string; details?: DepositDetails },
): Promise<ChainOutcome> {
  const reached = Math.max(payment.confirmations, confirmations);
  const deposit = (await lockDeposit(tx, payment.depositId!))!;
  const { notice } = await holdDeposit(tx, deposit, {
    ...hold,
    what: `Your ${new Money(payment.amount).toFixed()} ${channel.asset} payment`,
    audit: { tx_id: payment.txId, crypto_amount: payment.amount },
    set: { details: { ...hold.details, confirmations: reached } },
  });
  const held = await updateChainPayment(tx, payment.id, { confirmations: reached, status: 'held' });
  return { userId: wallet.userId, accountId: deposit.accountId, credited: false, notice, payment: held };
}

async function advance(tx: Tx, market: Market, { payment, wallet, channel, confirmations }: Step): Promise<ChainOutcome> {
  const reached = Math.max(payment.confirmations, confirmations);
  const deposit = (await lockDeposit(tx, payment.depositId!))!;
  const base = { userId: wallet.userId, accountId: deposit.accountId, credited: false, notice: undefined };
  const details = { ...deposit.details, confirmations: reached };
  // Only a payment still waiting moves on; one credited, or refused below the minimum, keeps its outcome.
  if (payment.status !== 'seen' || deposit.status !== 'pending' || reached < channel.confirmations) {
    if (reached === payment.confirmations) return { ...base, payment };
    await updateDeposit(tx, deposit.id, { details });
    return { ...base, payment: await updateChainPayment(tx, payment.id, { confirmations: reached }) };
  }
  if (new Money(payment.amount).lessThan(channel.minDeposit)) {
    await transition(tx, 'deposit', deposit.id, {
      from: ['pending'],
      set: { status: 'rejected', reason: `Below the minimum deposit of ${channel.minDeposit} ${channel.asset}: contact support to have it returned.`, details, decidedAt: new Date() },
      decided: fundingTexts.decided,
    });
    const notice = await addNotification(tx, {
      userId: wallet.userId,
      title: 'Crypto payment below the minimum',
      message: `We received ${new Money(payment.amount).toFixed()} ${channel.asset}, less than the minimum of ${channel.minDeposit} ${channel.asset}, so it was not credited. Contact support to have it returned.`,
      color: 'danger',
    });
    return { ...base, notice, payment: await updateChainPayment(tx, payment.id, { confirmations: reached, status: 'below_minimum' }) };
  }
  const rate = coinRate(market, channel, deposit.currency);
  // Rounded down to the cent: we never credit more than the coins fetch.
  const amount = new Money(payment.amount).times(rate.toString()).toDecimalPlaces(2, Money.ROUND_DOWN);
  if (amount.greaterThan(fundingLimits.crypto.maxCredit)) {
    return holdPayment(
      tx,
      { payment, wallet, channel, confirmations: reached },
      {
        reported: { amount: amount.toFixed(2), currency: deposit.currency },
        reason: `${new Money(payment.amount).toFixed()} ${channel.asset} is worth ${moneyText(amount, deposit.currency)} at our rate, more than the ${moneyText(fundingLimits.crypto.maxCredit, deposit.currency)} one payment credits by itself: held for staff.`,
        details: { rate: rate.toFixed() },
      },
    );
  }
  const { notice } = await creditDeposit(tx, deposit, {
    amount: amount.toFixed(2),
    memo: `${channel.asset} payment ${payment.txId}`,
    message: (shown) => `Your ${new Money(payment.amount).toFixed()} ${channel.asset} payment is confirmed and ${shown} has been credited.`,
    actorId: null,
    audit: { tx_id: payment.txId, crypto_amount: payment.amount, rate: rate.toFixed() },
    set: { details: { ...details, rate: rate.toFixed() } },
  });
  const credited = await updateChainPayment(tx, payment.id, { confirmations: reached, status: 'credited', creditedAt: new Date() });
  return { ...base, payment: credited, credited: true, notice };
}

/**
 * Staff decided a held crypto deposit (docs/funding.md#money-from-outside): its chain payment follows, so the
 * customer's wallet and the sandbox chain say what the deposit says. Inside the decision's transaction.
 */
export async function settleHeldChainPayment(tx: Tx, depositId: number, outcome: 'credited' | 'rejected'): Promise<void> {
  const payment = await lockChainPaymentOfDeposit(tx, depositId);
  if (payment?.status !== 'held') return;
  await updateChainPayment(tx, payment.id, outcome === 'credited' ? { status: 'credited', creditedAt: new Date() } : { status: 'rejected' });
}
