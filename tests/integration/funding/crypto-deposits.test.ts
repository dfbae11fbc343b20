import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundingOverviewResponse } from '../../../shared/api/customer-funding.schema';
import { channelBySlug } from '../../../shared/funding/crypto-channels';
import { Money } from '../../../shared/money';
import { auditLog, deposits, ledgerEntries, notifications } from '../../../server/trading/db/schema';
import { checkCryptoAddress } from '../../../server/trading/funding/crypto/validate';
import { makeUser } from '../../support/factories';
import { auditLedger, balanceOf } from '../../support/money';
import { cryptoKeys } from '../../../server/trading/funding/crypto/keys';
import { fundedTrader, startTrading, testConfig, tokenFor, type TradingStack } from '../../support/trading';
import { bearer } from '../../support/bearer';

/** Crypto deposits (docs/funding.md#crypto-deposits): derived addresses, and chain payments credited at their confirmations, once. */

let stack: TradingStack;
let staffToken: string;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('BTCUSD')]: '60000.00', [idOf('ETHUSD')]: '3000.00' });
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

async function overviewOf(token: string, on: Pick<TradingStack, 'app'> = stack) {
  const res = await request(on.app).get('/api/v1/funding').set(bearer(token));
  expect(res.status).toBe(200);
  return fundingOverviewResponse.parse(res.body).data;
}

const announce = (body: object) => request(stack.app).post('/api/v1/admin/sandbox-chain/payments').set(bearer(staffToken)).send(body);
const confirm = (id: number, confirmations: number) => request(stack.app).post(`/api/v1/admin/sandbox-chain/payments/${id}/confirmations`).set(bearer(staffToken)).send({ confirmations });

/** A transaction id of the customer's own, 64 hex digits. */
const txOf = (userId: number) => `${'ab'.repeat(28)}${userId.toString(16).padStart(8, '0')}`;

async function traderWithWallet(slug: string) {
  const trader = await fundedTrader(stack, '0.01');
  const channel = (await overviewOf(trader.token)).crypto.channels.find((c) => c.slug === slug)!;
  return { trader, channel };
}

