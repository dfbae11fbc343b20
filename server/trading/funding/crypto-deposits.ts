import { channelBySlug, cryptoChannels, networkWarning, type CryptoChannel } from '../../../shared/funding/crypto-channels';
import { formatMoney, Money } from '../../../shared/money';
import type { WalletView } from '../../../shared/api/customer-funding.schema';
import { recordAudit } from '../db/audit.repo';
import {
  insertChainPayment,
  insertWallets,
  lockChainPayment,
  lockChainPaymentById,
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
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { accountOfUser, lockAccount } from '../engine/accounts';
import { fail, refusal } from '../errors';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import { fundingReference } from './card-deposits';
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

const channelOf = (wallet: CryptoWalletRow): CryptoChannel => channelBySlug(wallet.channel) ?? fail(refusal.notFound('Wallet not found.'));

export async function walletView(db: Executor, keys: CryptoKeys, userId: number, id: number): Promise<WalletView> {
  const wallet = (await walletOfUser(db, userId, id)) ?? fail(refusal.notFound('Wallet not found.'));
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

export type ChainOutcome = { payment: CryptoPaymentRow; userId: number; credited: boolean; notice: NotificationRow | undefined };

/**
 * What the chain watcher reports about a payment to one of our addresses: the first report records it (and
 * shows it to the customer as a pending deposit), later ones raise its confirmations (never lower them); the
 * report that brings it to the network's confirmations credits it, once.
 */
export async function recordChainPayment(db: AppDb, market: Market, report: ChainReport): Promise<ChainOutcome> {
  const channel = channelBySlug(report.channel) ?? fail(refusal.invalid('Choose one of the coins and networks offered.', 'channel'));
  const wallet = (await walletByAddress(db, channel.slug, report.address)) ?? fail(refusal.invalid('No customer wallet has this address on this network.', 'address'));
  return db.transaction(async (tx) => {
    let payment = await lockChainPayment(tx, { walletId: wallet.id, txId: report.txId });
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
          tx_id: report.txId,
          address: wallet.address,
          crypto_amount: report.amount,
          confirmations: 0,
          required_confirmations: channel.confirmations,
        },
      });
      payment = await insertChainPayment(tx, { walletId: wallet.id, txId: report.txId, amount: report.amount, confirmations: 0, depositId: deposit.id });
    }
    return advance(tx, market, { payment, wallet, channel, confirmations: report.confirmations });
  });
}

/** Staff raise a sandbox payment's confirmations (the sandbox chain's blocks). */
export async function confirmChainPayment(db: AppDb, market: Market, id: number, confirmations: number): Promise<ChainOutcome> {
  return db.transaction(async (tx) => {
    const payment = (await lockChainPaymentById(tx, id)) ?? fail(refusal.notFound('Payment not found.'));
    const wallet = (await walletById(tx, payment.walletId))!;
    return advance(tx, market, { payment, wallet, channel: channelOf(wallet), confirmations });
  });
}

async function advance(
  tx: Tx,
  market: Market,
  { payment, wallet, channel, confirmations }: { payment: CryptoPaymentRow; wallet: CryptoWalletRow; channel: CryptoChannel; confirmations: number },
): Promise<ChainOutcome> {
  const reached = Math.max(payment.confirmations, confirmations);
  const base = { userId: wallet.userId, credited: false, notice: undefined };
  const deposit = (await lockDeposit(tx, payment.depositId!))!;
  const details = { ...deposit.details, confirmations: reached };
  if (payment.status !== 'seen' || reached < channel.confirmations) {
    if (reached === payment.confirmations) return { ...base, payment };
    await updateDeposit(tx, deposit.id, { details });
    return { ...base, payment: await updateChainPayment(tx, payment.id, { confirmations: reached }) };
  }
  if (new Money(payment.amount).lessThan(channel.minDeposit)) {
    await updateDeposit(tx, deposit.id, {
      status: 'rejected',
      reason: `Below the minimum deposit of ${channel.minDeposit} ${channel.asset}: contact support to have it returned.`,
      details,
      decidedAt: new Date(),
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
  await lockAccount(tx, deposit.accountId);
  const entry = await postEntry(tx, { accountId: deposit.accountId, kind: 'deposit', amount: amount.toFixed(2), reference: `deposit:${deposit.id}`, memo: `${channel.asset} payment ${payment.txId}` });
  await updateDeposit(tx, deposit.id, { status: 'confirmed', amountReceived: amount.toFixed(2), ledgerEntryId: entry.id, details: { ...details, rate: rate.toFixed() }, decidedAt: new Date() });
  await recordAudit(tx, {
    actorId: null,
    action: 'deposit.confirmed',
    subjectType: 'user',
    subjectId: wallet.userId,
    details: { deposit_id: deposit.id, method: 'crypto', tx_id: payment.txId, crypto_amount: payment.amount, rate: rate.toFixed(), amount_received: amount.toFixed(2) },
    ip: null,
  });
  const shown = formatMoney({ amount: amount.toFixed(2), currency: deposit.currency });
  const notice = await addNotification(tx, {
    userId: wallet.userId,
    title: 'Deposit received',
    message: `Your ${new Money(payment.amount).toFixed()} ${channel.asset} payment is confirmed and ${shown} has been credited.`,
    color: 'success',
  });
  const credited = await updateChainPayment(tx, payment.id, { confirmations: reached, status: 'credited', creditedAt: new Date() });
  return { payment: credited, userId: wallet.userId, credited: true, notice };
}