describe('deposit addresses', () => {
  it('each customer has a valid address per coin and network, the same on every read, and another from anyone else', async () => {
    const a = await fundedTrader(stack, '1.00');
    const b = await fundedTrader(stack, '1.00');
    const first = await overviewOf(a.token);
    const again = await overviewOf(a.token);
    const other = await overviewOf(b.token);
    expect(first.crypto.channels.map((c) => c.slug)).toEqual(['btc', 'eth', 'usdt-trc20', 'usdt-erc20']);
    expect(again.crypto.channels).toEqual(first.crypto.channels);
    for (const channel of first.crypto.channels) {
      const checked = checkCryptoAddress(channelBySlug(channel.slug)!, channel.address, { btcNetwork: 'testnet' });
      expect(checked, channel.slug).toEqual({ ok: true, address: channel.address });
      expect(other.crypto.channels.find((c) => c.slug === channel.slug)!.address).not.toBe(channel.address);
    }
    expect(first.crypto.channels[0]!.address).toMatch(/^tb1q/);
    expect(first.crypto.channels[1]!.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(first.crypto.channels[2]!.address).toMatch(/^T/);
    // A token on Ethereum is paid to the customer's Ethereum address.
    expect(first.crypto.channels[3]!.address).toBe(first.crypto.channels[1]!.address);
  });

  it("the wallet page shows the customer's own wallet only, with its payment URI and QR", async () => {
    const { trader, channel } = await traderWithWallet('btc');
    const res = await request(stack.app).get(`/api/v1/funding/wallets/${channel.wallet_id}`).set(bearer(trader.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ address: channel.address, payment_uri: `bitcoin:${channel.address}`, demo: true, payments: [] });
    expect(res.body.data.qr_svg).toMatch(/^<svg/);
    const stranger = await fundedTrader(stack, '1.00');
    expect((await request(stack.app).get(`/api/v1/funding/wallets/${channel.wallet_id}`).set(bearer(stranger.token))).status).toBe(404);
  });
});

describe('chain payments', () => {
  it('below its confirmations a payment is shown, not credited; at them it is credited once at the feed price', async () => {
    const { trader, channel } = await traderWithWallet('btc');
    const seen = await announce({ channel: 'btc', address: channel.address, amount: '0.01', confirmations: 0, tx_id: txOf(trader.user.id) });
    expect(seen.status).toBe(201);
    const paymentId = seen.body.data.id as number;
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('0.01');
    const pending = (await request(stack.app).get('/api/v1/funding/history?kind=deposit').set(bearer(trader.token))).body.data;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ method: 'crypto', status: 'pending', description: expect.stringContaining('0/2 confirmations') });

    expect((await confirm(paymentId, 1)).body.data).toMatchObject({ confirmations: 1, status: 'seen' });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('0.01');

    // Two reports of the second confirmation racing: one credit.
    const [x, y] = await Promise.all([confirm(paymentId, 2), confirm(paymentId, 2)]);
    expect([x.body.message, y.body.message].sort()).toEqual(['Confirmations updated.', 'Confirmed and credited.']);
    const bid = stack.market.quotes.get(idOf('BTCUSD'))!.bid;
    const credited = new Money('0.01').times(bid).toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe(new Money(credited).plus('0.01').toFixed(2));
    const [row] = await stack.database.db.select().from(deposits).where(eq(deposits.userId, trader.user.id));
    expect(row).toMatchObject({ method: 'crypto', status: 'confirmed', amountReceived: credited, details: expect.objectContaining({ rate: new Money(bid).toFixed(), crypto_amount: '0.01' }) });

    // Reported again by the watcher, with more confirmations: nothing more.
    await announce({ channel: 'btc', address: channel.address, amount: '0.01', confirmations: 6, tx_id: txOf(trader.user.id) });
    await confirm(paymentId, 9);
    expect(
      await stack.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `deposit:${row!.id}`)),
    ).toHaveLength(1);
    // Confirmations never go down.
    expect((await confirm(paymentId, 1)).body.data.confirmations).toBe(9);
  });

  it('a dollar stablecoin is credited at 1 USD; a payment below the minimum is recorded, not credited', async () => {
    const { trader, channel } = await traderWithWallet('usdt-trc20');
    await announce({ channel: 'usdt-trc20', address: channel.address, amount: '125.5', confirmations: 20 });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('125.51');
    const small = await announce({ channel: 'usdt-trc20', address: channel.address, amount: '1', confirmations: 20 });
    expect(small.body.data.status).toBe('below_minimum');
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('125.51');
  });

  it('two first reports of one transaction racing record it once', async () => {
    const { trader, channel } = await traderWithWallet('eth');
    const body = { channel: 'eth', address: channel.address.toLowerCase(), amount: '0.5', confirmations: 0, tx_id: `0x${txOf(trader.user.id)}` };
    const answers = await Promise.all([announce(body), announce(body), announce(body)]);
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => res.body.data.id)).size).toBe(1);
    const seen = (await request(stack.app).get(`/api/v1/funding/wallets/${channel.wallet_id}`).set(bearer(trader.token))).body.data.payments;
    expect(seen).toHaveLength(1);
  });

  it('a payment to an address no customer has, or on the wrong network, is refused', async () => {
    const { channel } = await traderWithWallet('btc');
    for (const body of [
      { channel: 'eth', address: channel.address, amount: '1', confirmations: 1 },
      { channel: 'btc', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', amount: '1', confirmations: 1 },
    ]) {
      const res = await announce(body);
      expect(res.status).toBe(422);
      expect(res.body.errors.address).toEqual(['No customer wallet has this address on this network.']);
    }
    const customer = await fundedTrader(stack, '1.00');
    expect((await request(stack.app).post('/api/v1/admin/sandbox-chain/payments').set(bearer(customer.token)).send({})).status).toBe(403);
  });
});

describe('transaction ids (docs/funding.md#money-from-outside)', () => {
  const hex = (seed: number) => seed.toString(16).padStart(8, '0').repeat(8);

  it('when a payment is reported again with its id in another case or with 0x, then it is one payment, credited once', async () => {
    const { trader, channel } = await traderWithWallet('btc');
    const txId = `106b66${hex(trader.user.id).slice(6)}`;
    const first = await announce({ channel: 'btc', address: channel.address, amount: '0.01', confirmations: 2, tx_id: txId });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ tx_id: txId, status: 'credited' });
    for (const spelling of [txId.toUpperCase(), `0x${txId}`, `0X${txId.toUpperCase()}`]) {
      const again = await announce({ channel: 'btc', address: channel.address, amount: '0.01', confirmations: 3, tx_id: spelling });
      expect(again.status, spelling).toBe(201);
      expect(again.body.data.id, spelling).toBe(first.body.data.id);
    }
    const rows = await stack.database.db.select().from(deposits).where(eq(deposits.userId, trader.user.id));
    expect(rows).toHaveLength(1);
    expect(
      await stack.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `deposit:${rows[0]!.id}`)),
    ).toHaveLength(1);
  });

  it('when an Ethereum id comes without 0x or in capitals, then it is kept as 0x and lower-case hex', async () => {
    const { trader, channel } = await traderWithWallet('usdt-erc20');
    const txId = `0x${hex(trader.user.id + 7)}`;
    const seen = await announce({ channel: 'usdt-erc20', address: channel.address, amount: '50', confirmations: 0, tx_id: txId.slice(2).toUpperCase() });
    expect(seen.body.data.tx_id).toBe(txId);
    const again = await announce({ channel: 'usdt-erc20', address: channel.address, amount: '50', confirmations: 12, tx_id: txId });
    expect(again.body.data).toMatchObject({ id: seen.body.data.id, status: 'credited' });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('50.01');
    // One the sandbox chain makes up is born in the chain's spelling.
    const madeUp = await announce({ channel: 'usdt-erc20', address: channel.address, amount: '50', confirmations: 0 });
    expect(madeUp.body.data.tx_id).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('when a transaction id is not its chain’s shape, then 422 at tx_id and nothing is recorded', async () => {
    const { trader, channel } = await traderWithWallet('usdt-trc20');
    for (const txId of [`tx${trader.user.id}aaaaaaaa`, 'ab'.repeat(31), 'ab'.repeat(33), `0x${'g'.repeat(64)}`, `0x0x${'a'.repeat(64)}`]) {
      const res = await announce({ channel: 'usdt-trc20', address: channel.address, amount: '50', confirmations: 0, tx_id: txId });
      expect(res.status, txId).toBe(422);
      expect(res.body.errors.tx_id, txId).toEqual([expect.stringMatching(/64/)]);
    }
    expect(await stack.database.db.select().from(deposits).where(eq(deposits.userId, trader.user.id))).toHaveLength(0);
  });
});

describe('held for staff (docs/funding.md#money-from-outside)', () => {
  it('when a payment is worth more than one payment credits by itself, then it is held at its confirmations, audited and the customer told, with nothing credited', async () => {
    const { trader, channel } = await traderWithWallet('btc');
    const seen = await announce({ channel: 'btc', address: channel.address, amount: '2', confirmations: 2, tx_id: txOf(trader.user.id) });
    expect(seen.body.data).toMatchObject({ status: 'held', confirmations: 2 });
    const [row] = await stack.database.db.select().from(deposits).where(eq(deposits.userId, trader.user.id));
    const bid = stack.market.quotes.get(idOf('BTCUSD'))!.bid;
    const worth = new Money(2).times(bid).toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2);
    expect(row).toMatchObject({
      status: 'held',
      amountReceived: null,
      reason: expect.stringContaining('more than the 100,000.00 USD one payment credits by itself'),
      details: expect.objectContaining({ reported_amount: worth, reported_currency: 'USD', confirmations: 2 }),
    });
    // More blocks change nothing but the count.
    expect((await confirm(seen.body.data.id, 9)).body.data).toMatchObject({ status: 'held', confirmations: 9 });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('0.01');
    const wallet = (await request(stack.app).get(`/api/v1/funding/wallets/${channel.wallet_id}`).set(bearer(trader.token))).body.data;
    expect(wallet.payments[0]).toMatchObject({ status: 'held', credited: null });
    const audit = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.held'));
    expect(audit.map((entry) => entry.details)).toContainEqual(expect.objectContaining({ deposit_id: row!.id, reported_amount: worth }));
    const notices = await stack.database.db.select().from(notifications).where(eq(notifications.userId, trader.user.id));
    expect(notices.map((notice) => notice.message)).toContainEqual(expect.stringContaining('being reviewed'));
  });

  it('when the same transaction is reported again with another amount, then it is held before any credit', async () => {
    const { trader, channel } = await traderWithWallet('usdt-trc20');
    const first = await announce({ channel: 'usdt-trc20', address: channel.address, amount: '50', confirmations: 1, tx_id: txOf(trader.user.id) });
    expect(first.body.data.status).toBe('seen');
    const other = await announce({ channel: 'usdt-trc20', address: channel.address, amount: '5000', confirmations: 20, tx_id: txOf(trader.user.id).toUpperCase() });
    expect(other.body.data).toMatchObject({ id: first.body.data.id, status: 'held', amount: '50' });
    const [row] = await stack.database.db.select().from(deposits).where(eq(deposits.userId, trader.user.id));
    expect(row).toMatchObject({ status: 'held', details: expect.objectContaining({ reported_amount: '5000', reported_currency: 'USDT' }) });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('0.01');
  });

  it('when staff confirm one held payment and reject another, then each chain payment says what its deposit says, on the wallet and the sandbox chain', async () => {
    const { trader, channel } = await traderWithWallet('btc');
    const decide = async (txId: string, decision: 'confirm' | 'reject') => {
      const seen = await announce({ channel: 'btc', address: channel.address, amount: '2', confirmations: 2, tx_id: txId });
      expect(seen.body.data.status).toBe('held');
      const depositId = (await stack.database.db.select().from(deposits).where(eq(deposits.userId, trader.user.id))).find((d) => d.details?.tx_id === txId)!.id;
      const body = decision === 'confirm' ? { amount_received: '120000.00' } : { reason: 'Sent from a sanctioned address.' };
      const res = await request(stack.app).post(`/api/v1/admin/queues/deposits/${depositId}/${decision}`).set(bearer(staffToken)).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return seen.body.data.id as number;
    };
    const credited = await decide(txOf(trader.user.id), 'confirm');
    const refused = await decide(`${'cd'.repeat(28)}${trader.user.id.toString(16).padStart(8, '0')}`, 'reject');
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('120000.01');
    const wallet = (await request(stack.app).get(`/api/v1/funding/wallets/${channel.wallet_id}`).set(bearer(trader.token))).body.data;
    const statusOf = (payments: { id: number; status: string; credited?: unknown }[], id: number) => payments.find((p) => p.id === id);
    expect(statusOf(wallet.payments, credited)).toMatchObject({ status: 'credited', credited: 120000 });
    expect(statusOf(wallet.payments, refused)).toMatchObject({ status: 'rejected', credited: null });
    const chain = (await request(stack.app).get('/api/v1/admin/sandbox-chain').set(bearer(staffToken))).body.data;
    expect([statusOf(chain, credited)?.status, statusOf(chain, refused)?.status]).toEqual(['credited', 'rejected']);
  });
});

describe("a broker's own keys", () => {
  it('staff cannot report payments by hand where the addresses come from a configured key', async () => {
    const own = await startTrading({ cryptoKeys: cryptoKeys(testConfig()) });
    try {
      const trader = await fundedTrader(own, '1.00');
      const address = (await overviewOf(trader.token, own)).crypto.channels[0]!.address;
      const staff = await tokenFor(own.app, await makeUser(own.database.db, { role: 'staff' }));
      const res = await request(own.app).post('/api/v1/admin/sandbox-chain/payments').set(bearer(staff)).send({ channel: 'btc', address, amount: '1', confirmations: 6 });
      expect(res.status).toBe(422);
      expect(res.body.errors.channel[0]).toMatch(/broker’s own key/);
      expect(await balanceOf(own.database.db, trader.account.id)).toBe('1.00');
    } finally {
      await own.trading.close();
      await own.database.close();
    }
  });
});
